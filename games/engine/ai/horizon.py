"""Endgames too big to solve: alpha-beta to a horizon, a playout scoring what lies beyond.

With every card known the exact solver (``solver``) reads an endgame out, but the first
endgame positions (two hands of six or more, perevodnoy transfers) can outgrow its budget.
Sampling is no help there: every deal is the same deal, so it would score each of our
moves by one playout. This search sees further: alpha-beta over both sides' moves to
``depth`` plies, a position at the horizon scored by a playout in which both sides play
``leaf`` (the page's tips). ``deepen`` searches 2, 4, 6... plies while the budget lasts
and keeps the deepest search that finished; one that met no horizon is exact, and stops.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.actions import Action
from games.engine.ai.rollout import playout
from games.engine.ai.sim import mover, score, step
from games.engine.ai.solver import MAX_DEPTH, NodeBudget, NodeLimit, best_reply, position_key, proved
from games.engine.legal import legal_actions
from games.engine.state import State, partners

Policy = Callable[[State, int], Action]

# A playout at the horizon costs about this many nodes of the budget (an endgame playout
# is some 10-20 steps with a cheap policy; a node is one step and a move generation).
LEAF_NODES = 4


class HorizonSearch:
    def __init__(self, seat: int, depth: int, leaf: Policy, budget: NodeBudget) -> None:
        self.seat = seat
        self.depth = depth
        self.leaf = leaf
        self.budget = budget
        self.horizon_met = False  # some line stopped at the horizon: the values are estimates
        # Bounds per (position, plies left): a shallower search proves less.
        self.memo: dict[tuple[object, ...], tuple[float, float]] = {}
        self.path: set[tuple[object, ...]] = set()

    def value(self, state: State, alpha: float, beta: float, left: int) -> float:
        if state.result is not None:
            return score(state, self.seat)
        self.budget.spend()
        position = position_key(state)
        if position in self.path or len(self.path) > MAX_DEPTH:
            return 0.5  # going round in circles (perevodnoy), as the solver scores it
        if left <= 0:
            self.horizon_met = True
            for _ in range(LEAF_NODES - 1):
                self.budget.spend()
            return playout(state, self.seat, policy=self.leaf)
        key = (position, left)
        lo, hi = self.memo.get(key, (0.0, 1.0))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        actor = mover(state)
        maximize = actor == self.seat or partners(state.rules, actor, self.seat)
        self.path.add(position)
        try:
            best = best_reply(state, actor, legal_actions(state, actor), maximize, a, b,
                              lambda child, a, b: self.value(child, a, b, left - 1))
        finally:
            self.path.discard(position)
        self.memo[key] = proved(best, alpha, beta, lo, hi)
        return best

    def best_moves(self, state: State, options: list[Action]) -> tuple[list[Action], float]:
        """The options of the best value for the asking seat, in their order, and that value."""
        best, ties = -1.0, []
        for action in options:
            # Values are 0, ½ or 1: a window from just below the best tells ties from worse.
            v = self.value(step(state, self.seat, action), max(best - 0.25, 0.0), 1.0, self.depth - 1)
            if v > best:
                best, ties = v, [action]
            elif v == best:
                ties.append(action)
        return ties, best


def deepen(state: State, seat: int, options: list[Action], leaf: Policy,
           budget: NodeBudget) -> tuple[Action, float, bool] | None:
    """The best of ``options`` by the deepest horizon search that fits ``budget``: the
    action, its value and whether that value is exact (no line met the horizon); None when
    not even a two-ply search fits. Of moves that search rates the same, the one that does
    best when both sides then play ``leaf`` is chosen: a typical opponent's mistakes decide
    between moves a perfect one would answer alike."""
    found: tuple[list[Action], float, bool] | None = None
    depth = 2
    while True:
        search = HorizonSearch(seat, depth, leaf, budget)
        try:
            ties, value = search.best_moves(state, options)
        except NodeLimit:
            break
        found = (ties, value, not search.horizon_met)
        if not search.horizon_met:
            break
        # The deeper search tries the best moves so far first: more cut-offs.
        options = ties + [o for o in options if o not in ties]
        depth += 2
    if found is None:
        return None
    ties, value, exact = found
    scores = [playout(step(state, seat, action), seat, policy=leaf) for action in ties]
    return ties[max(range(len(ties)), key=lambda i: (scores[i], -i))], value, exact
