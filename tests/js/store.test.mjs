// The page's state (static/durak/store.js) changes only through its named functions.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as store from "../../static/durak/store.js";

const view = {
  id: 5, seq: 9, status: "active", trump: "6S", trump_suit: "S", deck_count: 20, discard_count: 0,
  table: [{ attack: "7H", defense: null }],
  seats: [{ seat: 0, hand_count: 3, out: false, known: [] }, { seat: 1, hand_count: 5, out: false, known: [] }],
  you: { seat: 0, hand: ["7S", "AH", "8C"] }, attacker: 1, defender: 0, taking: false, to_act: [0],
  legal_actions: [{ type: "take" }], result: null,
};

test("state refuses writes from outside", () => {
  assert.throws(() => { store.state.busy = true; }, TypeError);
  assert.throws(() => { store.state.token = "mine"; }, TypeError);
  assert.equal(store.state.token, null); // no guest yet: api.js keeps it
  assert.throws(() => { delete store.state.view; }, TypeError);
});

test("openGame shows a view whole; events after it queue once each; showEvent folds one", () => {
  store.openGame(view);
  assert.equal(store.state.gameId, 5);
  assert.equal(store.me(), 0);
  assert.deepEqual(store.state.model.you.hand, ["8C", "AH", "7S"]); // by suit, trumps last
  store.enqueue([{ seq: 9, type: "passed", seat: 1 }, { seq: 10, type: "take_declared", seat: 0 }]);
  store.enqueue([{ seq: 10, type: "take_declared", seat: 0 }]);
  assert.equal(store.state.queue.length, 1);
  assert.equal(store.state.lastSeq, 10);
  store.showEvent(store.takeNextEvent());
  assert.equal(store.state.model.taking, true);
  assert.equal(store.state.model.seq, 10);
  assert.equal(store.state.log.at(-1).e.type, "take_declared");
  assert.deepEqual(store.state.said[0], [store.state.log.at(-1)]);
  // The person sent nothing: the computer took for them (their clock ran out).
  assert.equal(store.state.log.at(-1).standIn, true);
  assert.equal(store.state.away, true);
});

test("a view replaces an older one only; adopting a new seq drops a half-made choice", () => {
  store.offerView({ ...view, seq: 8 });
  assert.equal(store.state.view.seq, 9);
  store.setMode({ kind: "transfer" });
  store.adoptView({ ...view, seq: 11 });
  assert.equal(store.state.mode, null);
  assert.equal(store.state.model.seq, 11);
  assert.equal(store.state.lastSeq, 11);
});

test("a table without hints says so in its view: the hint button goes away at once", () => {
  store.openGame({ ...view, id: 6, options: { timer: null, spectator_delay: 0, hints: false, rated: true } });
  assert.equal(store.state.hintsOff, 6);
  store.openGame({ ...view, id: 7, options: { timer: null, spectator_delay: 0, hints: true, rated: false } });
  assert.notEqual(store.state.hintsOff, 7);
});

test("the person's own moves are theirs; a pass says what it meant on the table", () => {
  store.openGame({ ...view, seq: 20, table: [{ attack: "7H", defense: "9H" }], taking: false });
  store.setSending(true);
  store.enqueue([{ seq: 21, type: "passed", seat: 0 }]);
  store.setSending(false);
  store.ownMovesUpTo(21);
  store.showEvent(store.takeNextEvent());
  const entry = store.state.log.at(-1);
  assert.equal(entry.standIn, undefined);
  assert.equal(entry.pass, "beat"); // every card beaten: «Бито»
  assert.equal(store.state.away, false);
  store.openGame({ ...view, seq: 30, table: [{ attack: "7H", defense: null }], taking: false });
  store.enqueue([{ seq: 31, type: "passed", seat: 1 }]);
  store.showEvent(store.takeNextEvent());
  assert.equal(store.state.log.at(-1).pass, "noMore"); // «Больше не подкидываю»
  // A computer's several moves in one bout all stay in its bubble.
  store.enqueue([{ seq: 32, type: "attack_played", seat: 1, cards: ["7C"] }, { seq: 33, type: "attack_played", seat: 1, cards: ["7D"] }]);
  store.showEvent(store.takeNextEvent());
  store.showEvent(store.takeNextEvent());
  assert.equal(store.state.said[1].length, 3);
});
