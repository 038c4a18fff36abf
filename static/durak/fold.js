/* The event fold: the server's events, as one viewer receives them, applied to a display
 * model (a view-shaped object) one at a time, so the page can show each computer move.
 *
 * Pure: no DOM, no clock, no network; node's test runner folds recorded games through it
 * and compares the result with the server's own view at the same seq (tests/js/).
 * What it does not know (legal actions, who may act) stays as the last view said until
 * the page adopts the next view.
 */
import { sortHand } from "./cards.js";

export const clone = (o) => JSON.parse(JSON.stringify(o));

/* The display model of a view: the view itself, its hand in reading order. */
export function modelFromView(view) {
  const model = clone(view);
  sortHand(model);
  return model;
}

function removeFromSeat(model, seat, cards) {
  const s = model.seats[seat];
  if (!s) return;
  s.hand_count = Math.max(0, s.hand_count - cards.length);
  if (s.known) s.known = s.known.filter((c) => !cards.includes(c));
  if (model.you && seat === model.you.seat) model.you.hand = model.you.hand.filter((c) => !cards.includes(c));
}

/* One event into the model, in place. */
export function applyEvent(model, e) {
  const seat = model.seats[e.seat];
  switch (e.type) {
    case "bout_started":
      model.attacker = e.attacker;
      model.defender = e.defender;
      model.table = [];
      model.taking = false;
      break;
    case "attack_played":
      e.cards.forEach((c) => model.table.push({ attack: c, defense: null }));
      removeFromSeat(model, e.seat, e.cards);
      break;
    case "card_beaten":
      if (model.table[e.target]) model.table[e.target].defense = e.card;
      removeFromSeat(model, e.seat, [e.card]);
      break;
    case "attack_transferred":
      // A shown trump («проездной») stays in its hand: only the defender changes.
      if (!e.shown) {
        e.cards.forEach((c) => model.table.push({ attack: c, defense: null }));
        removeFromSeat(model, e.seat, e.cards);
      }
      model.attacker = e.seat;
      model.defender = e.defender;
      model.taking = false;
      break;
    case "take_declared":
      model.taking = true;
      break;
    case "bout_ended": {
      const n = (e.cards || []).length;
      if (e.outcome === "taken") {
        const d = model.seats[e.defender];
        if (d) {
          d.hand_count += n;
          if (d.known) d.known = d.known.concat(e.cards);
        }
        if (model.you && e.defender === model.you.seat) model.you.hand = model.you.hand.concat(e.cards);
      } else {
        model.discard_count += n;
      }
      model.table = [];
      model.taking = false;
      break;
    }
    case "cards_drawn": {
      const n = e.count !== undefined ? e.count : (e.cards || []).length;
      if (seat) seat.hand_count += n;
      model.deck_count = Math.max(0, model.deck_count - n);
      if (model.you && e.seat === model.you.seat && e.cards) model.you.hand = model.you.hand.concat(e.cards);
      break;
    }
    case "hands_passed": {
      // «Круглый дурак»: every hand still in moves one seat on; what the table knew of
      // a hand moves with it. The event shows this viewer its own new hand only.
      const counts = e.hand_counts || e.hands.map((h) => (h ? h.length : 0));
      const active = model.seats.map((s, i) => i).filter((i) => !model.seats[i].out);
      const known = active.map((i) => model.seats[i].known || []);
      active.forEach((i, k) => { model.seats[i].known = known[(k + active.length - 1) % active.length]; });
      model.seats.forEach((s, i) => { s.hand_count = counts[i]; });
      if (model.you && e.hands[model.you.seat]) model.you.hand = e.hands[model.you.seat].slice();
      break;
    }
    case "player_out":
      if (seat) seat.out = true;
      break;
    case "seat_given_up":
      if (seat) seat.given_up = true;  // its person left: the computer plays it
      break;
    case "game_finished": {
      model.status = "finished";
      model.result = { durak: e.durak, draw: e.draw, losers: e.losers, places: e.places };
      // As the server's view says it (games/engine/view.py): seats their person left are
      // losses whatever the cards say, so the page tells the leaver «Вы покинули партию».
      const forfeits = model.seats.map((s, i) => i).filter((i) => model.seats[i].given_up);
      if (forfeits.length) model.result.forfeits = forfeits;
      model.to_act = [];
      break;
    }
    default:
      break;
  }
  model.seq = e.seq;
  sortHand(model);
}

/* A fresh game: the position right after the deal, rebuilt from a later view and the
 * game's first events, so the first moves can be shown being played. Null when the events
 * do not hold the deal, or for a spectator (no hand to start from). */
export function modelAtDeal(view, events) {
  const started = events.find((e) => e.type === "game_started");
  const dealt = events.find((e) => e.type === "cards_dealt");
  if (!started || !dealt || !view.you) return null;
  const model = clone(view);
  const counts = dealt.hand_counts || dealt.hands.map((h) => (h ? h.length : 0));
  const dealtTotal = counts.reduce((a, b) => a + b, 0);
  model.seq = dealt.seq;
  model.table = [];
  model.discard_count = 0;
  model.deck_count = (started.deck_size || (started.deck || []).length || view.rules.deck) - dealtTotal;
  model.status = "active";
  model.result = null;
  model.taking = false;
  model.seats.forEach((s, i) => { s.hand_count = counts[i]; s.out = false; s.known = []; });
  model.you.hand = (dealt.hands[view.you.seat] || []).slice();
  model.to_act = [];
  sortHand(model);
  return model;
}
