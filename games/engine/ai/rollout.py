"""Playouts for search: both sides play the greedy baseline to the end of the game."""

from __future__ import annotations

from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score, step
from games.engine.state import NO_SEAT, State


def playout(state: State, seat: int, max_moves: int = 2000) -> float:
    """The score for ``seat`` when every seat plays greedily from ``state``."""
    for _ in range(max_moves):
        actor = mover(state)
        if actor == NO_SEAT:
            break
        state = step(state, actor, greedy_state(state, actor))
    return score(state, seat)
