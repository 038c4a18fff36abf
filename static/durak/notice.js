/* The account stream on every page of the site (ws/players/me/, a one-use ?ticket=): each
 * event of the signed-in player once, in order, resumed from the last id this browser saw
 * (kept in localStorage), and handed to the page as a "durak:stream" DOM event.
 *
 * «Ваш стол готов» is one of them (table_ready): the player is taken to the table,
 * /?game=<id>: at once, or with a button when they sit at a running game of their own.
 * Without the socket the page asks GET /api/v1/tournaments/table-ready/ every 10 s.
 *
 * A table the page has already announced is not jumped to again (the person may have
 * left it on purpose, to look at the bracket): it is offered with the button instead.
 * One offered because the person was busy at their own game is gone to when that ends. */
import { api, currentToken, ensureGuest, socketCredential } from "./api.js";
import { closestTo } from "./dom.js";
import { storedLang, translate } from "./i18n.js";
import { load, save } from "./prefs.js";

export const POLL_MS = 10000;
const SHOWN_KEY = "tablesShown";
const LAST_KEY = "streamLast";

/* What to do about a ready table: "none" (it is on screen already), "offer" (a button),
 * or "go" (take the person there now). Pure. */
export function decide(table, { current = [], busy = false, shown = [] } = {}) {
  if (!table || !table.game) return "none";
  if (current.includes(table.game)) return "none";
  if (busy || shown.includes(table.game)) return "offer";
  return "go";
}

export function noticeText(table, lang) {
  if (!table.name) return translate(lang, "notice.readyShort");
  return translate(lang, "notice.ready", { round: table.round || "?", name: table.name });
}

const N = { newest: 0, ws: null, open: false, fails: 0, box: null, table: null, going: false, waiting: null, opts: null, started: false };

function shownList() {
  const list = load(SHOWN_KEY, []);
  return Array.isArray(list) ? list : [];
}

function markShown(game) {
  const list = shownList().filter((g) => g !== game);
  list.push(game);
  save(SHOWN_KEY, list.slice(-30));
}

function banner() {
  if (N.box) return N.box;
  const box = document.createElement("div");
  box.className = "table-notice";
  box.id = "table-notice";
  box.setAttribute("role", "alert");
  box.hidden = true;
  box.innerHTML = '<span class="tn-text"></span><a class="btn primary tn-go" href="/"></a>' +
    '<button type="button" class="tn-close">×</button>';
  box.querySelector(".tn-close").addEventListener("click", () => { box.hidden = true; });
  box.querySelector(".tn-go").addEventListener("click", () => { if (N.table) markShown(N.table.game); });
  document.body.prepend(box);
  N.box = box;
  return box;
}

function show(table, going) {
  const lang = storedLang();
  const box = banner();
  N.table = table;
  N.going = going;
  box.dataset.game = table.game;
  box.querySelector(".tn-text").textContent = noticeText(table, lang) + (going ? " · " + translate(lang, "notice.going") : "");
  const go = box.querySelector(".tn-go");
  go.href = "/?game=" + table.game;
  go.textContent = translate(lang, "notice.go");
  go.hidden = going;
  const close = box.querySelector(".tn-close");
  close.setAttribute("aria-label", translate(lang, "notice.close"));
  close.title = translate(lang, "notice.close");
  box.hidden = false;
}

function handle(table) {
  const opts = N.opts;
  const action = decide(table, { current: opts.current().filter((g) => g !== null && g !== undefined), busy: opts.busy(), shown: shownList() });
  if (action === "none") {
    if (N.box && Number(N.box.dataset.game) === table.game) N.box.hidden = true;
    return;
  }
  show(table, action === "go");
  // Offered only because the person is busy at their own game: taken there once it ends.
  N.waiting = action === "offer" && !shownList().includes(table.game) ? table : null;
  if (action === "go") {
    markShown(table.game);
    location.assign("/?game=" + table.game);
  }
}

/* The table an event names, with its tournament's name (the event carries ids only). */
async function announce(event) {
  const table = { game: event.game, tournament: event.tournament, round: null, name: null };
  try {
    const info = await api("GET", "/tournaments/tables/" + event.game + "/");
    table.name = info.name;
    table.round = info.round;
  } catch (e) { /* the short wording will do */ }
  handle(table);
}

/* The last event id this browser has seen, per player (one browser, one account at a time). */
function lastSeen() {
  const kept = load(LAST_KEY, null);
  return kept && kept.token === currentToken() && Number.isInteger(kept.id) ? kept.id : null;
}

function seen(id) {
  save(LAST_KEY, { token: currentToken(), id });
}

function received(event) {
  const last = lastSeen();
  if (last !== null && event.id <= last) return; // sent again after a resume: once is enough
  seen(event.id);
  document.dispatchEvent(new CustomEvent("durak:stream", { detail: event }));
  // An event older than a minute (a backlog after a long absence) moves no one.
  const fresh = !event.at || Date.now() - Date.parse(event.at) < 60000;
  if (event.type === "table_ready" && Number.isInteger(event.game) && fresh) announce(event);
}

async function check() {
  try {
    const data = await api("GET", "/tournaments/table-ready/");
    if (data && data.table) handle(data.table);
  } catch (e) { /* the next tick asks again */ }
}

async function connect() {
  if (!window.WebSocket || !currentToken()) return;
  const credential = await socketCredential();
  if (!credential || N.ws) return;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
    "/ws/players/me/?" + credential;
  let ws;
  try { ws = new WebSocket(url); } catch (e) { return; }
  N.ws = ws;
  ws.onmessage = (m) => {
    let d;
    try { d = JSON.parse(m.data); } catch (e) { return; }
    if (d.type === "hello") {
      N.open = true;
      N.fails = 0;
      N.newest = d.last;
      const last = lastSeen();
      // First time here: from now on; else every event since this browser's last one.
      if (last === null || last > d.last) seen(d.last);
      else ws.send(JSON.stringify({ type: "resume", after: last }));
      check();
    } else if (d.type === "notice" && d.event && Number.isInteger(d.event.id)) {
      received(d.event);
    } else if (d.type === "error" && d.error && d.error.code === "resync") {
      seen(N.newest); // too far behind: what matters is asked afresh (check), then onwards
      check();
    }
  };
  ws.onclose = () => {
    if (N.ws !== ws) return;
    N.ws = null;
    N.open = false;
    N.fails += 1;
    setTimeout(connect, Math.min(30000, 1000 * 2 ** Math.min(N.fails, 5)));
  };
}

/* Start listening. `current()`: the game ids on screen; `busy()`: whether the person sits
 * at a running game of their own (then the notice offers a button instead of moving them). */
/**
 * @param {{current?: () => Array<number | null | undefined>, busy?: () => boolean}} [opts]
 */
export async function startTableNotices({ current = () => [], busy = () => false } = {}) {
  if (N.started) return;
  N.started = true;
  N.opts = { current, busy };
  setInterval(() => { if (!N.open && !document.hidden) check(); }, POLL_MS);
  setInterval(() => { if (N.waiting && !N.box.hidden && !busy()) handle(N.waiting); }, 1000);
  // The page's language switch: the notice says it again in the new language.
  document.addEventListener("click", (ev) => {
    if (!closestTo(ev, ".lang-switch button")) return;
    setTimeout(() => { if (N.box && !N.box.hidden && N.table) show(N.table, N.going); }, 0);
  });
  try {
    await ensureGuest();
  } catch (e) {
    return; // offline: the poll asks once the guest exists
  }
  await connect();
  if (!N.ws) check();
}
