"""The endgame solver agrees with plain minimax on small endgames; the lean step agrees
with the engine's decide."""

from __future__ import annotations

import random

from games.engine import (
    PASS,
    Rules,
    State,
    actors,
    apply,
    decide,
    legal_actions,
    replay,
    shuffled_deck,
    start,
)
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score, step
from games.engine.ai.solver import Solver, solvable
from games.engine.state import partners
from tests.engine.ai.support import random_rules


def brute(state: State, seat: int) -> float:
    """Minimax with no memo and no pruning, same turn order as the solver."""
    if state.result is not None:
        return score(state, seat)
    actor = mover(state)
    values = [brute(step(state, actor, a), seat) for a in legal_actions(state, actor)]
    ours = actor == seat or partners(state.rules, actor, seat)
    return max(values) if ours else min(values)


def small_endgames(rng: random.Random, count: int, most_cards: int,
                   variant: str = "podkidnoy") -> list[State]:
    found: list[State] = []
    while len(found) < count:
        rules = Rules(variant=variant, deck=24,
                      players=rng.choice((2, 3)), lead=rng.choice(("single", "pair")))
        state = replay(start(rules, shuffled_deck(rules, rng)))
        while state.result is None:
            if solvable(state) and sum(h.bit_count() for h in state.hands) + 2 * len(state.table) <= most_cards:
                found.append(state)
                break
            seat = mover(state)
            state = step(state, seat, greedy_state(state, seat) if rng.random() < 0.7
                         else rng.choice(legal_actions(state, seat)))
    return found


def test_solver_agrees_with_brute_force() -> None:
    """For every root action of small podkidnoy endgames (whose game tree has no cycles),
    alpha-beta with a memo gives the exact minimax value."""
    rng = random.Random("solver")
    for state in small_endgames(rng, 20, 6):
        seat = mover(state)
        solver = Solver(seat)
        for action in legal_actions(state, seat):
            child = step(state, seat, action)
            assert solver.value(child, 0.0, 1.0) == brute(child, seat)
        best, value = Solver(seat).best_action(state, legal_actions(state, seat))
        assert value == max(brute(step(state, seat, a), seat) for a in legal_actions(state, seat))
        assert brute(step(state, seat, best), seat) == value


def test_solver_finishes_perevodnoy_endgames() -> None:
    """Transfers can make an endgame go round in circles; the solver still answers."""
    rng = random.Random("perevodnoy")
    for state in small_endgames(rng, 10, 8, "perevodnoy"):
        seat = mover(state)
        best, value = Solver(seat).best_action(state, legal_actions(state, seat))
        assert best in legal_actions(state, seat) and 0.0 <= value <= 1.0


def test_search_step_matches_decide() -> None:
    """The engine's ``step`` used by search leads to the same states as ``decide`` and
    ``apply`` over random games of every variant."""
    rng = random.Random("step")
    for _ in range(25):
        rules = random_rules(rng)
        state = replay(start(rules, shuffled_deck(rules, rng)))
        while True:
            seats = actors(state)
            if not seats:
                break
            seat = rng.choice(seats)
            action = rng.choice(legal_actions(state, seat))
            expected = state
            for event in decide(state, seat, action):
                expected = apply(expected, event)
            assert step(state, seat, action) == expected
            state = expected


def test_a_forced_pass_costs_the_solver_no_node() -> None:
    """A thrower asked with nothing to throw in (docs/rules.md#throwing-in) has one move:
    the solver plays it through without spending its node budget, so the positional
    passes do not shrink the endgames it can solve."""
    rng = random.Random("forced")
    checked = 0
    for state in small_endgames(rng, 40, 6):
        seen = [state]
        while seen[-1].result is None and len(seen) < 200:
            s = seen[-1]
            seen.append(step(s, mover(s), legal_actions(s, mover(s))[0]))
        for s in seen:
            if s.result is None and legal_actions(s, mover(s)) == [PASS]:
                child = step(s, mover(s), PASS)
                solver = Solver(mover(s))
                assert solver.value(s, 0.0, 1.0) == solver.value(child, 0.0, 1.0) == brute(child, mover(s))
                counted = Solver(mover(s))
                counted.value(s, 0.0, 1.0)
                direct = Solver(mover(s))
                direct.value(child, 0.0, 1.0)
                assert counted.budget.nodes == direct.budget.nodes
                checked += 1
    assert checked >= 10
