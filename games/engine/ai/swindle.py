"""Playing a lost endgame for the opponent's mistakes.

When every card is known and the exact solver (``solver``) proves that a perfect opponent
wins, every move scores the same to it, and it would play the first. But people (and
most programs) are not perfect: they play the cheapest card that does the job. So a lost
endgame is searched once more against that typical opponent, the greedy player
(``greedy.greedy_state``): our side tries every legal action, theirs plays greedily, and
a move that wins against it is preferred. Nothing is risked, since the position is lost
against good play whatever we do. The search is small (only our moves branch) and bounded
by nodes and a deadline; past its bound it has nothing to suggest.
"""

from __future__ import annotations

from games.engine.actions import Action
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score, step
from games.engine.ai.solver import NodeBudget, NodeLimit, position_key
from games.engine.legal import legal_actions
from games.engine.state import State, partners


class _Search:
    def __init__(self, seat: int, node_limit: int, deadline: float | None) -> None:
        self.seat = seat
        self.budget = NodeBudget(node_limit, deadline)
        self.memo: dict[tuple[object, ...], float] = {}
        self.path: set[tuple[object, ...]] = set()

    def value(self, state: State) -> float:
        if state.result is not None:
            return score(state, self.seat)
        self.budget.spend()
        key = position_key(state)
        known = self.memo.get(key)
        if known is not None:
            return known
        if key in self.path:
            return 0.0  # going round in circles (perevodnoy) wins nothing
        actor = mover(state)
        self.path.add(key)
        try:
            if actor == self.seat or partners(state.rules, actor, self.seat):
                best = 0.0
                for action in legal_actions(state, actor):
                    best = max(best, self.value(step(state, actor, action)))
                    if best >= 1.0:
                        break
            else:
                best = self.value(step(state, actor, greedy_state(state, actor)))
        finally:
            self.path.discard(key)
        self.memo[key] = best
        return best


def swindle(state: State, seat: int, options: list[Action], node_limit: int = 20_000,
            deadline: float | None = None) -> Action | None:
    """The action of ``options`` that beats a greedy opponent from ``state`` (every card
    known), the one with the best result against it; None when none does better than
    losing or the search outgrows its bounds."""
    search = _Search(seat, node_limit, deadline)
    best_action: Action | None = None
    best = 0.0
    try:
        for action in options:
            value = search.value(step(state, seat, action))
            if value > best:
                best_action, best = action, value
                if best >= 1.0:
                    break
    except NodeLimit:
        return best_action
    return best_action

