"""Playouts for search: every seat plays one fast policy to the end of the game (the
greedy baseline unless told otherwise)."""

from __future__ import annotations

from collections.abc import Callable

from games.engine.actions import Action
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score
from games.engine.decide import advance
from games.engine.state import NO_SEAT, State

Policy = Callable[[State, int], Action]

# A playout that finishes takes at most about 2 moves per card still in play plus 60
# (measured over 200,000 tips playouts of master games in both variants); one past
# CIRCLE_MOVES + CIRCLE_PER_CARD a card is going round in circles (perevodnoy transfers
# and takes can repeat for ever) and scores as a draw. Without the bound such a playout
# ran 2,000 moves, some 23 ms: a few at once pushed a timed move past its budget.
CIRCLE_MOVES = 100
CIRCLE_PER_CARD = 3


def circle_bound(state: State) -> int:
    """The moves after which a playout from ``state`` is taken to go round in circles."""
    return CIRCLE_MOVES + CIRCLE_PER_CARD * (len(state.deck) - state.discard.bit_count())


def playout(state: State, seat: int, max_moves: int | None = None, policy: Policy = greedy_state) -> float:
    """The score for ``seat`` when every seat plays ``policy`` from ``state``; a game not
    over after ``max_moves`` (by default ``circle_bound``) counts as a draw.

    The playout moves one copy of ``state`` on in place (``advance``): nothing else ever
    sees the positions in between, so none needs a state of its own."""
    moves = circle_bound(state) if max_moves is None else max_moves
    state = state.copy()
    for _ in range(moves):
        actor = mover(state)
        if actor == NO_SEAT:
            break
        advance(state, actor, policy(state, actor))
    return score(state, seat)
