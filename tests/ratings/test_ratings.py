"""Elo ratings: only games between two people, each game once, forfeits lose."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game
from games.results import first_seat_score
from ratings.models import Rating, RatingChange
from ratings.services import expected, new_ratings, rating_update
from tests.harness.moves import play_out_over_rest
from tests.harness.tables import table_over_rest

pytestmark = pytest.mark.django_db(transaction=True)


def test_elo_arithmetic() -> None:
    assert expected(1500, 1500) == pytest.approx(0.5)
    assert expected(1900, 1500) == pytest.approx(10 / 11)
    assert new_ratings(1500, 1500, 1.0, 0, 0) == (1520, 1480)
    assert new_ratings(1500, 1500, 0.5, 50, 50) == (1500, 1500)
    # An upset moves more than an expected win.
    upset = new_ratings(1300, 1700, 1.0, 50, 50)
    expected_win = new_ratings(1700, 1300, 1.0, 50, 50)
    assert upset[0] - 1300 > expected_win[0] - 1700 > 0


@pytest.mark.parametrize("result, score", [
    ({"durak": 1, "draw": False, "losers": [1]}, 1.0),
    ({"durak": 0, "draw": False, "losers": [0]}, 0.0),
    ({"durak": None, "draw": True, "losers": []}, 0.5),
    ({"durak": 1, "draw": False, "losers": [1], "forfeits": [0]}, 0.0),
    ({"durak": 0, "draw": False, "losers": [0], "forfeits": [0, 1]}, 0.5),
])
def test_the_first_seat_score(result: dict[str, Any], score: float) -> None:
    assert first_seat_score(result) == score


def test_a_game_between_two_people_is_rated_once(make_client: Any) -> None:
    a, b = make_client(), make_client()
    game_id = table_over_rest(a, b, rules={"players": 2})["id"]
    play_out_over_rest({0: a, 1: b}, game_id)
    changes = RatingChange.objects.filter(game_id=game_id)
    assert changes.count() == 2
    result = Game.objects.get(pk=game_id).result
    ratings = {r.player_id: r for r in Rating.objects.all()}
    assert {r.games for r in ratings.values()} == {1}
    if result["draw"]:
        assert {r.value for r in ratings.values()} == {1500}
    else:
        loser = a.player if 0 in result["losers"] else b.player
        assert ratings[loser.pk].value == 1480 and sum(r.value for r in ratings.values()) == 3000
    assert rating_update(game_id=game_id) is False, "a game is rated once"
    assert RatingChange.objects.filter(game_id=game_id).count() == 2
    board = a.get("/api/v1/ratings/").json()["players"]
    assert [row["games"] for row in board] == [1, 1]
    assert board[0]["rating"] >= board[1]["rating"] and board[0]["place"] == 1


def test_games_against_the_computer_are_not_rated(make_client: Any) -> None:
    a = make_client()
    game_id = table_over_rest(a, rules={"players": 2}, opponents=[{"ai": "novice"}])["id"]
    play_out_over_rest({0: a}, game_id, limit=500)
    assert Game.objects.get(pk=game_id).status == "finished"
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
