"""The schedule, the standings and the split of the pool, without a database."""

from __future__ import annotations

from itertools import combinations

import pytest

from tournaments.scoring import DRAW, LOSS, WIN, Outcome, check_split, payouts, round_robin, standings


@pytest.mark.parametrize("n", range(2, 11))
def test_round_robin_pairs_everyone_once_and_nobody_twice_in_a_round(n: int) -> None:
    players = list(range(100, 100 + n))
    rounds = round_robin(players)
    assert len(rounds) == (n if n % 2 else n - 1)
    met = [frozenset(pair) for pairs in rounds for pair in pairs]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(players, 2)), key=sorted)
    for pairs in rounds:
        seated = [p for pair in pairs for p in pair]
        assert len(seated) == len(set(seated)), "someone plays two tables in one round"
        assert len(pairs) == n // 2


@pytest.mark.parametrize("n", range(2, 12))
def test_round_robin_seats_everyone_first_about_as_often(n: int) -> None:
    firsts = dict.fromkeys(range(n), 0)
    for pairs in round_robin(list(range(n))):
        for first, _ in pairs:
            firsts[first] += 1
    assert max(firsts.values()) - min(firsts.values()) <= 1


def test_round_robin_needs_two() -> None:
    assert round_robin([7]) == [] and round_robin([]) == []


def test_standings_rank_by_points_then_wins_and_ties_share_a_place() -> None:
    # 1 beats 2, 2 beats 3, 3 beats 1: all on 1 point; 4 draws with everyone.
    results = [Outcome(1, 2, WIN), Outcome(2, 3, WIN), Outcome(3, 1, WIN),
               Outcome(4, 1, DRAW), Outcome(4, 2, DRAW), Outcome(3, 4, DRAW)]
    ranked = standings([1, 2, 3, 4], results)
    assert [(r.player, r.half_points, r.wins, r.place) for r in ranked] == [
        (1, 3, 1, 1), (2, 3, 1, 1), (3, 3, 1, 1), (4, 3, 0, 4),
    ]
    assert all(r.played == 3 for r in ranked)
    assert sum(r.wins for r in ranked) == sum(r.losses for r in ranked)


def test_payouts_pay_the_whole_pool_by_the_split() -> None:
    ranked = standings([1, 2, 3, 4], [Outcome(1, 2, WIN), Outcome(3, 4, WIN), Outcome(1, 3, WIN),
                                      Outcome(2, 4, LOSS), Outcome(1, 4, WIN), Outcome(2, 3, DRAW)])
    assert [(r.player, r.half_points) for r in ranked] == [(1, 6), (3, 3), (4, 2), (2, 1)]
    prizes = payouts(1000, [60, 30, 10], ranked)
    assert prizes == {1: 600, 3: 300, 4: 100}


def test_tied_places_share_their_prizes_and_rounding_goes_to_the_best() -> None:
    ranked = standings([1, 2, 3], [Outcome(1, 2, WIN), Outcome(2, 3, WIN), Outcome(3, 1, WIN)])
    assert {r.place for r in ranked} == {1}
    prizes = payouts(100, [50, 30, 20], ranked)
    assert sum(prizes.values()) == 100
    assert sorted(prizes.values()) == [33, 33, 34]


def test_paid_places_beyond_the_field_fold_into_first() -> None:
    ranked = standings([1, 2], [Outcome(1, 2, WIN)])
    assert payouts(500, [50, 30, 20], ranked) == {1: 350, 2: 150}


def test_an_empty_pool_pays_nothing() -> None:
    ranked = standings([1, 2], [Outcome(1, 2, WIN)])
    assert payouts(0, [100], ranked) == {}


@pytest.mark.parametrize("split", [[], [50, 40], [40, 60], [101, -1], ["50", 50], [True, 99], "100"])
def test_a_bad_split_is_refused(split: object) -> None:
    with pytest.raises(ValueError):
        check_split(split)
