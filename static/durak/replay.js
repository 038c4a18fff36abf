/* The event pump: events from REST polling or the socket are queued and shown one by one,
 * paced so a person can follow each computer move; once the queue is empty the screen
 * adopts the server's view (which also brings the legal actions). */
import { api } from "./api.js";
import { load } from "./prefs.js";
import { redraw } from "./screen.js";
import * as store from "./store.js";
import { t } from "./text.js";

// Pacing; "durak.speed" in localStorage scales it (the browser tests use 0.1).
const SPEED_RAW = Number(load("speed", 1));
export const SPEED = isFinite(SPEED_RAW) && SPEED_RAW >= 0 ? SPEED_RAW : 1;
const STEP_MS = 600 * SPEED;
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

function stepDelay(e) {
  const mine = e.seat !== undefined && e.seat === store.me();
  switch (e.type) {
    case "attack_played":
    case "card_beaten":
    case "attack_transferred":
    case "take_declared":
      return (mine ? 150 : 600) * SPEED;
    case "passed":
      // Every thrower passes in turn, with a card or without (docs/rules.md#throwing-in):
      // a pass is shown briefly, or a table of six would crawl after every beat.
      return (mine ? 150 : 300) * SPEED;
    case "bout_ended":
      return STEP_MS;
    case "cards_drawn":
      return (mine ? 200 : 250) * SPEED;
    case "player_out":
      return STEP_MS;
    default:
      return 0;
  }
}

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
        await sleep(350 * SPEED);
      }
      store.showEvent(e);
      redraw();
      await sleep(stepDelay(e));
    }
  } finally {
    store.stopShowing();
  }
  await sync();
}

function adopt(view) {
  store.adoptView(view);
  redraw();
  onAdopted();
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
