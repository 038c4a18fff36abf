"""``GET /api/v1/players/{id}/``: the contract's profile over real games played through
the API (rated games between people, games against each computer level), as the OpenAPI
schema describes it; public, 404 for no player, a few queries, nothing of a game in play."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client as DjangoClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from games.models import Game
from games.stats import seat_outcome
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest
from tests.harness.tables import table_over_rest

pytestmark = pytest.mark.django_db(transaction=True)
CARD = re.compile(r'"(?:10|[2-9JQKA])[SCDH]"')


def profile(player_id: int) -> Any:
    """Asked by nobody in particular: the profile is public."""
    return DjangoClient().get(f"/api/v1/players/{player_id}/")


def against_computer(client: Client, *levels: str) -> int:
    view = client.create({"players": len(levels) + 1, "deck": 24}, [{"ai": level} for level in levels]).json()
    play_out_over_rest({0: client}, view["id"])
    return int(view["id"])


def registered(client: Client, username: str) -> Client:
    """``client``'s guest registered as ``username``: only registered people are rated."""
    answer = client.post("/api/v1/auth/register/", {"username": username, "password": "Durak-profile-2026"})
    assert answer.status_code == 201, answer.content
    # A change of privilege ends the guest's token: the client goes on with the new one.
    client.token = answer.json()["token"]
    client.http.credentials(HTTP_AUTHORIZATION=f"Token {client.token}")
    client.player.refresh_from_db()
    return client


def between_people(a: Client, b: Client) -> int:
    game_id = int(table_over_rest(a, b, rules={"players": 2, "deck": 24})["id"])
    play_out_over_rest({0: a, 1: b}, game_id)
    return game_id


def outcome(game_id: int, seat: int) -> str:
    return seat_outcome(Game.objects.get(pk=game_id).result, seat)


def _nullable(node: Any) -> Any:
    """OpenAPI 3.0's ``nullable: true`` in JSON Schema's words: the node or null."""
    if isinstance(node, list):
        return [_nullable(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _nullable(value) for key, value in node.items()}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def schema_validator(component: str) -> Draft202012Validator:
    """A validator of the project's own OpenAPI schema's ``component``."""
    schema = _nullable(DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json())
    registry = Registry().with_resource("urn:api", Resource.from_contents(schema, default_specification=DRAFT202012))
    return Draft202012Validator({"$ref": f"urn:api#/components/schemas/{component}"}, registry=registry)


def test_the_schema_names_the_profile_path_and_its_answers() -> None:
    schema = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    answers = schema["paths"]["/api/v1/players/{player_id}/"]["get"]["responses"]
    assert answers["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/PlayerProfile")
    assert answers["404"]["content"]["application/json"]["schema"]["$ref"].endswith("/ApiError")


def test_no_such_player_is_a_404_in_the_error_shape() -> None:
    for player_id in (987654, 10**25):  # past any integer column too
        answer = profile(player_id)
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "not_found" and answer.json()["error"]["message"]


def test_the_profile_of_real_games_as_the_contract_and_the_schema_say(make_client: Any) -> None:
    a, b = registered(make_client(), "anna"), registered(make_client(), "boris")
    rated = [between_people(a, b), between_people(b, a)]  # b creates the second: a sits in seat 1
    novice = against_computer(a, "novice")
    mixed = against_computer(a, "novice", "experienced")
    in_play = a.create({"players": 2, "deck": 24}, [{"ai": "novice"}]).json()["id"]

    answer = profile(a.player.pk)
    assert answer.status_code == 200
    data = answer.json()
    schema_validator("PlayerProfile").validate(data)
    assert set(data) >= {"id", "name", "ratings", "stats", "recent_games"}
    assert data["id"] == a.player.pk and data["name"] == "anna" and data["guest"] is False

    outcomes = [outcome(rated[0], 0), outcome(rated[1], 1), outcome(novice, 0), outcome(mixed, 0)]
    stats = data["stats"]
    assert stats["games"] == 4
    assert (stats["wins"], stats["durak"], stats["draws"]) == (
        outcomes.count("win"), outcomes.count("durak"), outcomes.count("draw"))

    # The rated games between people, in their variant, with a point per game.
    podkidnoy = data["ratings"]["podkidnoy"]
    assert podkidnoy["games"] == 2 and podkidnoy["provisional"] is True
    assert [point["game"] for point in podkidnoy["history"]] == rated
    assert podkidnoy["history"][-1]["rating"] == podkidnoy["rating"]

    levels = {row["level"]: row for row in data["versus_computer"]}
    assert list(levels) == ["novice", "experienced"]
    assert levels["novice"]["games"] == 2 and levels["experienced"]["games"] == 1
    assert levels["novice"]["wins"] == [outcome(novice, 0), outcome(mixed, 0)].count("win")
    assert levels["experienced"]["durak"] == [outcome(mixed, 0)].count("durak")

    recent = data["recent_games"]
    assert [row["game"] for row in recent] == [mixed, novice, rated[1], rated[0]]
    assert recent[0]["replay"] == f"/games/{mixed}/replay/" and recent[0]["result"] == outcomes[3]
    assert recent[2]["seat"] == 1 and {s.get("player") for s in recent[2]["seats"]} == {a.player.pk, b.player.pk}
    assert DjangoClient().get(recent[0]["replay"]).status_code == 200  # the link opens the replay
    # The game in play is nowhere, nor is any card.
    assert in_play not in {row["game"] for row in recent}
    assert not CARD.search(json.dumps(data)), "a profile never holds a card"

    # The other player sees the same two rated games from the other side.
    other = profile(b.player.pk).json()
    assert other["stats"]["games"] == 2 and other["versus_computer"] == []
    assert [point["game"] for point in other["ratings"]["podkidnoy"]["history"]] == rated


def test_a_few_queries_however_many_games(make_client: Any, django_assert_max_num_queries: Any) -> None:
    a = make_client()
    for _ in range(3):
        against_computer(a, "novice")
    with django_assert_max_num_queries(6):
        data = profile(a.player.pk).json()
    assert data["stats"]["games"] == 3 and len(data["recent_games"]) == 3


def test_a_guest_with_no_games_has_an_empty_profile_marked_as_a_guests(make_client: Any) -> None:
    a = make_client()
    data = profile(a.player.pk).json()
    schema_validator("PlayerProfile").validate(data)
    assert data["guest"] is True and data["name"] == a.player.name
    assert data["ratings"] == {} and data["versus_computer"] == [] and data["recent_games"] == []
    assert data["stats"] == {"games": 0, "wins": 0, "durak": 0, "draws": 0, "left": 0}
