"""A lost endgame played for the opponent's mistakes: the move ``swindle`` suggests does
beat (or at least draw against) a greedy opponent, and a brute search agrees when it
finds none."""

from __future__ import annotations

import random

from games.engine import Rules, State, legal_actions, replay, shuffled_deck, start
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score, step
from games.engine.ai.solver import NodeLimit, Solver, solvable
from games.engine.ai.swindle import swindle


def lost_endgames(rng: random.Random, count: int, variant: str) -> list[tuple[State, int]]:
    """Small two-player endgames (every card known) that the seat to move loses against
    perfect play, reached by greedy play."""
    found: list[tuple[State, int]] = []
    while len(found) < count:
        rules = Rules(variant=variant, deck=24, players=2)
        state = replay(start(rules, shuffled_deck(rules, rng)))
        while state.result is None and not solvable(state):
            seat = mover(state)
            state = step(state, seat, greedy_state(state, seat))
        if state.result is None and sum(hand.bit_count() for hand in state.hands) <= 11:
            seat = mover(state)
            try:
                _, value = Solver(seat, node_limit=50_000).best_action(state, legal_actions(state, seat))
            except NodeLimit:
                continue
            if value == 0.0:
                found.append((state, seat))
    return found


def beats_greedy(state: State, seat: int, depth: int = 0) -> bool:
    """Brute force: can ``seat`` do better than lose from ``state`` when the other seat
    plays greedily?"""
    if state.result is not None:
        return score(state, seat) > 0.0
    if depth > 200:
        return False
    actor = mover(state)
    if actor != seat:
        return beats_greedy(step(state, actor, greedy_state(state, actor)), seat, depth + 1)
    return any(beats_greedy(step(state, actor, action), seat, depth + 1) for action in legal_actions(state, actor))


def test_a_swindle_wins_against_greedy_play_when_the_brute_search_says_one_exists() -> None:
    rng = random.Random(20261130)
    suggested = 0
    for variant in ("podkidnoy", "perevodnoy"):
        for state, seat in lost_endgames(rng, 8, variant):
            action = swindle(state, seat, legal_actions(state, seat))
            small = sum(hand.bit_count() for hand in state.hands) <= 8
            if action is None:
                if small:  # the search is exhaustive here: nothing wins against greedy play
                    assert not beats_greedy(state, seat)
                continue
            suggested += 1
            # Play it out: our seat keeps following the swindle, theirs plays greedily.
            while state.result is None:
                actor = mover(state)
                if actor == seat:
                    move = swindle(state, seat, legal_actions(state, seat))
                    assert move is not None, "a winning line does not vanish while the opponent follows it"
                else:
                    move = greedy_state(state, actor)
                state = step(state, actor, move)
            assert score(state, seat) > 0.0  # a win, or at least a draw, instead of the loss
    assert suggested > 0  # greedy play does err in lost endgames: the test saw swindles
