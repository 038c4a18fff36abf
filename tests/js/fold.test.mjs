// The page's event fold against the server: games recorded through the REST API
// (tests/js/record.py) are folded event by event through static/durak/fold.js, and what
// the page would show is compared with the server's own view at every recorded seq.
//
// The fixtures come from tests/js/fixtures/, or from the folder in DURAK_FIXTURES
// (tests/js/test_recorded_streams.py records a fresh game there).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { sortHand } from "../../static/durak/cards.js";
import { applyEvent, clone, modelAtDeal, modelFromView } from "../../static/durak/fold.js";

const folder = process.env.DURAK_FIXTURES || join(fileURLToPath(new URL(".", import.meta.url)), "fixtures");
const games = readdirSync(folder).filter((f) => f.endsWith(".json")).sort()
  .map((f) => JSON.parse(readFileSync(join(folder, f), "utf-8")));

/* What the page draws from a model: the fields a fold must get right. */
function shown(model) {
  const m = clone(model);
  sortHand(m);
  const result = m.result && { durak: m.result.durak, draw: m.result.draw, losers: m.result.losers, places: m.result.places,
    forfeits: m.result.forfeits || null };
  return {
    seq: m.seq,
    status: m.status,
    trump: m.trump,
    trump_suit: m.trump_suit,
    deck_count: m.deck_count,
    discard_count: m.discard_count,
    table: m.table,
    attacker: m.attacker,
    defender: m.defender,
    taking: m.taking,
    seats: m.seats.map((s) => ({ seat: s.seat, hand_count: s.hand_count, out: s.out, given_up: Boolean(s.given_up) })),
    you: m.you && { seat: m.you.seat, hand: m.you.hand },
    result,
  };
}

/* The fold learns another hand's cards only from a take; the server knows more (the trump
 * drawn last, a shown trump, your own hand passed on), so the page shows those once it
 * adopts the view. What the fold does show must be known to the server too. */
function assertKnownWithin(model, view, where) {
  model.seats.forEach((s, i) => {
    if (model.you && i === model.you.seat) return; // your own hand is never shown as "known"
    const extra = (s.known || []).filter((c) => !view.seats[i].known.includes(c));
    assert.deepEqual(extra, [], `${where}: seat ${i} shown as holding cards the server does not know of`);
  });
}

/* Fold `events` after the model's seq, comparing with each view on the way. */
function foldAgainst(model, events, views, where) {
  let next = 0;
  while (next < views.length && views[next].seq <= model.seq) next++;
  for (const e of events) {
    if (e.seq <= model.seq) continue;
    applyEvent(model, e);
    while (next < views.length && views[next].seq === model.seq) {
      assert.deepEqual(shown(model), shown(views[next]), `${where}: folded to seq ${model.seq}`);
      assertKnownWithin(model, views[next], `${where}, seq ${model.seq}`);
      next++;
    }
  }
  assert.equal(next, views.length, `${where}: the events end before the last view's seq`);
}

/* Event types, a shown transfer and a bout's two endings told apart. */
function kinds(events) {
  const found = new Set();
  for (const e of events) {
    found.add(e.type);
    if (e.type === "attack_transferred" && e.shown) found.add("attack_transferred:shown");
    if (e.type === "bout_ended") found.add("bout_ended:" + e.outcome);
  }
  return found;
}

// Every branch of the fold meets a real event in the committed fixtures.
const FOLDED = ["bout_started", "attack_played", "card_beaten", "attack_transferred", "attack_transferred:shown",
  "take_declared", "passed", "bout_ended:taken", "bout_ended:beaten", "cards_drawn", "hands_passed", "player_out",
  "game_finished"];

test("there are recorded games to fold", () => {
  assert.ok(games.length > 0, `no fixtures in ${folder}`);
});

test("the committed games hold every kind of event the fold handles, for people and a spectator",
  { skip: process.env.DURAK_FIXTURES ? "a fresh recording of a few tables" : false }, () => {
    const seen = new Set(games.flatMap((g) => [...kinds(g.viewpoints[0].events)]));
    assert.deepEqual(FOLDED.filter((k) => !seen.has(k)), []);
    const variants = new Set(games.map((g) => g.rules.variant + "/" + g.rules.players));
    for (const v of ["podkidnoy/2", "podkidnoy/4", "perevodnoy/2", "perevodnoy/4"]) assert.ok(variants.has(v), v);
    assert.ok(games.every((g) => g.viewpoints.some((p) => p.seat === null)), "a spectator at every table");
  });

for (const game of games) {
  describe(game.table, () => {
    for (const point of game.viewpoints) {
      const { events, views, opened } = point;
      const where = `${game.table}, ${point.viewer}`;

      test(`${point.viewer}: the stream is every seq once, in order, up to the end`, () => {
        assert.deepEqual(events.map((e) => e.seq), events.map((e, i) => i + 1));
        assert.equal(events.at(-1).seq, views.at(-1).seq);
        assert.equal(views.at(-1).status, "finished");
      });

      if (point.seat !== null) {
        test(`${point.viewer}: from the deal, as a new game replays, to the end`, () => {
          const start = modelAtDeal(opened.view, opened.events);
          assert.ok(start, "the first events hold the deal");
          foldAgainst(start, events, [opened.view, ...views], where + " from the deal");
        });
        test(`${point.viewer}: a computer's draw shows as a count, your own as cards`, () => {
          for (const e of events.filter((x) => x.type === "cards_drawn")) {
            if (e.seat === point.seat) assert.equal(e.cards.length, e.count);
            else assert.equal(e.cards, undefined);
          }
        });
      }

      test(`${point.viewer}: from every recorded view to each later one`, () => {
        views.forEach((view, i) => foldAgainst(modelFromView(view), events, views.slice(i + 1), `${where} from seq ${view.seq}`));
      });
    }
  });
}

// A person leaving a game against computers: the log says seat_given_up, then the game
// ends with the leaver as its durak. The page must show a loss by leaving, as the server's
// view does (its result lists the seat under forfeits), not a durak by the cards.
test("a seat given up ends as a forfeit, as the server's view says", () => {
  const model = {
    seq: 40, status: "playing", result: null, to_act: [0], table: [],
    seats: [{ seat: 0, hand_count: 3, out: false }, { seat: 1, hand_count: 2, out: false }],
    you: { seat: 0, hand: ["6S", "7S", "8S"] },
  };
  applyEvent(model, { type: "seat_given_up", seq: 41, seat: 0 });
  applyEvent(model, { type: "game_finished", seq: 42, durak: 0, draw: false, losers: [0], places: [1] });
  assert.equal(model.seats[0].given_up, true);
  assert.deepEqual(model.result, { durak: 0, draw: false, losers: [0], places: [1], forfeits: [0] });
  assert.deepEqual(model.to_act, []);
});
