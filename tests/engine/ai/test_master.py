"""The search level's pieces: the candidates it samples, and when the deal is known."""

from __future__ import annotations

import random

import pytest

from games.engine import Rules
from games.engine.actions import TAKE, Defend
from games.engine.ai import master, observe
from games.engine.ai.determinize import determinize
from games.engine.ai.experienced import tips
from games.engine.ai.greedy import choose as greedy_choose
from games.engine.ai.master import candidates
from games.engine.ai.rollout import playout as real_playout
from tests.engine.ai.support import positions


def test_candidates_are_legal_and_start_with_the_tips_move() -> None:
    """Candidates are legal actions, the page's tips' move first (greedy's once every card
    is known); a defender keeps every way to
    take or transfer, beats only the first unbeaten card, and keeps at most one plain beater."""
    rng = random.Random("candidates")
    pruned = 0
    for state, seat in positions(rng, 30):
        obs = observe(state, seat)
        if not obs.legal:
            continue
        found = candidates(obs)
        assert found[0] == (greedy_choose(obs) if obs.everything_known else tips(obs))
        assert len(set(found)) == len(found) and set(found) <= set(obs.legal)
        if obs.table and seat == obs.defender:
            assert (TAKE in found) == (TAKE in obs.legal)
            assert {a for a in found if type(a) is not Defend} == {a for a in obs.legal if type(a) is not Defend}
            targets = {a.target for a in found if type(a) is Defend}
            assert len(targets) <= 1
            trumps = {a.card for a in found if type(a) is Defend and a.card % 4 == obs.trump_suit}
            assert len([a for a in found if type(a) is Defend]) - len(trumps) <= 1
        pruned += len(found) < len(obs.legal)
    assert pruned > 20


def test_with_two_players_and_only_the_trump_left_the_deal_is_known() -> None:
    """Once the stock holds at most the face-up trump and two play on, every sampled deal
    is the real one: the solver may read the game out."""
    rng = random.Random("known")
    seen = 0
    for state, seat in positions(rng, 40, Rules()):
        obs = observe(state, seat)
        if not obs.everything_known or not obs.legal:
            assert not obs.everything_known or not obs.legal or state.deck_count > 1
            continue
        for salt in range(2):
            world = determinize(obs, random.Random(salt))
            assert world.hands == state.hands
            assert world.deck[world.deck_pos:] == state.deck[state.deck_pos:]
        seen += 1
    assert seen > 50


def test_under_a_work_budget_the_move_depends_on_the_seed_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``work`` replaces the clock: a move thought over in 1 ms or in 100 s is the same one,
    and no move spends more playouts than the budget (less one round's worth of slack)."""
    rng = random.Random("work")
    spent: list[int] = []

    def counted(*args: object, **kwargs: object) -> float:
        spent[-1] += 1
        return real_playout(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(master, "playout", counted)
    searched = 0
    for state, seat in positions(rng, 3, Rules(variant="podkidnoy", players=2)):
        obs = observe(state, seat)
        if len(obs.legal) < 2 or obs.everything_known or searched == 25:
            continue
        moves = set()
        for budget_ms in (1, 100_000):
            spent.append(0)
            moves.add(master.choose(obs, random.Random(7), budget_ms=budget_ms, work=30))
            assert spent[-1] <= 30 + len(obs.legal)
        assert len(moves) == 1
        searched += 1
    assert searched > 10


def test_noisy_playouts_share_one_stream_a_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """With PLAYOUT_NOISE, every candidate of a deal is played out PLAYOUTS_PER_DEAL times,
    with the same noise streams as the others (paired like the deal itself), each deal with
    its own; without, once and with no noise asked."""
    seeds: list[tuple[float, int]] = []

    def recorded(*args: object, **kwargs: object) -> float:
        seeds.append((kwargs["noise"], kwargs["seed"]))  # type: ignore[arg-type]
        return real_playout(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(master, "playout", recorded)
    rng = random.Random("noise")
    for state, seat in positions(rng, 3, Rules(variant="podkidnoy", players=2)):
        obs = observe(state, seat)
        if len(obs.legal) >= 3 and not obs.everything_known:
            break
    for noise in (0.0, 0.05):
        monkeypatch.setattr(master, "PLAYOUT_NOISE", noise)
        seeds.clear()
        master.choose(obs, random.Random(7), work=200)
        assert {n for n, _ in seeds} == {noise}
        alive = len(master.candidates(obs))
        if noise:
            width = alive * master.PLAYOUTS_PER_DEAL
            per_deal = [seeds[i:i + width] for i in range(0, width * 5, width)]
            for deal in per_deal:
                first = deal[0][1]
                assert [s for _, s in deal] == [first, first ^ master._SECOND_NOISE] * alive
            assert len({deal[0][1] for deal in per_deal}) == 5
        else:
            assert master._playouts_a_deal() == 1
            assert {s for _, s in seeds} == {0}


def test_the_playout_noise_can_be_set_for_an_experiment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MASTER_PLAYOUT_EPS", raising=False)
    assert master._playout_noise(0.25) == 0.25
    monkeypatch.setenv("MASTER_PLAYOUT_EPS", "0.1")
    assert master._playout_noise(0.25) == 0.1
    monkeypatch.setenv("MASTER_PLAYOUT_EPS", "1.5")
    with pytest.raises(ValueError):
        master._playout_noise(0.25)
