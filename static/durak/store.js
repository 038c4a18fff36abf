/* The game page's state, declared in one place and changed only by the named functions
 * below; every other module reads it through `state`, which refuses writes.
 *
 * The server's view is the truth. `model` is what is on screen: the view as of the last
 * event shown, so a person can follow each computer move; the page takes input only when
 * the model has caught up with the latest view (same seq).
 */
import { currentToken } from "./api.js";
import { applyEvent, modelFromView } from "./fold.js";
import { chooseLang as chooseSiteLang } from "./i18n.js";
import { load, save } from "./prefs.js";

const S = {
  get token() { return currentToken(); }, // the guest's, kept by api.js for every page
  gameId: load("game", null),
  settings: Object.assign({ opponents: 1, level: "novice", transfer: false }, load("settings", {})),
  pendingSettings: false,
  view: null, // the latest view from the server
  model: null, // what is on screen: the view as of the last event shown
  adoptedSeq: null, // the seq of the view last adopted whole
  lastSeq: 0, // the highest event seq received
  queue: [], // events received, not yet shown
  busy: false, // showing events one by one
  sending: false,
  fetching: false,
  creating: false,
  adopting: false,
  mode: null, // {kind: "target", card, targets} | {kind: "transfer"} | {kind: "select", cards}
  hint: null,
  hintsOff: undefined, // the game whose table offers no hints (never a null gameId)
  message: null, // {text, network?}
  log: [],
  anim: null, // what the event being shown changed: {cards: [...], seat, sweep}
  actor: null,
  ws: null,
  wsOpen: false,
  wsFails: 0,
  lastHeard: 0,
  said: {}, // each computer's words this bout (its last few), shown in a bubble
  pace: ["normal", "fast", "instant"].includes(load("pace", "normal")) ? load("pace", "normal") : "normal",
  sound: load("sound", false) === true, // off unless the person turns it on
  ownUpTo: 0, // events of this seat up to this seq are the person's own moves (their last answer)
  away: false, // the move clock ran out: the computer is playing this seat until the person is back
  notice: null, // {text, until}: a passing notice (the deck ran out)
  settingsOpen: false, // the folded settings shown during a game (phone)
  endHands: null, // once the game is finished: every seat's cards left, from its replay
  tourTable: null, // the tournament this game is a table of: {game, tournament, name, round, final, timer}
  clockSeq: null, // the position the move clock counts from, and since when (ms)
  clockSince: 0,
  viewAt: 0, // when the server's latest view arrived (ms): its time banks count down from then
};

export const state = new Proxy(S, {
  set(target, key) {
    throw new TypeError("state." + String(key) + " changes only through store.js");
  },
  deleteProperty(target, key) {
    throw new TypeError("state." + String(key) + " changes only through store.js");
  },
});

/* ---------- reading ---------- */

/* The seat this page plays, or null for a spectator. */
export function me() {
  return S.model && S.model.you ? S.model.you.seat : null;
}

/* ---------- language and settings ---------- */

export function chooseLang(lang) {
  chooseSiteLang(lang);
}

export function chooseSettings(settings) {
  S.settings = settings;
  save("settings", settings);
}

/* The animation speed ("normal", "fast", "instant") and the sound, remembered per browser. */
export function choosePace(pace) {
  S.pace = ["normal", "fast", "instant"].includes(pace) ? pace : "normal";
  save("pace", S.pace);
}

export function chooseSound(on) {
  S.sound = !!on;
  save("sound", S.sound);
}

export function toggleSettings(open) {
  S.settingsOpen = open === undefined ? !S.settingsOpen : !!open;
}

export function setPendingSettings(on) {
  S.pendingSettings = on;
}

/* ---------- the game on screen ---------- */

/* Show `view`'s game from its current position; the page remembers it as its own. */
export function openGame(view) {
  if (S.tourTable && S.tourTable.game !== view.id) S.tourTable = null;
  S.gameId = view.id;
  save("game", view.id);
  S.view = view;
  S.viewAt = Date.now();
  S.mode = null;
  S.hint = null;
  S.queue = [];
  S.log = load("log." + view.id, []);
  S.said = {};
  S.away = false;
  S.notice = null;
  S.endHands = null;
  S.ownUpTo = view.seq;
  S.lastSeq = view.seq;
  S.adoptedSeq = view.seq;
  S.model = modelFromView(view);
  S.wsFails = 0;
  // The view says whether the table offers hints (off by default at tables of people).
  if (view.options && view.options.hints === false) S.hintsOff = view.id;
}

/* Watching a game does not replace the player's own one in what the browser remembers. */
export function rememberOwnGame(id) {
  save("game", id);
}

export function forgetGame() {
  save("game", null);
  S.gameId = null;
}

/* Start the screen from an earlier position (the deal) and show the events since. */
export function rewindTo(model) {
  S.model = model;
  S.lastSeq = model.seq;
}

export function clearLog() {
  S.log = [];
  save("log." + S.gameId, []);
}

/* ---------- the server's view ---------- */

/* A view from any source (an answer, a poll, the socket) replaces an older one only. */
export function offerView(view) {
  if (!S.view || view.seq >= S.view.seq) {
    S.view = view;
    S.viewAt = Date.now();
  }
}

/* The screen becomes the view: every event up to it has been shown. */
export function adoptView(view) {
  if (S.adoptedSeq !== view.seq) {
    // A choice half made (a target, a transfer card, a hint) belongs to the old position.
    S.mode = null;
    S.hint = null;
    S.adoptedSeq = view.seq;
  }
  const keepLog = S.model;
  S.model = modelFromView(view);
  if (view.seq > S.lastSeq) S.lastSeq = view.seq;
  if (!keepLog) S.log = [];
}

/* ---------- events ---------- */

// The events that are a seat's own action (the others follow by the rules).
const ACTIONS = ["attack_played", "card_beaten", "attack_transferred", "take_declared", "passed"];

export function enqueue(events) {
  for (const e of events || []) {
    if (typeof e.seq !== "number" || e.seq <= S.lastSeq) continue;
    // An action of this page's seat that the person did not send: the computer played it
    // for them (the move clock ran out, games/timers.py).
    if (ACTIONS.includes(e.type) && e.seat !== undefined && e.seat === me() && !S.sending && e.seq > S.ownUpTo) {
      e.standIn = true;
    }
    S.queue.push(e);
    S.lastSeq = e.seq;
  }
  S.lastHeard = Date.now();
}

export function takeNextEvent() {
  return S.queue.shift();
}

export function startShowing() {
  S.busy = true;
}

export function stopShowing() {
  S.busy = false;
  S.anim = null;
  S.actor = null;
}

/* The table sweeps away (to the discard pile, or to the one who takes) before it empties. */
export function showSweep(e) {
  S.anim = { sweep: e.outcome === "taken" ? "taken" : "beaten", seat: e.defender };
}

const LOGGED = ["attack_played", "card_beaten", "attack_transferred", "take_declared", "passed", "bout_ended",
  "cards_drawn", "hands_passed", "player_out", "seat_given_up", "game_finished"];
const LOG_KEPT = 200;

// What a pass meant on the table it was made at: «Пусть берёт», «Бито» or «Больше не подкидываю».
function passOn(table, taking) {
  if (taking) return "take";
  return table.length && table.every((p) => p.defense) ? "beat" : "noMore";
}

function addLog(e, tableBefore, before) {
  const entry = { e: Object.assign({}, e), throwIn: e.type === "attack_played" && tableBefore > 0, taking: before.taking };
  if (e.type === "card_beaten") entry.target = before.table[e.target] ? before.table[e.target].attack : null;
  if (e.type === "passed") entry.pass = passOn(before.table, before.taking);
  if (e.standIn) entry.standIn = true;
  // The last card of the deck is the face-up trump: who drew it is worth a line of its own.
  if (e.type === "cards_drawn" && before.deck > 0 && S.model.deck_count === 0 && S.model.trump) entry.deckOut = S.model.trump;
  S.log.push(entry);
  if (S.log.length > LOG_KEPT) S.log.splice(0, S.log.length - LOG_KEPT);
  if (S.gameId) save("log." + S.gameId, S.log.slice(-40));
  return entry;
}

/* A spectator who opens a game in play sees its moves so far in the log: the events up
 * to the screen's seq, told as they would have been shown one by one. */
export function logHistory(events) {
  const log = [];
  let table = [];
  let pairs = []; // the table as pairs, for what a pass meant
  let taking = false;
  for (const e of events || []) {
    if (!S.model || e.seq > S.model.seq) break;
    if (e.type === "bout_started" || e.type === "bout_ended") { table = []; pairs = []; taking = false; }
    const before = table.length;
    if (e.type === "attack_played" || (e.type === "attack_transferred" && !e.shown)) table = table.concat(e.cards);
    if (e.type === "card_beaten" && pairs[e.target]) pairs[e.target].defense = e.card;
    if (e.type === "attack_played" || (e.type === "attack_transferred" && !e.shown)) e.cards.forEach((c) => pairs.push({ attack: c, defense: null }));
    const passed = e.type === "passed" ? passOn(pairs, taking) : null;
    if (e.type === "take_declared") taking = true;
    if (!LOGGED.includes(e.type)) continue;
    const entry = { e: Object.assign({}, e), throwIn: e.type === "attack_played" && before > 0, taking };
    if (e.type === "card_beaten") entry.target = table[e.target] || null;
    if (passed) entry.pass = passed;
    log.push(entry);
    if (e.type === "bout_ended") { table = []; pairs = []; taking = false; }
  }
  S.log = log.slice(-LOG_KEPT);
}

/* One event onto the screen: the model moves on, and the log and bubbles say what happened. */
export function showEvent(e) {
  const before = S.model.table.length;
  const was = { table: S.model.table.map((p) => Object.assign({}, p)), taking: S.model.taking, deck: S.model.deck_count };
  applyEvent(S.model, e);
  S.actor = e.seat !== undefined ? e.seat : null;
  const mine = me();
  S.anim = {
    seat: e.seat,
    cards: e.type === "card_beaten" ? [e.card] : (e.type === "attack_played" || e.type === "attack_transferred") ? e.cards : [],
    type: e.type,
    // Cards arriving in your hand: drawn, or picked up from the table.
    hand: e.type === "cards_drawn" && e.seat === mine ? e.cards || []
      : e.type === "bout_ended" && e.outcome === "taken" && e.defender === mine ? e.cards || [] : [],
  };
  const entry = LOGGED.includes(e.type) ? addLog(e, before, was) : null;
  if (e.standIn) S.away = true;
  if (entry && entry.deckOut) S.notice = { entry, until: Date.now() + 5000 };
  if (e.type === "bout_started") S.said = {};
  else if (entry && e.seat !== undefined && e.type !== "cards_drawn") {
    // Every word of a computer's several moves in a row stays in its bubble (the last three).
    S.said[e.seat] = (S.said[e.seat] || []).concat([entry]).slice(-3);
  }
}

/* ---------- the move clock ran out ---------- */

/* The person is back at their seat (they pressed «Вернуться за стол», or acted). */
export function backAtTable() {
  S.away = false;
}

/* What the server said on opening a timed table: the computer stands in for this seat. */
export function awayOnOpen(gameId, away) {
  if (S.gameId === gameId && away) S.away = true;
}

/* The finished game's replay told every hand's last cards (the view never shows them). */
export function revealHands(gameId, hands) {
  if (S.gameId === gameId) S.endHands = hands;
}

export function clearNotice() {
  S.notice = null;
}

/* ---------- requests in flight ---------- */

export function setSending(on) {
  S.sending = on;
}

/* The server answered the person's own move at `seq`: their seat's events up to it are theirs. */
export function ownMovesUpTo(seq) {
  if (seq > S.ownUpTo) S.ownUpTo = seq;
  S.away = false;
}

export function setFetching(on) {
  S.fetching = on;
}

export function setCreating(on) {
  S.creating = on;
}

export function setAdopting(on) {
  S.adopting = on;
}

/* ---------- the person's choices and what the page tells them ---------- */

export function setMode(mode) {
  S.mode = mode;
}

export function setHint(hint) {
  S.hint = hint;
}

export function clearChoice() {
  S.mode = null;
  S.hint = null;
}

/* This table offers no hints: the button goes away for it. */
export function switchHintsOff() {
  S.hintsOff = S.gameId;
}

export function setMessage(message) {
  S.message = message;
}

/* ---------- the live socket ---------- */

export function socketStarted(ws) {
  S.ws = ws;
}

export function socketOpened() {
  S.wsOpen = true;
  S.wsFails = 0;
}

export function socketClosed() {
  S.ws = null;
  S.wsOpen = false;
  S.wsFails += 1;
}

export function heard() {
  S.lastHeard = Date.now();
}

/* ---------- a tournament table ---------- */

/* What GET /tournaments/tables/{game}/ said about a game (null: an ordinary game). */
export function setTourTable(info) {
  S.tourTable = info;
}

/* The move clock restarts whenever the position moves on (a new seq). */
export function clockTick(seq, now) {
  if (seq !== S.clockSeq) {
    S.clockSeq = seq;
    S.clockSince = now;
  }
}
