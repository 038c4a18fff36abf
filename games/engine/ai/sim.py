"""Moves for search: a *legal* action applied without checks, who moves, and the score.

``step`` is the engine's search step (``games.engine.decide.step``, which shares its moves
with ``apply`` and ``decide``). ``mover`` fixes one turn order when two seats may act at once
(the defender first while a card lies unbeaten), for playouts and the solver.
"""

from __future__ import annotations

from games.engine.decide import step
from games.engine.state import NO_SEAT, State

__all__ = ["mover", "score", "step"]


def mover(state: State) -> int:
    """One seat to act now when several may: the defender while a card lies unbeaten,
    otherwise the current thrower (or the leader)."""
    if state.result is not None or state.attacker == NO_SEAT:
        return NO_SEAT
    if not state.table:
        return state.attacker
    if not state.taking:
        for _, defense in state.table:
            if defense < 0:
                return state.defender
    return state.thrower


def score(state: State, seat: int) -> float:
    """A finished game for ``seat``: 1 not a loser, 0 a loser, 0.5 a draw."""
    result = state.result
    if result is None:
        return 0.5
    if result.draw:
        return 0.5
    return 0.0 if seat in result.losers else 1.0
