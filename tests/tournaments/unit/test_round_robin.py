"""Round-robin schedules (``tournaments.round_robin``): the circle method at tables of two
(the old round robin's schedule, so its stored tournaments read the same), a greedy pair
cover at tables of 3 to 6."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.round_robin import circle, cover, schedule
from tournaments.seating import table_sizes


def test_circle_is_the_old_round_robins_schedule() -> None:
    """The schedule the two-player round robin always used (its seat 0 alternates)."""
    assert circle([1, 2, 3, 4]) == [[(1, 4), (2, 3)], [(3, 1), (4, 2)], [(1, 2), (3, 4)]]
    assert circle([1, 2, 3]) == [[(2, 3)], [(3, 1)], [(1, 2)]]


@pytest.mark.parametrize("n", range(2, 12))
def test_circle_pairs_everyone_exactly_once(n: int) -> None:
    rounds = circle(list(range(n)))
    met = sorted(tuple(sorted(pair)) for pairs in rounds for pair in pairs)
    assert met == list(combinations(range(n), 2))
    for pairs in rounds:
        seated = [p for pair in pairs for p in pair]
        assert len(seated) == len(set(seated))


@settings(max_examples=60, deadline=None)
@given(players=st.lists(st.integers(0, 999), unique=True, max_size=24), seats=st.integers(2, 6))
def test_every_pair_shares_a_table_and_every_round_seats_everyone_once(players: list[int], seats: int) -> None:
    rounds = schedule(players, seats)
    covered = {frozenset(pair) for tables in rounds for table in tables for pair in combinations(table, 2)}
    assert covered == {frozenset(pair) for pair in combinations(players, 2)}
    for tables in rounds:
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated))
        if seats > 2:
            assert sorted(seated) == sorted(players)
            assert [len(t) for t in tables] == table_sizes(len(players), seats)


# 6 at tables of 3 take 5 rounds where 4 would do, but 4 would seat one pair together in all 4.
@pytest.mark.parametrize(("n", "seats", "most"), [(6, 3, 5), (9, 3, 4), (8, 4, 3), (12, 4, 6), (12, 6, 3), (20, 5, 8)])
def test_the_greedy_cover_is_not_far_from_the_bound(n: int, seats: int, most: int) -> None:
    # At least ceil((n - 1) / (seats - 1)) rounds are needed: each round meets seats - 1 more.
    rounds = cover(list(range(n)), seats)
    assert -(-(n - 1) // (seats - 1)) <= len(rounds) <= most


def test_small_fields() -> None:
    assert cover([1, 2, 3], 4) == [[(1, 2, 3)]]
    assert cover([7], 3) == [] and schedule([], 2) == []
    with pytest.raises(ValueError):
        cover([1, 1, 2], 3)


@pytest.mark.parametrize(("n", "seats", "most_together"), [(12, 4, 3), (13, 4, 2), (16, 4, 1), (9, 3, 1), (24, 6, 3)])
def test_no_two_players_sit_together_round_after_round(n: int, seats: int, most_together: int) -> None:
    """Issue 31, defect 6: 12 players at tables of 4 once sat the same two together in all
    6 rounds. Repeats are spread: no pair meets more than ``most_together`` times."""
    rounds = cover(list(range(1, n + 1)), seats)
    together = {pair: sum(1 for tables in rounds for t in tables if set(pair) <= set(t))
                for pair in combinations(range(1, n + 1), 2)}
    assert max(together.values()) <= most_together < len(rounds) or len(rounds) == 1
