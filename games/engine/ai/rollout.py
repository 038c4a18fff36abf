"""Playouts for search: every seat plays one fast policy to the end of the game (the
greedy baseline unless told otherwise), optionally with a little noise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.engine.actions import Action
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score
from games.engine.decide import advance
from games.engine.legal import legal_actions
from games.engine.state import NO_SEAT, State

Policy = Callable[[State, int], Action]

# A playout that finishes takes at most about 2 moves per card still in play plus 60
# (measured over 200,000 tips playouts of master games in both variants); one past
# CIRCLE_MOVES + CIRCLE_PER_CARD a card is going round in circles (perevodnoy transfers
# and takes can repeat for ever) and scores as a draw. Without the bound such a playout
# ran 2,000 moves, some 23 ms: a few at once pushed a timed move past its budget.
CIRCLE_MOVES = 100
CIRCLE_PER_CARD = 3

# The noise's draws are 32-bit xorshift numbers (Marsaglia's 13, 17, 5), seeded per
# playout: a few integer operations in the compiled build, and the same numbers in both
# builds. A ``random.Random`` would cost a Python call a move and some 3.5 µs to seed for
# each playout, about a tenth of a whole tips playout from the deal (some 31 µs compiled).
_BITS: Final = 32
_MASK: Final = (1 << _BITS) - 1


def circle_bound(state: State) -> int:
    """The moves after which a playout from ``state`` is taken to go round in circles."""
    return CIRCLE_MOVES + CIRCLE_PER_CARD * (len(state.deck) - state.discard.bit_count())


def _next(x: int) -> int:
    """The xorshift draw after ``x`` (never 0 when ``x`` is not)."""
    x ^= (x << 13) & _MASK
    x ^= x >> 17
    x ^= (x << 5) & _MASK
    return x


def playout(state: State, seat: int, max_moves: int | None = None, policy: Policy = greedy_state,
            noise: float = 0.0, seed: int = 0) -> float:
    """The score for ``seat`` when every seat plays ``policy`` from ``state``; a game not
    over after ``max_moves`` (by default ``circle_bound``) counts as a draw.

    With ``noise`` above 0, each move is, with that probability, a uniformly random legal
    action of the seat to move instead of the policy's, every seat alike: the playouts
    then stand for players who slip now and then rather than for one fixed policy, so a
    move is not scored only by how it fares against that policy's blind spots. The draws
    come from ``seed`` alone (its low 32 bits), so playouts given the same seed (the
    master's candidates in one deal) see the same stream. With ``noise`` 0 nothing is
    drawn: the playout is the policy's alone.

    The playout moves one copy of ``state`` on in place (``advance``): nothing else ever
    sees the positions in between, so none needs a state of its own."""
    moves = circle_bound(state) if max_moves is None else max_moves
    state = state.copy()
    # A move is random when the next draw is below ``threshold`` (0: never; 2**32: always).
    threshold = int(noise * (1 << _BITS)) if noise > 0.0 else 0
    x = seed & _MASK or 1  # xorshift's state must not be 0
    for _ in range(moves):
        actor = mover(state)
        if actor == NO_SEAT:
            break
        if threshold:
            x = _next(x)
            if x < threshold:
                options = legal_actions(state, actor)
                x = _next(x)
                advance(state, actor, options[((x - 1) * len(options)) >> _BITS])  # x - 1 < 2**32
                continue
        advance(state, actor, policy(state, actor))
    return score(state, seat)
