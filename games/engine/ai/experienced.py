"""The experienced player: the page's tips (docs/rules.md#the-pages-tips) as a deterministic
heuristic.

- Small cards first while the deck is thick: it leads and throws in its cheapest plain
  card; no trump is led or thrown in while more than 4 cards are left to draw.
- Attack with pairs: among cheap leads it prefers a rank it holds twice or more, to throw
  in the rest.
- Sometimes take: a lone low plain card early in the game that only a high trump beats
  is taken, not beaten (the page's king-on-a-six); otherwise it beats with the cheapest
  card that beats, or transfers when that is cheaper.
- Remember the discard and what others picked up: the cards a seat may hold are the unseen
  ones plus those it was seen to pick up. With the stock gone, it leads cards the defender
  cannot beat; with two players left and at most the face-up trump in the stock every
  card is known, and it reads the endgame out exactly (alpha-beta, a fixed node budget)
  when the position is small enough.
- Mind the last, face-up trump: it does not give up a bout whose beating brings it a
  strong face-up trump (others draw first, the defender last).

The tips give its move; with two players left and some card still hidden, a small search
may overrule it. It deals the unseen cards a fixed number of times consistently with what
it saw (``determinize``), plays each candidate action in each deal and finishes the game
with greedy playouts; another candidate replaces the tips' move only when it leads it
clearly over the same deals. The candidates keep to the tips (no trump led or thrown in
while the stock is thick; the cheap bout is still taken), and the work is a fixed count of
playouts, fewer while the stock is thick, for about 5 ms a move.

It is a pure function of the ``Observation`` (no clock; the search's random deals are
seeded from the observation itself). The weights in ``W`` were tuned in the arena against
the greedy baseline (``benchmarks/arena.py``).
"""

from __future__ import annotations

import math
from random import Random

from games.engine.actions import ATTACK_ONE, PASS, TAKE, Action, Attack, Defend, Transfer
from games.engine.ai.determinize import determinize
from games.engine.ai.observe import Observation
from games.engine.ai.prune import defender_choices
from games.engine.ai.rollout import playout
from games.engine.ai.sim import step
from games.engine.ai.solver import NodeLimit, Solver
from games.engine.ai.tips import (
    W,
    _best_lead,
    _cheap_bout,
    _draws_last_trump,
    _throw_in,
    scale_of,
)
from games.engine.ai.tips import tips_state as tips_state  # the full-state twin, for callers of this level
from games.engine.state import partners

# A greedy game from the first deal of 36 cards lasts under 100 moves; a playout longer
# than this many moves per card still in play is going round in circles (perevodnoy
# transfers) and counts as a draw. Tighter than ``rollout.circle_bound`` (fit to the tips'
# longer playouts, which the master uses); kept as the arena tuned this level with it.
PLAYOUT_MOVES = (30, 2)


class Seen:
    """What the observation says about card strength for this seat."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.scale = scale_of(obs.deck_size, obs.trump_suit)
        self.trumps = self.scale.trumps

    def share(self, card: int) -> float:
        """Rank as a share of the deck's ranks: 0 for the lowest, 1 for the ace."""
        return self.scale.share(card)

    def key(self, card: int) -> float:
        """Cheapness order: plain cards by rank, then trumps by rank."""
        return self.scale.key(card)

    def possible(self, seat: int) -> int:
        """Cards ``seat`` may hold, as far as this seat knows."""
        return self.obs.unseen | self.obs.known[seat]


# The tips read from an observation.

def _cheapest_defence(obs: Observation, seen: Seen) -> Action:
    """The cheapest beat of the first unbeaten card, or a cheaper plain transfer, else a
    take (``greedy_state`` is the same for ``tips_state``)."""
    legal = obs.legal
    target = next(i for i, (_, d) in enumerate(obs.table) if d < 0)
    best: Action = TAKE
    best_key = 1e9
    for action in legal:
        if type(action) is Defend and action.target == target:
            k = seen.key(action.card)
            if k < best_key:
                best, best_key = action, k
        elif type(action) is Transfer and len(action.cards) == 1 and not action.shown:
            k = seen.key(action.cards[0])
            if k < best_key:
                best, best_key = action, k
    return best


def _take_cheap_bout(obs: Observation, seen: Seen, best: Action) -> bool:
    """The page's king-on-a-six: early, a lone low plain card that only a high trump beats
    is taken rather than beaten, unless beating it brings us the strong face-up trump."""
    return (type(best) is Defend and _cheap_bout(seen.scale, obs.table, best.card, obs.deck_count)
            and not _draws_last_trump(obs.seat, obs.hand_counts, obs.out, obs.table, obs.deck_count,
                                      seen.share(obs.trump)))


def _lead(obs: Observation, seen: Seen) -> Action:
    singles = 0
    for action in obs.legal:
        if type(action) is Attack and len(action.cards) == 1:
            singles |= 1 << action.cards[0]
    can_beat = seen.possible(obs.defender) if obs.deck_count == 0 else 0
    card = _best_lead(singles, obs.hand, seen.scale, obs.deck_count, obs.beaters, can_beat)
    return ATTACK_ONE[card] if card >= 0 else obs.legal[0]


def _throw(obs: Observation, seen: Seen) -> Action:
    if partners(obs.rules, obs.seat, obs.defender):
        return PASS
    throwable = 0
    for action in obs.legal:
        if type(action) is Attack:
            throwable |= 1 << action.cards[0]
    card = _throw_in(throwable, seen.scale, obs.deck_count)
    return ATTACK_ONE[card] if card >= 0 else PASS


def _tips(obs: Observation, seen: Seen) -> tuple[Action, bool]:
    """The tips' move, and whether it is final: the cheap bout taken is a tip the search
    does not overrule."""
    if not obs.table:
        return _lead(obs, seen), False
    if obs.seat != obs.defender:
        return _throw(obs, seen), False
    best = _cheapest_defence(obs, seen)
    if _take_cheap_bout(obs, seen, best):
        return TAKE, True
    return best, False


def _candidates(obs: Observation, seen: Seen, prior: Action) -> list[Action]:
    """The actions the search weighs, the tips' move first. The tips still bound them: no
    trump is led or thrown in while the stock is thick, and a defender beats only the
    first unbeaten card, with its cheapest plain beater or any trump (a dearer plain
    beater only keeps a cheaper one in hand)."""
    legal = list(obs.legal)
    if obs.deck_count > W["keep_trumps"]:
        plain = [a for a in legal if type(a) is not Attack or not any(seen.trumps >> c & 1 for c in a.cards)]
        if prior in plain:
            legal = plain
    if obs.table and obs.seat == obs.defender:
        kept = defender_choices(obs, legal, seen.trumps)
        if prior in kept:
            legal = kept
    legal.remove(prior)
    legal.insert(0, prior)
    return legal


def _seed(obs: Observation) -> str:
    """The search's seed: what this seat saw and holds, nothing hidden (``Random`` hashes a
    string the same way in every process)."""
    return repr((obs.seat, obs.hand, obs.discard, obs.table, obs.deck_count, obs.trump, obs.known,
                 obs.hand_counts, obs.bouts, obs.attacker, obs.defender, obs.passed, obs.taking, obs.out))


def _search(obs: Observation, seen: Seen, prior: Action) -> Action:
    """Perfect-information sampling: deal the unseen cards a fixed number of times
    (``determinize``, seeded from the observation), play every candidate in the same deal
    and finish with greedy playouts. A candidate replaces the tips' move only when its
    paired lead over it is ``prior_z`` standard errors clear of sampling noise."""
    legal = _candidates(obs, seen, prior)
    k = len(legal)
    playouts = W["search_playouts"] / (1.0 + obs.deck_count / W["search_scale"])
    rounds = min(int(W["search_rounds"]), int(playouts) // k)
    if k == 1 or rounds < 2:
        return prior
    rng = Random(_seed(obs))
    in_play = sum(obs.hand_counts) + obs.deck_count + obs.table_cards.bit_count()
    moves = PLAYOUT_MOVES[0] + PLAYOUT_MOVES[1] * in_play
    seat = obs.seat
    diff = [0.0] * k
    diff2 = [0.0] * k
    for _ in range(rounds):
        world = determinize(obs, rng)
        base = playout(step(world, seat, prior), seat, moves)
        for i in range(1, k):
            d = playout(step(world, seat, legal[i]), seat, moves) - base
            diff[i] += d
            diff2[i] += d * d
    best, best_mean = 0, 0.0
    for i in range(1, k):
        mean = diff[i] / rounds
        var = max(diff2[i] / rounds - mean * mean, 0.0)
        if mean > W["prior_z"] * math.sqrt(var / rounds) and mean > best_mean:
            best, best_mean = i, mean
    return legal[best]


def tips(obs: Observation) -> Action:
    """The tips' move alone: no endgame reading, no search."""
    return _tips(obs, Seen(obs))[0]


def choose(obs: Observation) -> Action:
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    seen = Seen(obs)
    if obs.everything_known:
        # Every card is known now: read the endgame out when it is small enough.
        world = determinize(obs, Random(0))  # the only deal consistent with obs
        try:
            return Solver(obs.seat, int(W["solve_nodes"])).best_action(world, list(legal))[0]
        except NodeLimit:
            pass
    prior, final = _tips(obs, seen)
    if not final and obs.in_play == 2 and not obs.everything_known:
        return _search(obs, seen, prior)
    return prior
