"""The experienced player: the page's tips (seed 003) as a deterministic heuristic.

- Small cards first while the deck is thick; high cards and trumps are saved for the end.
- Attack with pairs: lead a rank it holds twice, to throw in the second.
- Sometimes take: beating a six with a high trump early is a bad trade; a cheap bout is
  taken instead.
- Remember the discard and what others picked up: near the end, lead cards the defender
  cannot beat (every card that could beat them is gone or in our hand).
- Mind the last, face-up trump: in the last bouts it is worth fighting to draw it.

It is a pure function of the ``Observation`` (no randomness, no clock). The weights in
``W`` were tuned in the arena against the greedy baseline (``benchmarks/arena.py``).
"""

from __future__ import annotations

from random import Random

from games.engine.actions import PASS, TAKE, Action, Attack, Defend, Transfer
from games.engine.ai.determinize import determinize
from games.engine.ai.observe import Observation
from games.engine.ai.solver import NodeLimit, Solver
from games.engine.cards import DECK_LOWEST_RANK, RANK_MASK, RANK_OF, SUIT_MASK
from games.engine.state import partners

W: dict[str, float] = {
    "pair": 3.0,  # lead-score bonus per extra card of the led rank in hand
    "trump_lead": 100.0,  # never lead a trump while the stock is thick
    "take_rank": 0.0,  # early, take instead of beating with a trump ≥ this rank share...
    "take_max_cards": 0.0,  # ...when the table holds at most this many cards
    "throw_rank": 1.0,  # throw in plain cards of rank share ≤ this while the stock is thick
    "unbeatable": 0.0,  # endgame lead bonus for a card the defender cannot beat
    "keep_trumps": 4.0,  # stock size above which trumps are not thrown in
    "solve_nodes": 300,  # endgame search nodes (deterministic bound, about 10 ms)
}


class Seen:
    """What the observation says about card strength for this seat."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.low = DECK_LOWEST_RANK[obs.deck_size]
        self.ranks = 15 - self.low
        self.trumps = SUIT_MASK[obs.trump_suit] if obs.trump_suit >= 0 else 0
        full = obs.deck_size - 6 * obs.players
        self.early = min(1.0, obs.deck_count / full) if full > 0 else 0.0

    def share(self, card: int) -> float:
        """Rank as a share of the deck's ranks: 0 for the lowest, 1 for the ace."""
        return (RANK_OF[card] - self.low) / max(self.ranks - 1, 1)

    def key(self, card: int) -> float:
        """Cheapness order: plain cards by rank, then trumps by rank."""
        return self.share(card) + (2.0 if self.trumps >> card & 1 else 0.0)

    def possible(self, seat: int) -> int:
        """Cards ``seat`` may hold, as far as this seat knows."""
        return self.obs.unseen | self.obs.known[seat]


def _defend(obs: Observation, seen: Seen) -> Action:
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
    if type(best) is Defend and seen.trumps >> best.card & 1 and obs.deck_count > W["keep_trumps"]:
        attack = obs.table[target][0]
        if (seen.share(best.card) >= W["take_rank"] and not seen.trumps >> attack & 1
                and len(obs.table) <= W["take_max_cards"]):
            return TAKE
    return best


def _lead(obs: Observation, seen: Seen) -> Action:
    hand = obs.hand
    can_beat = seen.possible(obs.defender)
    endgame = obs.deck_count == 0
    thick = obs.deck_count > W["keep_trumps"]
    best: Action = obs.legal[0]
    best_score = -1e9
    for action in obs.legal:
        if type(action) is not Attack or len(action.cards) != 1:
            continue
        card = action.cards[0]
        score = -seen.key(card)
        if thick and seen.trumps >> card & 1:
            score -= W["trump_lead"]
        if endgame and not obs.beaters[card] & can_beat:
            score += W["unbeatable"]
        same = (hand & RANK_MASK[RANK_OF[card]]).bit_count() - 1
        score += W["pair"] * min(same, 2) * 0.1
        if score > best_score:
            best, best_score = action, score
    return best


def _throw(obs: Observation, seen: Seen) -> Action:
    if partners(obs.rules, obs.seat, obs.defender):
        return PASS
    thick = obs.deck_count > W["keep_trumps"]
    best: Action = PASS
    best_key = 1e9
    for action in obs.legal:
        if type(action) is not Attack:
            continue
        card = action.cards[0]
        if thick and (seen.trumps >> card & 1 or seen.share(card) > W["throw_rank"]):
            continue
        k = seen.key(card)
        if k < best_key:
            best, best_key = action, k
    return best


def choose(obs: Observation) -> Action:
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    seen = Seen(obs)
    if obs.deck_count == 0 and obs.players - obs.out.bit_count() == 2:
        # Every card is known now: read the endgame out when it is small enough.
        world = determinize(obs, Random(0))  # the only deal consistent with obs
        try:
            return Solver(obs.seat, int(W["solve_nodes"])).best_action(world, list(legal))[0]
        except NodeLimit:
            pass
    if not obs.table:
        return _lead(obs, seen)
    if obs.seat == obs.defender:
        return _defend(obs, seen)
    return _throw(obs, seen)

