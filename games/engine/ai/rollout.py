"""Playouts for search: every seat plays one fast policy to the end of the game (the
greedy baseline unless told otherwise)."""

from __future__ import annotations

from collections.abc import Callable

from games.engine.actions import Action
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score, step
from games.engine.state import NO_SEAT, State

Policy = Callable[[State, int], Action]


def playout(state: State, seat: int, max_moves: int = 2000, policy: Policy = greedy_state) -> float:
    """The score for ``seat`` when every seat plays ``policy`` from ``state``."""
    for _ in range(max_moves):
        actor = mover(state)
        if actor == NO_SEAT:
            break
        state = step(state, actor, policy(state, actor))
    return score(state, seat)
