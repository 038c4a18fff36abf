"""Playouts: they finish real games, and one going round in circles stops at its bound."""

from __future__ import annotations

import random

import pytest

from games.engine import Rules, State, replay, shuffled_deck, start
from games.engine.ai import rollout
from games.engine.ai.experienced import tips_state
from games.engine.ai.rollout import circle_bound, playout
from games.engine.ai.sim import mover, step
from games.engine.state import NO_SEAT


def fresh(rules: Rules, rng: random.Random) -> State:
    return replay(start(rules, shuffled_deck(rules, rng)))


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
def test_tips_games_from_the_deal_finish_well_inside_the_bound(variant: str) -> None:
    """The bound cuts circles, not long games: every tips game from a fresh deal that
    finishes at all does so with moves to spare (perevodnoy may truly circle, rarely)."""
    rules = Rules(variant=variant, players=2)
    rng = random.Random(variant)
    finished = 0
    for _ in range(150):
        state = fresh(rules, rng)
        bound = circle_bound(state)
        moves = 0
        while mover(state) != NO_SEAT and moves < 2000:
            state = step(state, mover(state), tips_state(state, mover(state)))
            moves += 1
        if state.result is not None:
            finished += 1
            assert moves <= bound - 40, (moves, bound)
    assert finished >= 147


def test_a_playout_stops_at_its_bound_and_scores_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    state = fresh(Rules(variant="perevodnoy", players=2), random.Random(1))
    calls: list[int] = []

    def counting(s: State, seat: int) -> object:
        calls.append(seat)
        return tips_state(s, seat)

    monkeypatch.setattr(rollout, "CIRCLE_MOVES", 5)
    monkeypatch.setattr(rollout, "CIRCLE_PER_CARD", 0)
    assert circle_bound(state) == 5
    assert playout(state, 0, policy=counting) == 0.5  # type: ignore[arg-type]
    assert len(calls) == 5
    calls.clear()
    assert playout(state, 1, max_moves=3, policy=counting) == 0.5  # type: ignore[arg-type]
    assert len(calls) == 3
