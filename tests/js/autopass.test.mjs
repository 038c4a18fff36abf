/* autopass.js: when the page passes for the person, and after what pause. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { autoPassDelay, COMPUTERS_PAUSE_MS, onlyPass, PEOPLE_PAUSE_MS } from "../../static/durak/autopass.js";

const PASS = { type: "pass" };

function view(legal, kinds = ["human", "ai"], status = "active") {
  return {
    status,
    you: { seat: 0, hand: ["6S"] },
    seats: kinds.map((kind, seat) => ({ seat, kind })),
    legal_actions: legal,
  };
}

test("only a lone pass is the page's to send", () => {
  assert.equal(onlyPass(view([PASS])), true);
  assert.equal(onlyPass(view([{ type: "attack", cards: ["6S"] }, PASS])), false);
  assert.equal(onlyPass(view([])), false);
  assert.equal(onlyPass(view([{ type: "take" }])), false);
});

test("against computers alone the pause is the page's step, scaled by its speed", () => {
  assert.equal(autoPassDelay(view([PASS], ["human", "ai", "ai"]), 1, () => 0.5), COMPUTERS_PAUSE_MS);
  assert.equal(autoPassDelay(view([PASS], ["human", "ai"]), 0.1, () => 0.9), COMPUTERS_PAUSE_MS * 0.1);
});

test("with people at the table the pause is drawn from a quick pass by hand, never from the hand", () => {
  const [low, high] = PEOPLE_PAUSE_MS;
  assert.equal(autoPassDelay(view([PASS], ["human", "human"]), 1, () => 0), low);
  assert.equal(autoPassDelay(view([PASS], ["ai", "human", "human"]), 1, () => 0.5), (low + high) / 2);
  assert.ok(autoPassDelay(view([PASS], ["human", "human"]), 1, () => 0.999999) < high);
  // Inside the shortest move clock (5 s) with room to spare.
  assert.ok(high <= 3000);
  // Whatever the cards in hand: the pause is a function of the table and the draw alone.
  const other = view([PASS], ["human", "human"]);
  other.you.hand = ["AH", "KH", "QH"];
  assert.equal(autoPassDelay(other, 1, () => 0.25), autoPassDelay(view([PASS], ["human", "human"]), 1, () => 0.25));
});

test("nothing is sent where the person has a choice, nothing to do, or no seat", () => {
  assert.equal(autoPassDelay(view([{ type: "attack", cards: ["6S"] }, PASS]), 1, Math.random), null);
  assert.equal(autoPassDelay(view([]), 1, Math.random), null);
  assert.equal(autoPassDelay(view([PASS], ["human", "ai"], "finished"), 1, Math.random), null);
  const spectator = view([PASS]);
  spectator.you = null;
  assert.equal(autoPassDelay(spectator, 1, Math.random), null);
  assert.equal(autoPassDelay(null, 1, Math.random), null);
});

test("the page never passes for a seat the computer stands in for", () => {
  assert.equal(autoPassDelay(view([PASS], ["human", "human"]), 1, () => 0.5, true), null);
  assert.equal(autoPassDelay(view([PASS], ["human", "ai"]), 1, () => 0.5, true), null);
  // Back at the table: the pass as before.
  assert.equal(autoPassDelay(view([PASS], ["human", "human"]), 1, () => 0, false), PEOPLE_PAUSE_MS[0]);
});
