/* The replay viewer's steps: a finished game's events (every card shown) folded into one
 * position per step, every hand face up. Step 0 is just after the deal (the game's
 * opening events: game_started, cards_dealt, the first bout_started); step N is the
 * position after the N-th event since.
 *
 * Pure: no DOM, no clock, no network (node tests it). It reuses fold.js: one display
 * model per seat, each as that seat saw the game, all fed the same events; the table,
 * the deck and the discard are the same in all of them.
 */
import { applyEvent, clone } from "./fold.js";

const HAND_SIZE = 6;

function opening(events) {
  const started = events.find((e) => e.type === "game_started");
  const dealt = events.find((e) => e.type === "cards_dealt");
  if (!started || !dealt) throw new Error("a replay starts with game_started and cards_dealt");
  const n = dealt.hands.length;
  const deck = started.deck || [];
  const dealtCount = dealt.hands.reduce((a, h) => a + h.length, 0);
  const base = {
    seq: dealt.seq, status: "active", rules: started.rules, trump: dealt.trump,
    trump_suit: dealt.trump.slice(-1),
    deck_count: (deck.length || started.deck_size || started.rules.deck) - dealtCount, discard_count: 0,
    table: [], attacker: null, defender: null, taking: false, result: null, to_act: [],
    seats: dealt.hands.map((h, i) => ({ seat: i, hand_count: h.length, out: false, known: [] })),
  };
  const models = dealt.hands.map((h, i) => Object.assign(clone(base), { you: { seat: i, hand: h.slice() } }));
  return { started, dealt, n, deck, models };
}

/* One position: what every seat holds, the table, what is left of the deck, the discard. */
function position(models, deck, discard) {
  const m = models[0];
  return {
    seq: m.seq,
    hands: models.map((x) => x.you.hand.slice()),
    seats: clone(m.seats),
    table: clone(m.table),
    attacker: m.attacker,
    defender: m.defender,
    taking: m.taking,
    trump: m.trump,
    trump_suit: m.trump_suit,
    deck_count: m.deck_count,
    deck_left: deck.length ? deck.slice(deck.length - m.deck_count) : [],
    discard: discard.slice(),
    result: m.result,
  };
}

/* The replay's steps: [{index, event, bout, pos}], step 0 the deal, and the bouts as
 * [{number, start, end}] step ranges. */
export function buildSteps(replay) {
  const events = replay.events.slice().sort((a, b) => a.seq - b.seq);
  const { deck, models } = opening(events);
  const discard = [];
  const firstBout = events.findIndex((e) => e.type === "bout_started");
  let i = firstBout >= 0 ? firstBout : events.findIndex((e) => e.type === "cards_dealt");
  const feed = (e) => {
    if (e.type === "bout_ended" && e.outcome !== "taken") discard.push(...(e.cards || []));
    models.forEach((m) => applyEvent(m, e));
  };
  if (firstBout >= 0) feed(events[firstBout]);
  let bout = 1;
  const steps = [{ index: 0, event: null, bout, pos: position(models, deck, discard) }];
  const bouts = [{ number: 1, start: 0, end: 0 }];
  for (i += 1; i < events.length; i++) {
    const e = events[i];
    if (e.type === "bout_started") {
      bout += 1;
      bouts.push({ number: bout, start: steps.length, end: steps.length });
    }
    feed(e);
    bouts[bouts.length - 1].end = steps.length;
    steps.push({ index: steps.length, event: e, bout, pos: position(models, deck, discard) });
  }
  return { steps, bouts, seats: replay.seats || [], hand_size: HAND_SIZE };
}

/* The step to jump to: the start of this bout (or of the one before, when already
 * there), or its end (or the next one's). */
export function boutStart(built, at) {
  const b = built.bouts.find((x) => x.start <= at && at <= x.end) || built.bouts[0];
  if (at > b.start) return b.start;
  const k = built.bouts.indexOf(b);
  return k > 0 ? built.bouts[k - 1].start : 0;
}

export function boutEnd(built, at) {
  const b = built.bouts.find((x) => x.start <= at && at <= x.end) || built.bouts[built.bouts.length - 1];
  if (at < b.end) return b.end;
  const k = built.bouts.indexOf(b);
  return k < built.bouts.length - 1 ? built.bouts[k + 1].end : built.steps.length - 1;
}

/* A step number from a link's ?step=N: a whole number within the game, else 0. */
export function stepFromQuery(value, count) {
  if (value === null || value === undefined || !/^\d+$/.test(String(value))) return 0;
  return Math.min(Number(value), count - 1);
}
