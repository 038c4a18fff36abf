"""Playouts: they finish real games, one going round in circles stops at its bound, and
their noise leaves them legal and repeatable (and is absent by default)."""

from __future__ import annotations

import random

import pytest

from games.engine import Rules, State, actors, replay, shuffled_deck, start
from games.engine.actions import Action
from games.engine.ai import rollout
from games.engine.ai.experienced import tips_state
from games.engine.ai.rollout import circle_bound, playout
from games.engine.ai.sim import mover, score
from games.engine.decide import advance
from games.engine.state import NO_SEAT
from tests.engine.test_properties import check_conservation


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


# Noisy playouts (issue 32): with some probability a move is a uniformly random legal one.

class Watched:
    """The tips, recording every move they are asked for and checking the position each
    time: every card in one place, and the seat to move has a legal action."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, Action]] = []

    def __call__(self, state: State, seat: int) -> Action:
        check_conservation(state)
        assert seat in actors(state)
        action = tips_state(state, seat)
        self.asked.append((seat, action))
        return action


def old_playout(state: State, seat: int, policy: Watched) -> float:
    """``playout`` as it was before its noise: the policy's moves only."""
    state = state.copy()
    for _ in range(circle_bound(state)):
        actor = mover(state)
        if actor == NO_SEAT:
            break
        advance(state, actor, policy(state, actor))
    return score(state, seat)


def deals(variant: str, count: int, salt: str) -> list[State]:
    rng = random.Random(f"{salt} {variant}")
    return [fresh(Rules(variant=variant, players=2), rng) for _ in range(count)]


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
def test_without_noise_a_playout_is_the_policys_alone(variant: str) -> None:
    """Noise 0 (the default) asks the policy every move, whatever the seed: the very
    playout of the code before the noise."""
    for state in deals(variant, 40, "quiet"):
        before, after = Watched(), Watched()
        assert playout(state, 0, policy=after, noise=0.0, seed=12345) == old_playout(state, 0, before)
        assert after.asked == before.asked


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
def test_noisy_playouts_stay_legal_finish_and_repeat_from_their_seed(variant: str) -> None:
    """With noise, random moves are legal ones (every position the policy is then shown
    keeps every card in one place), games still finish, the same seed plays the same
    playout and the noise does change some playouts."""
    changed = finished = 0
    for seed, state in enumerate(deals(variant, 40, "noisy")):
        quiet, noisy, again = Watched(), Watched(), Watched()
        result = playout(state, 0, policy=noisy, noise=0.2, seed=seed)
        assert result in (0.0, 0.5, 1.0)
        assert playout(state, 0, policy=again, noise=0.2, seed=seed) == result
        assert again.asked == noisy.asked
        playout(state, 0, policy=quiet)
        changed += noisy.asked != quiet.asked
        finished += result != 0.5
    assert changed >= 35 and finished >= 35


def test_full_noise_is_uniformly_random_play() -> None:
    """Noise 1 never asks the policy; a seed of 0 is as good as any other."""
    for state in deals("podkidnoy", 10, "random"):
        for seed in (0, 1, 2**32, -1):
            policy = Watched()
            assert playout(state, 1, policy=policy, noise=1.0, seed=seed) in (0.0, 0.5, 1.0)
            assert policy.asked == []


def test_the_noise_is_the_same_in_both_builds() -> None:
    """The draws are plain integer arithmetic: the compiled and the pure build play the
    same noisy playouts (these figures were taken from the pure build)."""
    policy = Counted()
    scores = [playout(state, i % 2, policy=policy, noise=0.1, seed=i * 7919)
              for i, state in enumerate(deals("podkidnoy", 60, "builds"))]
    assert policy.moves == 3141
    assert "".join("01"[int(x)] if x != 0.5 else "=" for x in scores) == (
        "001110111010100011000000110101000101010101101100010001111000")
