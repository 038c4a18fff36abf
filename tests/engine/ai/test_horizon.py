"""The horizon search: minimax to a depth with playouts beyond, deepened while the budget
lasts; and the master falls back to it when an endgame is too big to solve."""

from __future__ import annotations

import random

import pytest

from games.engine import Rules, State, legal_actions
from games.engine.ai import master, observe
from games.engine.ai.experienced import tips_state
from games.engine.ai.horizon import HorizonSearch, deepen
from games.engine.ai.rollout import playout
from games.engine.ai.sim import mover, score, step
from games.engine.ai.solver import NodeBudget, NodeLimit, Solver
from games.engine.state import partners
from tests.engine.ai.support import positions
from tests.engine.ai.test_solver import small_endgames


def brute(state: State, seat: int, left: int) -> float:
    """Minimax to ``left`` plies, a tips playout beyond: no memo, no pruning."""
    if state.result is not None:
        return score(state, seat)
    if left <= 0:
        return playout(state, seat, policy=tips_state)
    actor = mover(state)
    values = [brute(step(state, actor, a), seat, left - 1) for a in legal_actions(state, actor)]
    ours = actor == seat or partners(state.rules, actor, seat)
    return max(values) if ours else min(values)


def test_horizon_search_is_minimax_with_playouts_at_the_horizon() -> None:
    """With its memo and cut-offs the search gives depth-limited minimax's value exactly."""
    rng = random.Random("horizon")
    cut = 0
    for state in small_endgames(rng, 20, 8):
        seat = mover(state)
        for depth in (1, 2, 3):
            search = HorizonSearch(seat, depth, tips_state, NodeBudget(10**6, None))
            for action in legal_actions(state, seat):
                child = step(state, seat, action)
                assert search.value(child, 0.0, 1.0, depth) == brute(child, seat, depth)
            cut += search.horizon_met
    assert cut > 20


def test_deepening_reads_a_small_endgame_out_exactly() -> None:
    """Given room, deepening goes on until no line meets the horizon: the solver's value."""
    rng = random.Random("deepen")
    for state in small_endgames(rng, 15, 8):
        seat = mover(state)
        options = legal_actions(state, seat)
        found = deepen(state, seat, options, tips_state, NodeBudget(10**6, None))
        assert found is not None
        action, value, exact = found
        assert exact and action in options
        assert value == Solver(seat).best_action(state, options)[1]
        assert Solver(seat).value(step(state, seat, action), 0.0, 1.0) == value


def test_deepening_with_no_room_has_nothing_to_say() -> None:
    rng = random.Random("no room")
    state = small_endgames(rng, 1, 12)[0]
    seat = mover(state)
    assert deepen(state, seat, legal_actions(state, seat), tips_state, NodeBudget(1, None)) is None


def test_the_master_searches_to_a_horizon_when_the_solver_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """An endgame too big for the solver's nodes is decided by the horizon search with
    the master's remaining work, not by one playout per move."""
    monkeypatch.setattr(master, "SOLVER_NODES_PER_PLAYOUT", 0)  # the solver fails at once
    calls: list[int] = []

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return deepen(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(master, "deepen", counted)
    rng = random.Random("fallback")
    decided = 0
    for state, seat in positions(rng, 6, Rules(variant="podkidnoy", players=2)):
        obs = observe(state, seat)
        if not obs.everything_known or len(master.candidates(obs)) < 2 or decided == 8:
            continue
        try:
            Solver(seat, node_limit=0).best_action(state, master.candidates(obs))
            continue  # every move ends the game: solved without a node
        except NodeLimit:
            pass
        before = len(calls)
        move = master.choose(obs, random.Random(1), work=500)
        assert len(calls) == before + 1
        budget = NodeBudget(500 * master.HORIZON_NODES_PER_PLAYOUT, None)
        found = deepen(state, seat, master.candidates(obs), tips_state, budget)
        assert found is not None
        action, value, exact = found
        if exact and value <= 0.0:
            assert move in obs.legal  # proved lost: played for the opponent's mistakes
        else:
            assert move == action
            decided += 1
    assert decided > 5
