"""The one input boundary (``core.inputs``, ``games.inputs``): bodies, queries and
socket messages read into typed values, and refused as the contract's 400 (never a 500)."""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import InvalidRequest
from core.inputs import TextField
from games.engine import Attack, Rules
from games.engine.ai import Level
from games.errors import InvalidActionError
from games.inputs import ActionInputSerializer, GameCreateInputSerializer, HintQuerySerializer
from live.consumers import parse_action, parse_after
from tests.harness.clients import Client

pytestmark = pytest.mark.django_db


def _error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code and error["message"], error
    return error


@pytest.mark.parametrize("after", ["²", "①", "٣", "1²", "-1", "1.0", " ", "0x1"])
def test_digit_like_characters_in_after_are_a_400(after: str) -> None:
    alice = Client()
    game = alice.create({"players": 2}, [{"ai": "novice"}]).json()
    error = _error(alice.get(f"/api/v1/games/{game['id']}/events/?after={after}"), 400, "invalid_request")
    assert error["field"] == "after"


def test_after_past_the_largest_seq_is_an_empty_list_not_an_overflow() -> None:
    alice = Client()
    game = alice.create({"players": 2}, [{"ai": "novice"}]).json()
    response = alice.get(f"/api/v1/games/{game['id']}/events/?after={'9' * 30}")
    assert response.status_code == 200 and response.json() == {"events": []}


def test_an_unknown_hint_level_is_a_400_naming_the_field() -> None:
    alice = Client()
    game = alice.create({"players": 2}, [{"ai": "novice"}]).json()
    error = _error(alice.get(f"/api/v1/games/{game['id']}/hint/?level=grandmaster"), 400, "invalid_request")
    assert error["field"] == "level"
    assert HintQuerySerializer.parsed({}) is Level.EXPERIENCED


@pytest.mark.parametrize("body, field", [
    ({"rules": {}, "timer": "30"}, "timer"),         # a number in a string is not a number
    ({"rules": {}, "timer": True}, "timer"),
    ({"rules": {}, "spectator_delay": 1.5}, "spectator_delay"),
    ({"rules": {}, "hints": "yes"}, "hints"),
    ({"rules": {}, "opponents": [{"ai": "grandmaster"}]}, "opponents.0.ai"),
    ({"rules": {}, "opponents": "novice"}, "opponents"),
    ({"rules": {}, "opponents": [None, None]}, "opponents"),
    ({"rules": {}, "client_seed": "a:b"}, "client_seed"),
    ({"opponents": []}, "rules"),
])
def test_a_bad_create_is_400_invalid_action_naming_the_field_and_makes_nothing(body: dict[str, Any],
                                                                               field: str) -> None:
    from games.models import Game
    error = _error(Client().post("/api/v1/games/", body), 400, "invalid_action")
    assert error["field"] == field
    assert not Game.objects.exists()


def test_the_create_body_is_read_into_typed_values() -> None:
    create = GameCreateInputSerializer.parsed({"rules": {"players": 3}, "opponents": [{"ai": "master"}],
                                               "timer": 30, "hints": False})
    assert create.rules == Rules.from_dict({"players": 3})
    assert create.opponents == [Level.MASTER] and isinstance(create.opponents[0], Level)
    assert (create.options.move_timer, create.options.hints, create.options.rated) == (30, False, None)


def test_rest_and_socket_read_an_action_through_one_serializer() -> None:
    rest = ActionInputSerializer.parsed({"type": "attack", "cards": ["6S"], "expected_seq": 4})
    flat = parse_action({"type": "action", "action": "attack", "cards": ["6S"], "expected_seq": 4})
    nested = parse_action({"type": "action", "action": {"type": "attack", "cards": ["6S"]}, "expected_seq": 4})
    assert rest == flat == nested and rest.action == Attack((parse_card("6S"),))
    for bad_seq in [None, "4", True, -1, 2**63, 1.5]:
        with pytest.raises(InvalidActionError, match="expected_seq"):
            parse_action({"type": "action", "action": "take", **({} if bad_seq is None else {"expected_seq": bad_seq})})
    with pytest.raises(InvalidActionError) as refused:
        ActionInputSerializer.parsed({"type": "attack", "cards": ["1S"], "expected_seq": 0})
    assert refused.value.extra["reason"]  # the engine's code, mapped in one place


@pytest.mark.parametrize("after", ["①", "3", None, True, -2])
def test_a_socket_resume_with_a_bad_after_is_invalid_request(after: object) -> None:
    with pytest.raises(InvalidRequest):
        parse_after({"type": "resume", "after": after})
    assert parse_after({"type": "resume", "after": 7}) == 7


def parse_card(text: str) -> Any:
    from games.engine.cards import parse_card as engine_parse
    return engine_parse(text)


@pytest.mark.parametrize("name", ["Кубок\x00", "Cup\x1b[31m", "Кубок\u202e", "a\x7fb"])
def test_a_control_character_in_a_tournament_name_is_refused(name: str) -> None:
    from tournaments.models import Tournament
    organiser = Client.member()
    error = _error(organiser.post("/api/v1/tournaments/", {"name": name, "rules": {"players": 2}}),
                   400, "invalid_tournament")
    assert error["field"] == "name" and not Tournament.objects.exists()


@pytest.mark.parametrize("starts_at", ["2027-02-30T10:00:00Z", "2027-13-01T10:00:00Z", "2027-01-01T25:00:00Z",
                                       "2027-01-01T10:00:00\x00", 20270101])
def test_an_impossible_start_time_is_a_400(starts_at: object) -> None:
    from tournaments.models import Tournament
    organiser = Client.member()
    body = {"name": "Кубок", "rules": {"players": 2}, "starts_at": starts_at}
    error = _error(organiser.post("/api/v1/tournaments/", body), 400, "invalid_tournament")
    assert error["field"] == "starts_at" and not Tournament.objects.exists()


def test_a_name_with_a_nul_is_refused_at_sign_up() -> None:
    from rest_framework.test import APIClient
    response = APIClient().post("/api/v1/auth/register/", {"username": "Иван\x00", "password": "kozyrnaya-dama"},
                                format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_name"


def test_the_text_field_refuses_every_control_character() -> None:
    field = TextField()
    assert field.run_validation("Кубок весны") == "Кубок весны"
    for char in ["\x00", "\x07", "\x1b", "\u200b", "\u202e", "\ud800"]:
        with pytest.raises(Exception, match="control"):
            field.run_validation(f"a{char}b")
