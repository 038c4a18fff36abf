/* «Дурак онлайн»: the page of one tournament, /tournaments/{id}/, as it happens. It reads
 * GET /api/v1/tournaments/{id}/ (everything on the page comes from that one answer: no
 * request per table) and draws it once per answer; ws/tournaments/{id}/ says when to read
 * again ("tournament.changed"), and without the socket the page asks every few seconds.
 *   bracket.js   the layout (pure): rounds as columns, tables, byes, standings, payouts
 *   tourview.js  the sections as HTML (pure); arenaview.js the arena's leaderboard, the stages
 *   i18n.js      the language; notice.js the site-wide «Ваш стол готов»
 */
import { api, ensureGuest, explainNetworkFailure } from "./api.js";
import { layout, tablesMatching } from "./bracket.js";
import { $, closestTo } from "./dom.js";
import { startTableNotices } from "./notice.js";
import { arenaHTML, stagesHTML } from "./arenaview.js";
import { disqualifyPress, entrantsHTML, poolHTML, roundsHTML, standingsHTML, summaryHTML } from "./tourview.js";
import { applyStatic, bindLangSwitch, count, currentLang, numberText, errorText, t, timeText } from "./i18n.js";

const POLL_MS = 3000; // without the socket
// With it, still now and then: the channel layer may lose a notice.
const SAFETY_MS = 30000;
// After a read that failed, the next one comes this soon, socket or not: the notice it
// answered is spent, and the page would show the old round until the safety read.
const RETRY_MS = 3000;
const ID = Number(document.body.dataset.tournament);

const P = {
  me: null, guest: true, detail: null, layout: null, ws: null, live: false, wsFails: 0,
  fetching: false, again: false, lastFetch: 0, failed: false, offline: false, drawn: {}, query: "", confirmCancel: false, confirmDisqualify: null, scrolled: false,
};

const words = () => ({ t, count, timeText, num: numberText, lang: currentLang() });

function say(text) {
  const box = $("#tour-message");
  box.textContent = text || "";
  box.hidden = !text;
}

/* A section's HTML is set only when it changed: focus, selection and scroll stay put. */
function put(id, html) {
  if (P.drawn[id] === html) return;
  P.drawn[id] = html;
  const el = $("#" + id);
  el.innerHTML = html;
  if (el.classList.contains("card-box")) el.hidden = !html;
}

function draw() {
  const d = P.detail;
  if (!d) return;
  applyStatic();
  document.title = d.name + " — " + t("title");
  $("#t-name").textContent = d.name;
  const w = words();
  const L = P.layout;
  put("t-summary", summaryHTML(d, L, w, { me: P.me, live: P.live, confirmCancel: P.confirmCancel }));
  put("t-pool", poolHTML(d, L, w));
  const standings = standingsHTML(d, L, w, { me: P.me, confirmDisqualify: P.confirmDisqualify });
  put("t-standings", standings);
  $(".tp-grid").classList.toggle("single", !standings);
  put("t-stages", stagesHTML(d, w));
  put("t-arena", arenaHTML(d, w));
  put("t-entrants", entrantsHTML(d, L, w));
  put("t-rounds-body", roundsHTML(L, w, { query: P.query, hits: tablesMatching(L.columns, P.query) }));
  $("#t-rounds").hidden = d.status === "registration" || d.status === "cancelled" && !L.columns.length;
  if (!P.scrolled && L.columns.length > 1) {
    // Open on the round in play: the last column.
    P.scrolled = true;
    const bracket = $("#t-rounds-body .bracket");
    if (bracket) bracket.scrollLeft = bracket.scrollWidth;
  }
  document.body.dataset.status = d.status;
}

/* One read at a time; a notice during a read asks for one more after it. */
async function refresh() {
  if (P.fetching) { P.again = true; return; }
  P.fetching = true;
  P.lastFetch = Date.now();
  try {
    const d = await api("GET", "/tournaments/" + ID + "/");
    const before = P.detail;
    P.detail = d;
    P.layout = layout(d, P.me);
    draw();
    if (before && before.status !== d.status) showWallet();
    P.failed = false;
    if (P.offline) { say(""); P.offline = false; }
  } catch (e) {
    P.failed = true;
    if (e.network) { say(t("err.network")); P.offline = true; } else say(errorText(e));
  } finally {
    P.fetching = false;
    if (P.again) { P.again = false; refresh(); }
  }
}

async function showWallet() {
  try {
    const wallet = await api("GET", "/wallet/");
    $("#balance").textContent = numberText(wallet.balance);
    // The welcome coins are for accounts (the server refuses a guest): a guest is told so.
    $("#btn-welcome").hidden = P.guest || wallet.entries.some((e) => e.kind === "welcome");
    $("#welcome-guest").hidden = !P.guest;
  } catch (e) { /* the balance stays as it was */ }
}

function connect() {
  if (!window.WebSocket) return;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/tournaments/" + ID + "/";
  let ws;
  try { ws = new WebSocket(url); } catch (e) { return; }
  P.ws = ws;
  ws.onmessage = (m) => {
    let data;
    try { data = JSON.parse(m.data); } catch (e) { return; }
    if (data.type === "hello") {
      P.live = true;
      P.wsFails = 0;
      refresh(); // anything missed while the socket was down
    } else if (data.type === "tournament.changed") {
      refresh();
    }
  };
  ws.onclose = () => {
    if (P.ws !== ws) return;
    P.ws = null;
    P.live = false;
    P.wsFails += 1;
    draw();
    setTimeout(connect, Math.min(30000, 1000 * 2 ** Math.min(P.wsFails, 5)));
  };
}

function tick() {
  const d = P.detail;
  if (document.hidden || (d && (d.status === "finished" || d.status === "cancelled"))) return;
  const wait = P.failed ? RETRY_MS : P.live ? SAFETY_MS : POLL_MS;
  if (Date.now() - P.lastFetch >= wait) refresh();
}

async function act(what) {
  say("");
  if (what === "cancel" && !P.confirmCancel) {
    P.confirmCancel = true;
    draw();
    setTimeout(() => { P.confirmCancel = false; draw(); }, 4000);
    return;
  }
  P.confirmCancel = false;
  try {
    if (what === "welcome") {
      await api("POST", "/wallet/welcome/", {});
    } else {
      const before = P.detail;
      const d = await api("POST", "/tournaments/" + ID + "/" + what + "/", {});
      P.detail = d;
      P.layout = layout(d, P.me);
      draw();
      const last = P.layout.columns[P.layout.columns.length - 1];
      if (what === "advance" && before && d.status === "running" && d.rounds.length === before.rounds.length && last && !last.over) {
        say(t("tp.advanceWait", { n: last.done, total: last.total }));
      }
    }
  } catch (e) {
    say(errorText(e));
    if (e.code === "insufficient_funds") $("#btn-welcome").focus();
  }
  showWallet();
}

/* The organiser disqualifies a player: the first press asks «sure?», the second posts. */
async function disqualify(player) {
  say("");
  const press = disqualifyPress(ID, P.confirmDisqualify, player);
  P.confirmDisqualify = press.confirm;
  if (!press.request) {
    draw();
    setTimeout(() => { if (P.confirmDisqualify === player) { P.confirmDisqualify = null; draw(); } }, 4000);
    return;
  }
  try {
    const d = await api(press.request.method, press.request.path, press.request.body);
    P.detail = d;
    P.layout = layout(d, P.me);
    draw();
  } catch (e) {
    say(errorText(e));
  }
}

function bind() {
  document.addEventListener("click", (ev) => {
    const button = closestTo(ev, "button[data-do]");
    if (button) act(button.dataset.do);
    const out = closestTo(ev, "button[data-disqualify]");
    if (out) disqualify(Number(out.dataset.disqualify));
  });
  $("#btn-welcome").addEventListener("click", () => act("welcome"));
  $("#t-find").addEventListener("input", (ev) => {
    P.query = /** @type {HTMLInputElement} */ (ev.target).value;
    if (P.layout) draw();
  });
  bindLangSwitch(() => { P.drawn = {}; applyStatic(); draw(); });
}

async function start() {
  explainNetworkFailure(() => t("err.network"));
  applyStatic();
  bind();
  try {
    await ensureGuest();
    const me = await api("GET", "/players/me/");
    P.me = me.id;
    P.guest = Boolean(me.guest);
  } catch (e) { /* a visitor may still watch */ }
  await refresh();
  showWallet();
  connect();
  setInterval(tick, 1000);
  startTableNotices();
}

// For the browser tests: the page's latest answer and layout, read-only, and one more read.
window.durakTournament = { get detail() { return P.detail; }, get layout() { return P.layout; }, get live() { return P.live; }, refresh };

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
