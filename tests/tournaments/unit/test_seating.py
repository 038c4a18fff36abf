"""Seating a round (``tournaments.seating``): no one twice, balanced tables, never a table of
one, byes fair, snake seeding by rating, reproducible from the seed, fast at 1,024."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import Seating, seat, snake, table_sizes


def check_seating(seating: Seating, players: set[int], seats: int) -> None:
    seated = [p for t in seating.tables for p in t] + list(seating.byes)
    assert sorted(seated) == sorted(players), "someone is seated twice or not at all"
    sizes = [len(t) for t in seating.tables]
    assert sizes == table_sizes(len(players), seats)
    if sizes:
        assert min(sizes) >= 2 and max(sizes) <= seats and max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize("seats", range(2, 7))
def test_table_sizes_are_balanced_and_never_one(seats: int) -> None:
    for count in range(0, 300):
        sizes = table_sizes(count, seats)
        byes = count - sum(sizes)
        if count < 2:
            assert sizes == [] and byes == count
            continue
        assert min(sizes) >= 2 and max(sizes) <= seats and max(sizes) - min(sizes) <= 1
        assert sizes == sorted(sizes, reverse=True)
        if seats == 2:
            assert byes == count % 2
        else:
            assert byes == 0 and len(sizes) == -(-count // seats)  # as few tables as fit


def test_table_sizes_examples() -> None:
    assert table_sizes(7, 6) == [4, 3]
    assert table_sizes(13, 4) == [4, 3, 3, 3]
    assert table_sizes(5, 2) == [2, 2]
    assert table_sizes(4, 3) == [2, 2]
    with pytest.raises(ValueError):
        table_sizes(4, 1)


@settings(max_examples=120, deadline=None)
@given(players=st.sets(st.integers(1, 10_000), max_size=60), seats=st.integers(2, 6), seed=st.text(max_size=8),
       rated=st.booleans(), byes=st.lists(st.integers(1, 10_000), max_size=40))
def test_seat_is_balanced_fair_and_reproducible(players: set[int], seats: int, seed: str, rated: bool,
                                                byes: list[int]) -> None:
    ratings = {p: float(p % 97) for p in players if p % 3} if rated else None
    seating = seat(players, seats, seed=seed, ratings=ratings, byes_had=byes)
    check_seating(seating, players, seats)
    had = Counter(byes)
    others = players - set(seating.byes)
    if seating.byes and others:  # a lone player sits out whatever it had before
        assert max(had[p] for p in seating.byes) <= min(had[p] for p in others), "an unfair bye"
    again = seat(sorted(players, reverse=True), seats, seed=seed, ratings=ratings, byes_had=byes)
    assert again == seating, "the same round must be derived again from the same inputs"


def test_a_bye_goes_to_a_player_who_has_had_none() -> None:
    players = range(1, 8)
    for seed in range(30):
        seating = seat(players, 2, seed=seed, byes_had=[1, 2, 3, 4, 5, 6])
        assert seating.byes == (7,)


def test_snake_seeding_puts_the_strongest_at_different_tables() -> None:
    assert snake([1, 2, 3, 4, 5, 6, 7, 8], 3) == [[1, 6, 7], [2, 5, 8], [3, 4]]
    ratings = {p: 3000.0 - p for p in range(1, 25)}
    seating = seat(range(1, 25), 4, seed="s", ratings=ratings)
    strongest = set(range(1, 7))  # six tables, six strongest
    assert all(len(strongest & set(t)) == 1 for t in seating.tables)


def test_unrated_players_come_after_the_rated() -> None:
    ratings = {1: 1500.0, 2: 1600.0, 3: 1700.0}
    seating = seat([1, 2, 3, 4, 5, 6], 2, seed=0, ratings=ratings)
    assert all(len({1, 2, 3} & set(t)) == 1 for t in seating.tables)


def test_without_ratings_the_draw_depends_on_the_seed() -> None:
    draws = {seat(range(40), 4, seed=f"seed {i}").tables for i in range(5)}
    assert len(draws) == 5


def test_seating_1024_entrants_at_tables_of_four_is_fast() -> None:
    ratings = {p: float(p * 7919 % 1000) for p in range(1024)}
    started = time.perf_counter()
    plain = seat(range(1024), 4, seed="bench")
    rated = seat(range(1024), 4, seed="bench", ratings=ratings)
    elapsed = (time.perf_counter() - started) / 2
    check_seating(plain, set(range(1024)), 4)
    check_seating(rated, set(range(1024)), 4)
    assert len(plain.tables) == 256
    assert elapsed < 1.0, f"seating 1,024 took {elapsed:.3f} s"
