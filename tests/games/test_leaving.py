"""Leaving a running game (``POST /api/v1/games/{id}/leave/``, ``games.leaving``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import computer, leaving, selectors, services
from games.engine import Rules, event_from_dict, give_up, replay, shuffled_deck, start
from games.engine.errors import IllegalAction
from games.models import Game, GameEvent
from games.results import first_seat_score
from tests.harness.moves import play_out_over_rest, seat_due
from tests.harness.tables import table_create, table_over_rest


def _leave(client: Any, game_id: int) -> Any:
    return client.post(f"/api/v1/games/{game_id}/leave/")


def _error(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    assert response.json()["error"]["code"] == code


def test_alone_against_computers_the_game_ends_with_the_leaver_its_durak(make_client: Any) -> None:
    alice = make_client()
    view = alice.create({"players": 3}, [{"ai": "novice"}, {"ai": "novice"}]).json()
    left = _leave(alice, view["id"])
    assert left.status_code == 200, left.content
    after = left.json()
    assert after["status"] == "finished"
    assert after["result"]["durak"] == 0 and after["result"]["losers"] == [0]
    assert after["result"]["forfeits"] == [0] and after["seats"][0]["given_up"] is True
    assert sorted(after["result"]["places"]) == [1, 2]
    game = Game.objects.get(pk=view["id"])
    assert game.status == Game.Status.FINISHED and game.result["forfeits"] == [0]
    # The log says so, and replaying the log gives the same end.
    types = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("type", flat=True))
    assert types[-2:] == ["seat_given_up", "game_finished"]
    state = replay(event_from_dict(p) for p in GameEvent.objects.filter(game=game).order_by("seq")
                   .values_list("payload", flat=True))
    assert state.result is not None and state.result.durak == 0 and state.given_up == 1
    # The lists show the game as lost by leaving.
    listed = next(g for g in alice.get("/api/v1/games/").json()["games"] if g["id"] == view["id"])
    assert listed["status"] == "finished" and listed["result"]["forfeits"] == [0]


@pytest.mark.django_db(transaction=True)
def test_leaving_twice_answers_the_same_and_a_finished_game_is_409(make_client: Any) -> None:
    alice = make_client()
    game_id = alice.create({"players": 2}, [{"ai": "novice"}]).json()["id"]
    first = _leave(alice, game_id).json()
    again = _leave(alice, game_id)
    assert again.status_code == 200 and again.json()["seq"] == first["seq"]
    assert GameEvent.objects.filter(game_id=game_id, type="seat_given_up").count() == 1
    # A game that ended by play cannot be left.
    bob = make_client()
    other = bob.create({"players": 2}, [{"ai": "novice"}]).json()["id"]
    play_out_over_rest({0: bob}, other, choose=random.Random(3).choice, limit=500)
    _error(_leave(bob, other), 409, "game_finished")


def test_only_a_seated_player_may_leave_and_not_before_the_deal(make_client: Any) -> None:
    alice, stranger = make_client(), make_client()
    game_id = alice.create({"players": 2}, [{"ai": "novice"}]).json()["id"]
    _error(_leave(stranger, game_id), 403, "not_a_player")
    _error(_leave(alice, 999999), 404, "not_found")
    waiting = alice.create({"players": 2}).json()["id"]
    _error(_leave(alice, waiting), 409, "game_not_started")
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE


@pytest.mark.django_db(transaction=True)
def test_with_other_people_the_computer_plays_the_seat_and_it_ranks_last(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 3}, fill="novice")
    game_id = view["id"]
    left = _leave(alice, game_id)
    assert left.status_code == 200, left.content
    assert left.json()["status"] == "active" and left.json()["seats"][0]["given_up"] is True
    # Alice may play no more; Bob and the computers play on, the computer in Alice's seat.
    seen = alice.view(game_id)
    if seen["legal_actions"]:
        _error(alice.act(game_id, seen["legal_actions"][0], seen["seq"]), 409, "seat_given_up")
    end = play_out_over_rest({1: bob}, game_id, choose=random.Random(5).choice, limit=500)
    assert end["status"] == "finished"
    assert 0 in end["result"]["forfeits"]
    game = Game.objects.get(pk=game_id)
    assert 0 in game.result["forfeits"]
    assert first_seat_score(game.result) == 0.0
    assert selectors.game_view_for(game, None)["result"]["forfeits"] == game.result["forfeits"]


def test_the_engine_refuses_a_finished_game_a_seat_out_or_given_up() -> None:
    rules = Rules.from_dict({"players": 3})
    events = start(rules, shuffled_deck(rules, random.Random(7)))
    state = replay(events)
    gone = replay([*events, *give_up(state, 1, finish=False)])
    assert gone.given_up == 2 and gone.result is None
    try:
        give_up(gone, 1, finish=False)
    except IllegalAction as error:
        assert error.code == "seat_given_up"
    else:
        raise AssertionError("a seat given up twice")
    ended = replay([*events, *give_up(state, 2, finish=True)])
    assert ended.result is not None and ended.result.durak == 2 and ended.result.places == (0, 1)
    try:
        give_up(ended, 0, finish=True)
    except IllegalAction as error:
        assert error.code == "game_finished"
    else:
        raise AssertionError("a finished game given up")


def test_the_schema_names_leave_and_back_with_their_answers(db: None) -> None:
    from django.test import Client as DjangoClient

    paths = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    leave = paths["/api/v1/games/{game_id}/leave/"]["post"]["responses"]
    assert {"200", "403", "404", "409"} <= set(leave)
    assert "GameView" in str(leave["200"])
    back = paths["/api/v1/games/{game_id}/back/"]
    assert "SeatBack" in str(back["post"]["responses"]["200"])
    assert "SeatAway" in str(back["get"]["responses"]["200"])
    schema = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    assert "timer" in schema["TableOptions"]["properties"] and "options" in schema["GameView"]["properties"]
    assert "given_up" in schema["SeatView"]["properties"]


def test_a_given_up_seat_whose_turn_was_lost_is_swept_like_a_computers(db: None) -> None:
    """Two people, no computer: one leaves while it is their move. Here no on-commit hook
    runs (the computer's turn is "lost"): the stalled-turn sweep finds the game."""
    table = table_create(rules={"players": 3})
    game = table.game
    seat = seat_due(game)
    leaving.game_leave(game_id=game.pk, player=table.people[seat])
    assert game.pk in [g.pk for g in computer.games_stalled(0)]
    # And the computer's turn plays the given-up seat.
    left_at = GameEvent.objects.get(game=game, type="seat_given_up").seq
    assert services.ai_turn_play(game_id=game.pk, expected_seq=left_at)
    assert GameEvent.objects.get(game=game, seq=left_at + 1).actor_seat == seat
