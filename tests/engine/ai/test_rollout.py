"""Playouts: they finish real games, and one going round in circles stops at its bound."""

from __future__ import annotations

import random

import pytest

from games.engine import Rules, State, replay, shuffled_deck, start
from games.engine.actions import Action
from games.engine.ai import rollout
from games.engine.ai.experienced import tips_state
from games.engine.ai.rollout import circle_bound, playout


def fresh(rules: Rules, rng: random.Random) -> State:
    return replay(start(rules, shuffled_deck(rules, rng)))


class Counted:
    """The tips, counting the moves they are asked for."""

    def __init__(self) -> None:
        self.moves = 0

    def __call__(self, state: State, seat: int) -> Action:
        self.moves += 1
        return tips_state(state, seat)


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
def test_tips_games_from_the_deal_finish_well_inside_the_bound(variant: str) -> None:
    """The bound cuts circles, not long games: every tips game from a fresh deal that
    finishes at all does so with moves to spare (perevodnoy may truly circle, rarely)."""
    rules = Rules(variant=variant, players=2)
    rng = random.Random(variant)
    finished = 0
    for _ in range(150):
        state = fresh(rules, rng)
        policy = Counted()
        playout(state, 0, max_moves=2000, policy=policy)
        if policy.moves < 2000:  # the game ended (a drawn end included)
            finished += 1
            assert policy.moves <= circle_bound(state) - 40, (policy.moves, circle_bound(state))
    assert finished >= 147


def test_a_playout_stops_at_its_bound_and_scores_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    state = fresh(Rules(variant="perevodnoy", players=2), random.Random(1))
    monkeypatch.setattr(rollout, "CIRCLE_MOVES", 5)
    monkeypatch.setattr(rollout, "CIRCLE_PER_CARD", 0)
    assert circle_bound(state) == 5
    policy = Counted()
    assert playout(state, 0, policy=policy) == 0.5
    assert policy.moves == 5
    policy = Counted()
    assert playout(state, 1, max_moves=3, policy=policy) == 0.5
    assert policy.moves == 3
