"""One finished table as a ranking and the points it is worth (``tournaments.places``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.places import RoundResult, forfeited, outlasted, table_order, table_points

from .results import random_result

PLAYERS = (10, 11, 12, 13, 14, 15)


def test_the_durak_is_last_and_the_others_rank_by_going_out() -> None:
    result = {"durak": 1, "draw": False, "losers": [1], "places": [2, 0, 3]}
    assert table_order(PLAYERS[:4], result) == [[12], [10], [13], [11]]


def test_a_durak_who_also_ran_out_still_comes_last() -> None:
    # draw_allowed false: the final attacker and defender ran out together, the defender loses.
    result = {"durak": 0, "draw": False, "losers": [0], "places": [2, 1, 0]}
    assert table_order(PLAYERS[:3], result) == [[12], [11], [10]]


def test_a_draw_ties_the_last_two_out() -> None:
    assert table_order(PLAYERS[:2], {"durak": None, "draw": True, "losers": [], "places": [1, 0]}) == [[11, 10]]
    four = {"durak": None, "draw": True, "losers": [], "places": [3, 1, 0, 2]}
    assert table_order(PLAYERS[:4], four) == [[13], [11], [10, 12]]
    assert table_order(PLAYERS[:4], four, drawn=3) == [[13], [11, 10, 12]]


def test_forfeited_seats_share_the_bottom_below_the_durak() -> None:
    result = {"durak": 1, "draw": False, "losers": [1], "places": [0, 2, 3], "forfeits": [3, 0]}
    assert table_order(PLAYERS[:4], result) == [[12], [11], [10, 13]]
    assert forfeited(PLAYERS[:4], result) == {10, 13}
    # At a table of two: a forfeit loses whatever the cards say; both forfeited is a draw.
    won_by_cards = {"durak": 1, "draw": False, "losers": [1], "places": [0], "forfeits": [0]}
    assert table_order(PLAYERS[:2], won_by_cards) == [[11], [10]]
    both = {"durak": 1, "draw": False, "losers": [1], "places": [0], "forfeits": [0, 1]}
    assert table_order(PLAYERS[:2], both) == [[10, 11]]


@pytest.mark.parametrize("result", [
    {"durak": 1, "draw": False, "losers": [1], "places": [0]},  # seat 2 nowhere
    {"durak": 1, "draw": False, "losers": [1], "places": [0, 2, 2]},
    {"durak": 5, "draw": False, "losers": [5], "places": [0, 1]},
    {"durak": None, "draw": True, "losers": [1], "places": [0, 1, 2]},
    {"durak": 1, "draw": False, "losers": [1], "places": [0, 2], "forfeits": [7]},
    {"durak": 1, "draw": False, "losers": [1], "places": "02"},
])
def test_a_result_that_does_not_place_every_seat_once_is_refused(result: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        table_order(PLAYERS[:3], result)


def test_two_player_points_are_a_win_a_draw_or_a_loss() -> None:
    assert table_points([[1], [2]]) == {1: 2, 2: 0}  # half-points: a win 1, a loss 0
    assert table_points([[1, 2]]) == {1: 1, 2: 1}  # a draw ½ each


def test_points_by_place_at_a_table_of_four() -> None:
    assert table_points([[1], [2], [3], [4]]) == {1: 6, 2: 4, 3: 2, 4: 0}  # 3, 2, 1, 0 points
    assert table_points([[1], [2, 3], [4]]) == {1: 6, 2: 3, 3: 3, 4: 0}  # the tie: 1½ each
    assert outlasted([[1], [2, 3], [4]]) == {1: 3, 2: 1, 3: 1, 4: 0}


@settings(max_examples=150, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_every_result_ranks_every_player_once_and_points_add_up(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    result = random_result(rng, seats, draw=0.3, forfeit=0.2)
    order = table_order(PLAYERS[:seats], result)
    assert sorted(p for g in order for p in g) == list(PLAYERS[:seats])
    assert all(order)
    forfeits = forfeited(PLAYERS[:seats], result)
    if forfeits:
        assert set(order[-1]) == forfeits
    elif result["durak"] is not None:
        assert order[-1] == [PLAYERS[result["durak"]]]
    points = table_points(order)
    assert sum(points.values()) == seats * (seats - 1)  # k(k-1)/2 points in half-points
    ranked = [points[p] for g in order for p in g]
    assert ranked == sorted(ranked, reverse=True)
    assert all(len({points[p] for p in g}) == 1 for g in order)


def test_a_round_refuses_a_player_twice() -> None:
    with pytest.raises(ValueError, match="player 3"):
        RoundResult.of([[[1], [3]], [[3, 4]]])
    with pytest.raises(ValueError, match="player 1"):
        RoundResult.of([[[1], [2]]], byes=[1])
    assert RoundResult.of([[[1], [2]]], byes=[5]).players() == [1, 2, 5]
