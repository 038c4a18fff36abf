"""Every level answers every position of every variant with a legal action."""

from __future__ import annotations

import random

import pytest

from games.engine import Rules, actors, decide, legal_actions, replay, shuffled_deck, start
from games.engine.ai import LEVELS, choose_action, observe
from games.engine.ai.greedy import choose as greedy_choose
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover
from tests.engine.ai.support import positions, random_rules


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "master"])
def test_fast_levels_always_return_a_legal_action(level: str) -> None:
    """Across random games of every variant and option (teams, 2–6 players), the level's
    answer is one of the seat's legal actions, including when two seats may act at once."""
    rng = random.Random(f"levels-{level}")
    checked = 0
    for state, seat in positions(rng, 25):
        action = choose_action(state, seat, level, seed=checked)
        assert action in legal_actions(state, seat)
        checked += 1
    assert checked > 1000


def test_master_returns_a_legal_action_on_a_small_budget() -> None:
    """The search level, given a few milliseconds, still answers legally everywhere."""
    rng = random.Random("levels-master")
    for i, (state, seat) in enumerate(positions(rng, 12)):
        if i % 7:
            continue
        action = choose_action(state, seat, "master", seed=i, budget_ms=3)
        assert action in legal_actions(state, seat)


@pytest.mark.parametrize("level", LEVELS)
def test_a_table_of_one_level_plays_games_to_the_end(level: str) -> None:
    """Games where every seat is the same level finish (the level never stalls a game)."""
    rng = random.Random(f"finish-{level}")
    games = 2 if level == "master" else 8
    for g in range(games):
        rules = random_rules(rng)
        state = replay(start(rules, shuffled_deck(rules, rng)))
        for move in range(3000):
            seats = actors(state)
            if not seats:
                break
            seat = rng.choice(seats)
            action = choose_action(state, seat, level, seed=move, budget_ms=2)
            for event in decide(state, seat, action):
                from games.engine import apply
                state = apply(state, event)
        assert state.result is not None, (level, g, rules)


def test_unknown_level_is_refused() -> None:
    rules = Rules()
    state = replay(start(rules, shuffled_deck(rules, random.Random(1))))
    with pytest.raises(ValueError):
        choose_action(state, state.attacker, "grandmaster")


def test_greedy_on_a_state_matches_greedy_on_the_observation() -> None:
    """The playout policy is the greedy baseline itself."""
    rng = random.Random("greedy")
    for state, _ in positions(rng, 40):
        seat = mover(state)
        assert greedy_state(state, seat) == greedy_choose(observe(state, seat))


def test_teams_never_attack_a_partner() -> None:
    """At a team table the experienced level passes rather than throw in to a partner
    (the engine never lets it), and every answer is legal."""
    rng = random.Random("teams")
    rules = Rules(players=4, teams=True)
    for state, seat in positions(rng, 4, rules):
        action = choose_action(state, seat, "experienced")
        assert action in legal_actions(state, seat)
        assert not (state.table and seat != state.defender and (seat - state.defender) % 2 == 0)


# The readings added as options for issue 25, each at a table where it changes the game
# (docs/rules.md#throwing-in, docs/rules.md#transfers, docs/rules.md#drawing-order).
NEW_READINGS = {
    "round": Rules(players=4, throw_in_order="round"),
    "draw_others": Rules(players=4, variant="perevodnoy", draw_others="left_of_defender"),
    "initiator": Rules(players=3, variant="perevodnoy", initiator_throws_after_transfer=False),
    "both_neighbours": Rules(players=6, teams=True, throw_in="both_neighbours", throw_in_order="round"),
    "one_card": Rules(variant="perevodnoy", transfer_cards="one"),
}


@pytest.mark.parametrize("name", NEW_READINGS)
def test_every_level_answers_legally_under_the_new_readings(name: str) -> None:
    """Every level, the fast paths of its playouts included, plays only legal actions
    under each new reading (the master on a few positions, on a small budget)."""
    rng = random.Random(f"readings-{name}")
    for i, (state, seat) in enumerate(positions(rng, 4, NEW_READINGS[name])):
        for level in LEVELS:
            if level == "master" and i % 11:
                continue
            action = choose_action(state, seat, level, seed=i, budget_ms=3)
            assert action in legal_actions(state, seat), (name, level, action)
