/* The replay viewer at /games/{id}/replay/: a finished game stepped through with every
 * hand face up, or as one seat saw it; play and pause at a chosen speed, bout jumps, keys
 * ← →, a clickable move list, ?step=N (and &seat=S) in the address so a moment can be
 * shared, the game's JSON to download, and the fair deal checked in the browser.
 *   steps.js    the positions, one per step (pure)
 *   fairness.js the deal recomputed with Web Crypto (pure)
 */
import { api, ensureGuest, explainNetworkFailure } from "./api.js";
import { SUITS } from "./cards.js";
import { backHTML, cardHTML as drawCard } from "./cardview.js";
import { $, $$, closestTo, esc, targetOf } from "./dom.js";
import { playerLink } from "./playerlink.js";
import { checkDeal } from "./fairness.js";
import { boutEnd, boutStart, buildSteps, stepFromQuery } from "./steps.js";
import { chooseLang } from "./store.js";
import { applyStatic, errorText, t } from "./i18n.js";
import { cardsText, cardText, countCards } from "./text.js";

explainNetworkFailure(() => t("err.network"));

const V = { replay: null, built: null, at: 0, seat: null, playing: false, timer: null, speed: 1, fair: null };
const gameId = Number(document.body.dataset.game);

/* A face-up card at the step shown (its trumps marked): cardview.js's one drawing. */
function cardHTML(card, cls) {
  const pos = V.built && V.built.steps[V.at].pos;
  return drawCard(card, { cls, trumpSuit: pos && pos.trump_suit });
}

function nameOf(seat) {
  const info = (V.replay.seats || [])[seat];
  if (info && info.kind === "human" && info.name) return info.name;
  if (info && info.ai) return t("cpu") + " (" + t("level." + info.ai).toLowerCase() + ")";
  return t("cpu") + " " + seat;
}

// A person's player id (their page's link); null for a computer.
function seatPlayer(seat) {
  const info = (V.replay.seats || [])[seat];
  return info && info.kind === "human" && info.player !== undefined ? info.player : null;
}

/* ---------- the address ---------- */

function readAddress() {
  const q = new URLSearchParams(location.search);
  V.at = stepFromQuery(q.get("step"), V.built.steps.length);
  const seat = q.get("seat");
  V.seat = seat !== null && /^\d+$/.test(seat) && Number(seat) < V.built.steps[0].pos.hands.length ? Number(seat) : null;
}

function writeAddress() {
  const q = new URLSearchParams(location.search);
  q.set("step", String(V.at));
  if (V.seat === null) q.delete("seat");
  else q.set("seat", String(V.seat));
  history.replaceState(null, "", location.pathname + "?" + q.toString());
}

/* ---------- moves in words ---------- */

function stepText(step) {
  const e = step.event;
  if (!e) return t("replay.deal");
  const before = V.built.steps[step.index - 1].pos;
  const name = nameOf(e.seat);
  switch (e.type) {
    case "bout_started": return t("replay.bout", { n: step.bout }) + ": " + t("log.bout", { attacker: nameOf(e.attacker), defender: nameOf(e.defender) });
    case "attack_played": return t(before.table.length ? "log.throw" : "log.lead", { name, cards: cardsText(e.cards) });
    case "card_beaten": {
      const pair = before.table[e.target];
      return t("log.beat", { name, card: cardText(e.card), target: pair ? cardText(pair.attack) : "" });
    }
    case "attack_transferred": return t(e.shown ? "log.shown" : "log.transfer", { name, cards: cardsText(e.cards), defender: nameOf(e.defender) });
    case "take_declared": return t("log.take", { name });
    case "passed": {
      // «Бито» only when every card on the table is beaten; else «Больше не подкидываю».
      const beaten = before.table.length && before.table.every((p) => p.defense);
      return t(before.taking ? "log.passTake" : beaten ? "log.passBeat" : "log.passNoMore", { name });
    }
    case "bout_ended":
      return e.outcome === "taken" ? t("log.taken", { name: nameOf(e.defender), n: countCards((e.cards || []).length, true) })
        : t("log.beaten", { n: countCards((e.cards || []).length, true) });
    case "cards_drawn": return t("log.drawn", { name, n: countCards((e.cards || []).length, true) }) +
      (V.seat === null || V.seat === e.seat ? ": " + cardsText(e.cards || []) : "");
    case "hands_passed": return t("log.handsPassed");
    case "player_out": return t("log.out", { name });
    case "seat_given_up": return t("log.givenUp", { name });
    case "game_finished": return t("log.finished");
    default: return e.type;
  }
}

/* ---------- drawing ---------- */

function roleOf(pos, seat) {
  if (pos.result && (pos.result.losers || []).includes(seat)) return "durak";
  if (pos.seats[seat].out) return "out";
  if (seat === pos.defender) return pos.taking ? "taking" : "defender";
  if (seat === pos.attacker) return "attacker";
  return null;
}

function renderSeats(pos) {
  const event = V.built.steps[V.at].event;
  return pos.hands.map((hand, seat) => {
    const open = V.seat === null || V.seat === seat;
    const role = roleOf(pos, seat);
    const cards = open ? hand.map((c) => cardHTML(c)).join("") : hand.map(() => backHTML()).join("");
    const acted = event && event.seat === seat ? " acted" : "";
    return '<li class="rp-seat' + (V.seat === seat ? " mine" : "") + acted + (pos.seats[seat].out ? " out" : "") + '" data-seat="' + seat + '">' +
      '<div class="opp-head"><span class="name">' + playerLink(seatPlayer(seat), nameOf(seat)) + "</span>" +
      (role ? '<span class="role role-' + role + '">' + esc(t("role." + role)) + "</span>" : "") +
      '<span class="count">' + esc(countCards(hand.length)) + "</span></div>" +
      '<div class="rp-hand' + (open ? "" : " closed") + '" data-open="' + (open ? "1" : "0") + '">' + cards + "</div></li>";
  }).join("");
}

function renderTable(pos) {
  if (!pos.table.length) return '<p class="table-empty">' + esc(t("tableEmpty")) + "</p>";
  return pos.table.map((pair, i) => '<div class="pair' + (pair.defense ? " beaten" : "") + '" data-index="' + i + '">' +
    cardHTML(pair.attack) + (pair.defense ? cardHTML(pair.defense, "defense") : "") + "</div>").join("");
}

function renderDeck(pos) {
  const trump = pos.deck_count > 0 && pos.trump ? cardHTML(pos.trump, "trump-card") : "";
  const rest = V.seat === null ? pos.deck_left.slice(0, -1).map((c) => cardHTML(c, "mini")).join("")
    : pos.deck_left.slice(0, -1).map(() => backHTML("mini")).join("");
  return '<h3>' + esc(t("replay.deckLeft", { n: pos.deck_count })) + "</h3>" +
    '<div class="rp-deck-trump">' + (trump || '<span class="muted">' + esc(t("deckEmpty")) + "</span>") +
    '<span class="trump-suit' + ("DH".includes(pos.trump_suit) ? " red" : "") + '">' + esc(t("trump")) + ": " + (SUITS[pos.trump_suit] || "—") + "</span></div>" +
    '<div class="rp-cards">' + rest + "</div>";
}

function renderDiscard(pos) {
  return '<h3>' + esc(t("replay.discard", { n: pos.discard.length })) + "</h3>" +
    '<div class="rp-cards">' + pos.discard.map((c) => cardHTML(c, "mini")).join("") + "</div>";
}

function renderMoves() {
  const list = $("#rp-moves");
  if (!list.childElementCount) {
    list.innerHTML = V.built.steps.map((step) => '<li><button type="button" class="rp-move' +
      (step.event && step.event.type === "bout_started" ? " bout" : "") + '" data-step="' + step.index + '">' +
      '<span class="n">' + step.index + "</span> " + esc(stepText(step)) + "</button></li>").join("");
  }
  $$("[data-step]", list).forEach((b) => {
    const here = Number(b.dataset.step) === V.at;
    b.classList.toggle("current", here);
    if (here) b.setAttribute("aria-current", "step");
    else b.removeAttribute("aria-current");
  });
  // Keep the current move in sight inside the list, without scrolling the page.
  const current = $(".current", list);
  if (current) {
    const top = current.offsetTop; // the list is positioned: offsets are within it
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 30) list.scrollTop = Math.max(0, top - 60);
  }
}

function renderFair() {
  const box = $("#rp-fair");
  const f = V.fair;
  box.dataset.verdict = f ? f.verdict : "checking";
  box.textContent = !f ? t("fair.checking") : f.verdict === "proved" ? t("fair.proved")
    : f.verdict === "legacy" ? t("fair.legacy") : t("fair.failed", { reason: t("fairReason." + f.reason) });
}

function renderResult() {
  const r = V.replay.events.find((e) => e.type === "game_finished");
  if (!r) return "";
  return r.draw ? t("replay.draw") : r.durak !== null && r.durak !== undefined ? t("replay.durak", { name: nameOf(r.durak) }) : t("status.finished");
}

function render() {
  applyStatic();
  document.title = t("replay.title", { id: gameId }) + " — " + t("title");
  $("#rp-title").textContent = t("replay.title", { id: gameId });
  renderFair();
  if (!V.built) return;
  const step = V.built.steps[V.at];
  const pos = step.pos;
  const view = $("#replay");
  view.dataset.step = String(V.at);
  view.dataset.steps = String(V.built.steps.length);
  view.dataset.seat = V.seat === null ? "all" : String(V.seat);
  view.dataset.playing = V.playing ? "1" : "0";
  $("#rp-result").textContent = renderResult();
  $("#rp-step").textContent = t("replay.step", { n: V.at, total: V.built.steps.length - 1 });
  $("#rp-now").textContent = stepText(step);
  $("#rp-seats").innerHTML = renderSeats(pos);
  $("#rp-table").innerHTML = renderTable(pos);
  $("#rp-deck").innerHTML = renderDeck(pos);
  $("#rp-discard").innerHTML = renderDiscard(pos);
  const play = $('[data-go="play"]');
  play.textContent = V.playing ? "❚❚" : "▶";
  play.title = t(V.playing ? "replay.pause" : "replay.play");
  play.setAttribute("aria-label", play.title);
  const seatSelect = /** @type {HTMLSelectElement} */ ($("#rp-seat"));
  if (seatSelect.options.length !== pos.hands.length + 1) {
    seatSelect.innerHTML = '<option value="all">' + esc(t("replay.all")) + "</option>" +
      pos.hands.map((h, i) => '<option value="' + i + '">' + esc(t("replay.seat", { name: nameOf(i), seat: i })) + "</option>").join("");
  }
  seatSelect.value = V.seat === null ? "all" : String(V.seat);
  renderMoves();
}

/* ---------- moving ---------- */

function go(step) {
  const last = V.built.steps.length - 1;
  V.at = Math.max(0, Math.min(last, step));
  if (V.at === last) stop();
  writeAddress();
  render();
}

function stop() {
  V.playing = false;
  clearTimeout(V.timer);
}

function tick() {
  if (!V.playing) return;
  if (V.at >= V.built.steps.length - 1) {
    stop();
    render();
    return;
  }
  go(V.at + 1);
  V.timer = setTimeout(tick, 900 / V.speed);
}

function togglePlay() {
  if (V.playing) stop();
  else {
    if (V.at >= V.built.steps.length - 1) go(0);
    V.playing = true;
    V.timer = setTimeout(tick, 900 / V.speed);
  }
  render();
}

const ACTIONS = {
  start: () => go(0),
  boutStart: () => go(boutStart(V.built, V.at)),
  back: () => go(V.at - 1),
  play: togglePlay,
  forward: () => go(V.at + 1),
  boutEnd: () => go(boutEnd(V.built, V.at)),
  end: () => go(V.built.steps.length - 1),
};

function download() {
  const blob = new Blob([JSON.stringify(V.replay, null, 2)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "durak-game-" + gameId + ".json";
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}

function bind() {
  document.addEventListener("click", (ev) => {
    const target = closestTo(ev, "[data-go], [data-step], [data-set-lang], #rp-download");
    if (!target || !V.built) {
      if (target && target.dataset.setLang) { chooseLang(target.dataset.setLang); render(); }
      return;
    }
    if (target.dataset.setLang) {
      chooseLang(target.dataset.setLang);
      $("#rp-moves").innerHTML = "";
      $("#rp-seat").innerHTML = "";
      render();
    } else if (target.id === "rp-download") download();
    else if (target.dataset.step !== undefined) { stop(); go(Number(target.dataset.step)); }
    else if (ACTIONS[target.dataset.go]) { if (target.dataset.go !== "play") stop(); ACTIONS[target.dataset.go](); }
  });
  document.addEventListener("keydown", (ev) => {
    if (!V.built || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const { tagName } = targetOf(ev);
    if (tagName === "SELECT" || tagName === "INPUT") return;
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
    if (keys[ev.key]) {
      ev.preventDefault();
      stop();
      ACTIONS[keys[ev.key]]();
    }
  });
  $("#rp-speed").addEventListener("change", (ev) => { V.speed = Number(/** @type {HTMLInputElement} */ (ev.target).value) || 1; });
  $("#rp-seat").addEventListener("change", (ev) => {
    const { value } = /** @type {HTMLInputElement} */ (ev.target);
    V.seat = value === "all" ? null : Number(value);
    $("#rp-moves").innerHTML = ""; // drawn cards are named only to the seat that drew them
    writeAddress();
    render();
  });
}

async function start() {
  bind();
  render();
  try {
    await ensureGuest();
    V.replay = await api("GET", "/games/" + gameId + "/replay/");
  } catch (e) {
    $("#rp-now").textContent = errorText(e);
    return;
  }
  V.built = buildSteps(V.replay);
  readAddress();
  render();
  $("#replay").dataset.ready = "1";
  try {
    V.fair = await checkDeal(V.replay);
  } catch (e) {
    V.fair = { verdict: "failed", reason: "error" }; // a browser without Web Crypto, say
  }
  render();
}

// For the browser tests and the curious: the viewer's state, read-only by convention.
window.durakReplay = V;

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
