"""The arena's rules (``tournaments.arena``): points by place, the streak, seating the
waiting pool by close scores without last opponents, one player per place."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import arena


def test_a_table_scores_win_middle_durak_whatever_its_size() -> None:
    assert arena.table_base([[1], [2]]) == {1: 2, 2: 0}
    assert arena.table_base([[1, 2]]) == {1: 1, 2: 1}  # a draw
    assert arena.table_base([[1], [2], [3], [4]]) == {1: 2, 2: 1, 3: 1, 4: 0}
    assert arena.table_base([[1, 2], [3]]) == {1: 1, 2: 1, 3: 0}  # two share the best place: no win
    assert arena.table_base([[1], [2]], frozenset({1})) == {1: 0, 2: 0}  # a forfeited seat scores nothing


def test_two_wins_in_a_row_double_the_points_until_a_table_is_not_won() -> None:
    score = arena.Score()
    got = []
    for base in (2, 2, 2, 1, 2, 2, 0, 2):
        before = score.points
        score = arena.scored(score, base)
        got.append(score.points - before)
    assert got == [2, 2, 4, 2, 2, 2, 0, 2]
    assert score.tables == 8 and score.wins == 6 and score.streak == 1


def test_full_tables_wait_for_the_rest_unless_all_are_seated_now() -> None:
    assert arena.sizes_for(9, 4, all_now=False) == [4, 4]
    assert arena.sizes_for(9, 4, all_now=True) == [3, 3, 3]
    assert arena.sizes_for(5, 2, all_now=True) == [2, 2]
    assert arena.sizes_for(1, 2, all_now=True) == []


def test_close_scores_meet_and_last_opponents_are_split() -> None:
    waiting = [arena.Waiting(1, 10, 0.0, frozenset({2})), arena.Waiting(2, 9, 0.0, frozenset({1})),
               arena.Waiting(3, 1, 0.0, frozenset({4})), arena.Waiting(4, 0, 0.0, frozenset({3}))]
    tables = arena.tables_for(waiting, [2, 2])
    assert sorted(map(sorted, tables)) in ([[1, 3], [2, 4]], [[1, 4], [2, 3]])  # equal gaps: either
    waiting[2] = arena.Waiting(3, 8, 0.0, frozenset({4}))
    assert sorted(map(sorted, arena.tables_for(waiting, [2, 2]))) == [[1, 3], [2, 4]]  # the closer scores
    fresh = [arena.Waiting(p, 10 - p, 0.0) for p in range(1, 5)]
    assert arena.tables_for(fresh, [2, 2]) == [[1, 2], [3, 4]]


def test_those_who_waited_longest_are_seated_first() -> None:
    waiting = [arena.Waiting(p, 0, float(p)) for p in range(1, 6)]
    seated = {p for t in arena.tables_for(waiting, [2, 2]) for p in t}
    assert seated == {1, 2, 3, 4}


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 60), seats=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_seating_seats_each_waiting_player_at_most_once(n: int, seats: int, seed: int) -> None:
    rng = random.Random(seed)
    waiting = [arena.Waiting(p, rng.randrange(20), rng.random(), frozenset(rng.sample(range(1, n + 1), 2)))
               for p in range(1, n + 1)]
    for all_now in (False, True):
        sizes = arena.sizes_for(n, seats, all_now=all_now)
        tables = arena.tables_for(waiting, sizes)
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) == sum(sizes)
        assert all(2 <= len(t) <= seats for t in tables)


def test_the_ranking_gives_each_player_a_place_and_the_disqualified_the_last() -> None:
    scores = {1: arena.Score(points=5, wins=2), 2: arena.Score(points=5, wins=2), 3: arena.Score(points=9, wins=3),
              4: arena.Score(points=12, wins=5)}
    assert arena.ranking(scores, {1: 7, 2: 3}, frozenset({4})) == [3, 2, 1, 4]
