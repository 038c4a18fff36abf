"""Swiss (``tournaments.swiss``): pairings seat no one twice, avoid repeat opponents whenever
a round without them exists, keep similar points together; standings by points, then
Buchholz, then the drawn lot."""

from __future__ import annotations

import random
import time
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import swiss
from tournaments.places import RoundResult
from tournaments.seating import Seating, table_sizes

from .results import outcomes


def repeats(seating: Seating, met: dict[int, Counter[int]]) -> int:
    return sum(met.get(a, Counter())[b] for t in seating.tables for a, b in combinations(t, 2))


def repeat_free_exists(players: list[int], sizes: list[int], met: dict[int, Counter[int]]) -> bool:
    """Brute force: can ``players`` sit at tables of ``sizes`` (any order) with no repeat?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            table = (first, *others)
            if any(met.get(a, Counter())[b] for a, b in combinations(table, 2)):
                continue
            if repeat_free_exists([p for p in rest if p not in others], left, met):
                return True
    return False


def random_history(rng: random.Random, players: list[int], seats: int, rounds: int) -> list[RoundResult]:
    history: list[RoundResult] = []
    for number in range(rounds):
        seating = swiss.pair(players, seats, points=swiss.points(history), met=swiss.opponents(history),
                             seed=rng.randrange(10**9), byes_had=[p for r in history for p in r.byes])
        history.append(RoundResult.of([[[p] for p in rng.sample(t, len(t))] for t in seating.tables], seating.byes))
        assert number == len(history) - 1
    return history


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 9), seats=st.integers(2, 4), rounds=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_a_round_without_repeats_is_found_whenever_one_exists(n: int, seats: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    history = random_history(rng, players, seats, rounds)
    met = swiss.opponents(history)
    byes_had = [p for r in history for p in r.byes]
    seating = swiss.pair(players, seats, points=swiss.points(history), met=met, seed=seed, byes_had=byes_had)
    seated = [p for t in seating.tables for p in t]
    assert sorted(seated + list(seating.byes)) == players, "someone sits twice or not at all"
    assert sorted((len(t) for t in seating.tables), reverse=True) == table_sizes(n, seats)
    if repeat_free_exists(sorted(seated), table_sizes(n, seats), met):
        assert repeats(seating, met) == 0
    had = Counter(byes_had)
    for player in seating.byes:
        assert had[player] == min(had[p] for p in players), "a bye to a player who has had more byes"


def test_without_meetings_tables_take_similar_points_together() -> None:
    points = {p: 2 * (p // 3) for p in range(1, 25)}
    seating = swiss.pair(range(1, 25), 4, points=points, met={}, seed="s")
    tops = [sorted((points[p] for p in t), reverse=True) for t in seating.tables]
    for upper, lower in zip(tops, tops[1:], strict=False):
        assert upper[-1] >= lower[0]


def test_the_bye_goes_to_the_lowest_who_has_had_none() -> None:
    points = {1: 6, 2: 4, 3: 2, 4: 1, 5: 0}
    met: dict[int, Counter[int]] = {1: Counter({2: 1})}
    assert swiss.pair(range(1, 6), 2, points=points, met=met, seed=0).byes == (5,)
    assert swiss.pair(range(1, 6), 2, points=points, met=met, seed=0, byes_had=[5]).byes == (4,)


def test_points_and_buchholz() -> None:
    rounds = [RoundResult.of([[[1], [2]], [[3, 4]]], byes=[5]), RoundResult.of([[[1], [3], [5]]], byes=[2, 4])]
    assert swiss.points(rounds) == {1: 2 + 4, 2: 0 + 2, 3: 1 + 2, 4: 1 + 2, 5: 2 + 0}
    rows = {row.player: row for row in swiss.rows(range(1, 6), rounds)}
    assert rows[1].buchholz == 2 + 3 + 2  # met 2, then 3 and 5
    assert rows[2].buchholz == 6  # a bye adds no opponent
    assert rows[3].buchholz == 3 + 6 + 2 and rows[4].buchholz == 3 and rows[5].buchholz == 6 + 3
    # 3 and 4 have 1½ points each, 3 met stronger opponents; so did 5 against 2 on 1 point.
    assert swiss.standings(range(1, 6), rounds) == [[1], [3], [4], [5], [2]]


def test_equal_on_points_and_buchholz_share_a_place_unless_lots_are_drawn() -> None:
    rounds = [RoundResult.of([[[1], [2]], [[3], [4]]])]
    assert swiss.standings(range(1, 5), rounds) == [[1, 3], [2, 4]]
    drawn = swiss.standings(range(1, 5), rounds, seed="lots")
    assert [sorted(drawn[0] + drawn[1]), sorted(drawn[2] + drawn[3])] == [[1, 3], [2, 4]]
    assert drawn == swiss.standings(range(1, 5), rounds, seed="lots"), "the lot is re-drawn from its seed"


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 30), seats=st.integers(2, 6), rounds=st.integers(1, 5), seed=st.integers(0, 10**6),
       lot=st.booleans())
def test_standings_order_by_points_then_buchholz_then_lot(n: int, seats: int, rounds: int, seed: int,
                                                          lot: bool) -> None:
    entrants = list(range(1, n + 1))
    played = swiss.play(entrants, seats, rounds, outcomes(seed, draw=0.2, forfeit=0.05), seed)
    rows = swiss.rows(entrants, played.rounds, seed=seed if lot else None)
    keys = [(-r.points, -r.buchholz, r.lot or 0) for r in rows]
    assert keys == sorted(keys)
    ranking = swiss.standings(entrants, played.rounds, seed=seed if lot else None)
    assert sorted(p for g in ranking for p in g) == entrants
    if lot:
        assert all(len(g) == 1 for g in ranking), "the lot leaves no tie"
    else:
        by_player = {r.player: (r.points, r.buchholz) for r in rows}
        keyed = [{by_player[p] for p in g} for g in ranking]
        assert all(len(k) == 1 for k in keyed) and len({next(iter(k)) for k in keyed}) == len(keyed)
    assert sum(swiss.points(played.rounds).values()) == sum(
        len(t_) * (len(t_) - 1) for r in played.seatings for t_ in r.tables) + swiss.BYE * sum(
        len(s.byes) for s in played.seatings)
    for seating in played.seatings:
        seated = [p for t in seating.tables for p in t] + list(seating.byes)
        assert sorted(seated) == entrants


def test_a_swiss_round_of_1024_is_paired_fast() -> None:
    entrants = list(range(1024))
    started = time.perf_counter()
    played = swiss.play(entrants, 4, 5, outcomes(3), "bench")
    per_round = (time.perf_counter() - started) / 5
    met = swiss.opponents(played.rounds[:-1])
    assert repeats(played.seatings[-1], met) == 0
    assert per_round < 0.5, f"{per_round:.3f} s a round"


def test_pairing_falls_back_to_the_fewest_repeats_when_none_is_free() -> None:
    # Four players who have all met: every table repeats; the fewest repeats still hold.
    met = {p: Counter(q for q in range(1, 5) if q != p) for p in range(1, 5)}
    seating = swiss.pair(range(1, 5), 2, points={1: 2, 2: 2, 3: 0, 4: 0}, met=met, seed=1)
    assert sorted(len(t) for t in seating.tables) == [2, 2]
    assert repeats(seating, met) == 2


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 6))
def test_a_spent_search_budget_still_seats_everyone_with_no_more_repeats_than_greedy(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, 41))
    history = random_history(rng, players, seats, 6)
    met, scored = swiss.opponents(history), swiss.points(history)
    tight = swiss.pair(players, seats, points=scored, met=met, seed=seed, budget=1)
    full = swiss.pair(players, seats, points=scored, met=met, seed=seed)
    for seating in (tight, full):
        assert sorted(p for t in seating.tables for p in t) == players
    assert repeats(full, met) <= repeats(tight, met)
    with pytest.raises(ValueError):
        swiss.pair([1, 1, 2], 2, points={1: 1}, met={}, seed=1)


def test_points_are_worth_the_same_at_tables_of_different_sizes() -> None:
    """Issue 31, defect 5: 13 players at tables of 4 sit 4, 3, 3, 3; a win was worth 3 at
    the table of 4 and 2 at the others. Scaled to tables of 4, it is worth 3 everywhere."""
    rounds = [RoundResult.of([[[1], [2], [3], [4]], [[5], [6], [7]], [[8], [9], [10]], [[11], [12], [13]]])]
    scored = swiss.points(rounds, seats=4)
    assert scored[1] == scored[5] == scored[8] == scored[11] == 6  # half-points: 3 points
    assert scored[4] == scored[7] == scored[13] == 0
    assert scored[6] == 3 and scored[2] == 4  # outlasting half a table is worth half a win
    rows = swiss.rows(range(1, 14), rounds, seats=4)
    assert {row.player for row in rows[:4]} == {1, 5, 8, 11}
    assert swiss.points(rounds) == {**{p: v for p, v in zip(range(1, 5), (6, 4, 2, 0), strict=True)},
                                    5: 4, 6: 2, 7: 0, 8: 4, 9: 2, 10: 0, 11: 4, 12: 2, 13: 0}, "unscaled: as before"
