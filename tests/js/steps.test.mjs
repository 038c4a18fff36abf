// The replay viewer's pure parts: steps.js folds a finished game's replay into one
// position per step, checked against the engine's own position at every seq
// (tests/js/replays/, recorded by record_replay.py); fairness.js recomputes the deck
// with Web Crypto, checked on the contract's pinned vector (tests/games/test_deal.py)
// and on the recorded games, and refuses tampered ones.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { canonicalDeck, checkDeal, fairDeck } from "../../static/durak/fairness.js";
import { boutEnd, boutStart, buildSteps, stepFromQuery } from "../../static/durak/steps.js";

const folder = join(fileURLToPath(new URL(".", import.meta.url)), "replays");
const games = readdirSync(folder).filter((f) => f.endsWith(".json")).sort()
  .map((f) => [f, JSON.parse(readFileSync(join(folder, f), "utf-8"))]);
const sorted = (cards) => cards.slice().sort();
const clone = (o) => JSON.parse(JSON.stringify(o));

test("the canonical deck is the contract's", () => {
  assert.deepEqual(canonicalDeck(36).slice(0, 5), ["6S", "6C", "6D", "6H", "7S"]);
  assert.equal(canonicalDeck(36).at(-1), "AH");
  assert.equal(canonicalDeck(24)[0], "9S");
  assert.equal(canonicalDeck(52)[0], "2S");
});

test("the deck matches the pinned vector of the Python tests", async () => {
  const deck = await fairDeck({ deck: 24, players: 2 }, "server", ["alice"]);
  assert.deepEqual(deck, ["AC", "10S", "QD", "AS", "KS", "QH", "9H", "9D", "10D", "JC", "9C", "AD", "KD", "9S",
    "QS", "10H", "JS", "AH", "10C", "KC", "KH", "JH", "JD", "QC"]);
  const deck36 = await fairDeck({ deck: 36, players: 2 }, "a1b2c3", ["alice", null]);
  assert.deepEqual(deck36.slice(0, 6), ["8C", "8H", "JD", "10D", "8D", "6S"]);
});

for (const [name, { replay, truth }] of games) {
  describe(name, () => {
    const built = buildSteps(replay);
    const bySeq = new Map(truth.map((t) => [t.seq, t]));

    test("every step is the engine's position at its seq", () => {
      assert.ok(built.steps.length > 10);
      for (const step of built.steps) {
        const t = bySeq.get(step.pos.seq);
        assert.ok(t, "seq " + step.pos.seq);
        assert.deepEqual(step.pos.hands.map(sorted), t.hands.map(sorted), "hands at seq " + t.seq);
        assert.deepEqual(step.pos.table, t.table, "table at seq " + t.seq);
        assert.equal(step.pos.deck_count, t.deck_count);
        assert.equal(step.pos.deck_left.length, t.deck_count);
        assert.equal(step.pos.discard.length, t.discard_count);
        assert.equal(step.pos.attacker, t.attacker);
        assert.equal(step.pos.defender, t.defender);
        step.pos.seats.forEach((s, i) => assert.equal(s.hand_count, step.pos.hands[i].length));
      }
      assert.equal(built.steps.at(-1).pos.seq, truth.at(-1).seq);
      assert.ok(built.steps.at(-1).pos.result);
    });

    test("bouts jump to their start and end", () => {
      const mid = built.bouts[2];
      assert.equal(boutStart(built, mid.start + 1), mid.start);
      assert.equal(boutStart(built, mid.start), built.bouts[1].start);
      assert.equal(boutEnd(built, mid.start), mid.end);
      assert.equal(boutEnd(built, mid.end), built.bouts[3].end);
      assert.equal(built.steps[mid.start].event.type, "bout_started");
      assert.equal(boutEnd(built, built.steps.length - 1), built.steps.length - 1);
    });

    test("the fair deal is proved, and a tampered replay is not", async () => {
      assert.deepEqual(await checkDeal(replay), { verdict: "proved", reason: "ok" });
      const swapped = clone(replay);
      const deck = swapped.events[0].deck;
      [deck[0], deck[1]] = [deck[1], deck[0]];
      assert.equal((await checkDeal(swapped)).verdict, "failed");
      const seed = clone(replay);
      seed.fairness.server_seed = seed.fairness.server_seed.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
      assert.deepEqual(await checkDeal(seed), { verdict: "failed", reason: "commitment" });
      const drawn = clone(replay);
      const dealt = drawn.events.find((e) => e.type === "cards_dealt");
      [dealt.hands[0][0], dealt.hands[1][0]] = [dealt.hands[1][0], dealt.hands[0][0]];
      assert.deepEqual(await checkDeal(drawn), { verdict: "failed", reason: "dealt" });
      const legacy = clone(replay);
      delete legacy.events[0].fairness;
      legacy.fairness = { commitment: null, client_seeds: [], server_seed: null };
      assert.equal((await checkDeal(legacy)).verdict, "legacy");
    });
  });
}

test("a link's step is a whole number within the game", () => {
  assert.equal(stepFromQuery("5", 10), 5);
  assert.equal(stepFromQuery("50", 10), 9);
  assert.equal(stepFromQuery("-1", 10), 0);
  assert.equal(stepFromQuery("x", 10), 0);
  assert.equal(stepFromQuery(null, 10), 0);
});
