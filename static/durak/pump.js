/* The event pump: events from REST polling or the socket are queued and shown one by one,
 * paced so a person can follow each computer move; once the queue is empty the screen
 * adopts the server's view (which also brings the legal actions). */
import { api } from "./api.js";
import { t } from "./i18n.js";
import { load } from "./prefs.js";
import { redraw } from "./screen.js";
import { sound, soundOf } from "./sound.js";
import { buildSteps } from "./steps.js";
import * as store from "./store.js";

// Pacing: the person's speed setting (normal, fast, instant: store.pace); a number in
// "durak.speed" in localStorage scales it instead (the browser tests use 0.1).
const SPEED_RAW = load("speed", null);
const FIXED = SPEED_RAW !== null && isFinite(Number(SPEED_RAW)) && Number(SPEED_RAW) >= 0 ? Number(SPEED_RAW) : null;
const PACES = { normal: 1, fast: 0.4, instant: 0 };
export const speed = () => (FIXED !== null ? FIXED : PACES[S.pace] !== undefined ? PACES[S.pace] : 1);
export const POLL_MS = 700;

const S = store.state;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A waiting table's deal arrived: the game module starts the screen from the new view.
let onDealt = () => {};
export function whenDealt(fn) {
  onDealt = fn;
}

// A view adopted whole (the position the person acts on): the moves module may pass.
let onAdopted = () => {};
export function whenAdopted(fn) {
  onAdopted = fn;
}

export function enqueue(events) {
  if (S.model && S.model.status === "waiting" && (events || []).some((e) => e.type === "cards_dealt")) {
    onDealt();
    return;
  }
  store.enqueue(events);
}

/* How long an event stays on screen before the next. A computer's move is shown within a
 * second of the person's at normal speed: what follows by the rules alone (the sweep, the
 * draws) is brief, and when several moves are queued each gets less (a skip-ahead). */
function stepDelay(e, queued) {
  const mine = e.seat !== undefined && e.seat === store.me();
  let ms;
  switch (e.type) {
    case "attack_played":
    case "card_beaten":
    case "attack_transferred":
    case "take_declared":
      ms = mine && !e.standIn ? 120 : 650;
      break;
    case "passed":
      // Every thrower passes in turn, with a card or without (docs/rules.md#throwing-in):
      // a pass is shown briefly, or a table of six would crawl after every beat.
      ms = mine && !e.standIn ? 120 : 300;
      break;
    case "bout_ended":
      ms = 150;
      break;
    case "cards_drawn":
      ms = mine ? 120 : 80;
      break;
    case "player_out":
    case "seat_given_up":
      ms = 500;
      break;
    default:
      ms = 0;
  }
  const ahead = queued.filter((q) => ACTED.includes(q.type)).length;
  if (ahead >= 2) ms *= 0.5;
  if (ahead >= 4) ms *= 0.5;
  return ms * speed();
}
const ACTED = ["attack_played", "card_beaten", "attack_transferred", "take_declared", "passed"];

export async function pump() {
  if (S.busy || !S.model) return;
  store.startShowing();
  try {
    while (S.queue.length) {
      const e = store.takeNextEvent();
      if (e.seq <= S.model.seq) continue;
      if (e.type === "bout_ended" && S.model.table.length) {
        // Let the table sweep away before it empties.
        store.showSweep(e);
        redraw();
        await sleep(250 * speed());
      }
      store.showEvent(e);
      sound(soundOf(e, store.me()), S.sound);
      redraw();
      const ms = stepDelay(e, S.queue);
      if (ms > 0) await sleep(ms);
    }
  } finally {
    store.stopShowing();
  }
  await sync();
}

function adopt(view) {
  store.adoptView(view);
  redraw();
  if (view.status === "finished") revealHands(view.id);
  onAdopted();
}

/* The cards left in hands at the end: the replay opens once the game is finished (every
 * card), and its last position holds them; before the end nothing shows them. */
let revealed = null;
async function revealHands(id) {
  if (revealed === id) return;
  revealed = id;
  try {
    const built = buildSteps(await api("GET", "/games/" + id + "/replay/"));
    store.revealHands(id, built.steps[built.steps.length - 1].pos.hands);
    redraw();
  } catch (e) {
    revealed = null; // asked again at the next adoption
  }
}

/* Catch the display up with the server's view once every event is shown. */
export async function sync() {
  if (!S.model || S.busy || S.queue.length) return;
  if (S.view && S.view.seq === S.model.seq) {
    adopt(S.view);
    return;
  }
  if (!S.view || S.view.seq < S.model.seq) {
    const gid = S.gameId;
    try {
      const v = await api("GET", "/games/" + gid + "/");
      if (gid !== S.gameId) return;
      store.offerView(v);
    } catch (e) {
      return;
    }
    if (S.view.seq === S.model.seq && !S.busy && !S.queue.length) adopt(S.view);
    else if (S.view.seq > S.model.seq) fetchEvents();
  }
  redraw();
}

export async function fetchEvents() {
  if (S.fetching || !S.gameId) return;
  store.setFetching(true);
  const gid = S.gameId;
  try {
    const data = await api("GET", "/games/" + gid + "/events/?after=" + S.lastSeq);
    if (gid !== S.gameId) return;
    enqueue(data.events);
    if (S.message && S.message.network) store.setMessage(null);
  } catch (e) {
    if (e.network) { store.setMessage({ text: t("err.network"), network: true }); redraw(); }
    return;
  } finally {
    store.setFetching(false);
  }
  pump();
}

function needsPolling() {
  const v = S.view;
  if (!v || !S.gameId || S.sending) return false;
  if (S.model && S.model.seq < v.seq) return true;
  if (v.status === "finished") return false;
  const mine = v.you ? v.you.seat : -1;
  return (v.to_act || []).some((s) => s !== mine) || v.status === "waiting";
}

export function pollTick() {
  if (document.hidden && !S.busy) return;
  if (!needsPolling()) return;
  // With a live socket, ask only when it has been quiet for a while (it may drop messages).
  if (S.wsOpen && Date.now() - S.lastHeard < 3000) return;
  fetchEvents();
}
