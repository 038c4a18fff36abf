/* «Нечего подкинуть»: the pass sent for the person when a pass is all they may do.
 *
 * The server asks every thrower in turn, whatever they hold (docs/rules.md#throwing-in), so
 * that nobody learns from who is asked whether a hand holds a card of a rank. A person with
 * nothing to throw in is not made to click: once the page shows the position, it sends the
 * pass itself after a pause. The pause never depends on the hand. At a table where someone
 * else is a person it is drawn at random from the span of a quick pass by hand (a fixed
 * pause would mark these passes out); against computers alone, who read no clocks, it is
 * the page's own step. Either way it stays well inside the shortest move clock (5 s).
 */

// A quick pass by hand at a table of people: between these (ms, before the page's speed).
export const PEOPLE_PAUSE_MS = [1200, 2800];
// Against computers only: the pause the page gives any move (pump.js's step).
export const COMPUTERS_PAUSE_MS = 600;

/* Whether the view's legal actions are a pass and nothing else. */
export function onlyPass(view) {
  const acts = (view && view.legal_actions) || [];
  return acts.length === 1 && acts[0].type === "pass";
}

/* Whether anyone else at the table is a person (seats without a kind count as people). */
export function othersArePeople(view) {
  const mine = view && view.you ? view.you.seat : null;
  return ((view && view.seats) || []).some((s) => s.seat !== mine && s.kind !== "ai");
}

/* The pause before the page passes for the person, in ms; null when there is nothing to
 * pass, or while the computer stands in for them (``away``): it passes for them itself, and
 * a pass sent by the page would count as the person back at the table (games/timers.py).
 * ``random`` is a function returning [0, 1) (Math.random on the page). */
export function autoPassDelay(view, speed, random, away = false) {
  if (away || !view || view.status !== "active" || !view.you || !onlyPass(view)) return null;
  if (!othersArePeople(view)) return COMPUTERS_PAUSE_MS * speed;
  const [low, high] = PEOPLE_PAUSE_MS;
  return (low + (high - low) * random()) * speed;
}
