"""Issue 26: input past every bound is a 4xx in the contract's shape, never a 500 or
Django's debug page: deep JSON, ids past a 64-bit integer, unknown urls, empty bodies."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client as DjangoClient
from django.test import override_settings

from tests.harness.tables import table_over_rest

HUGE = "99999999999999999999"  # past 2**63 - 1
JUST_PAST = str(2**63)  # 19 digits, one past the largest id
# Under the 64 KiB body limit, and far past what Python's recursive parser can nest.
DEEP = "[" * 30_000 + "]" * 30_000


def _error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code and body["error"]["message"], body
    return body["error"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("url", [
    f"/api/v1/games/{HUGE}/", f"/api/v1/games/{JUST_PAST}/", f"/api/v1/games/{HUGE}/events/",
    f"/api/v1/games/{HUGE}/replay/", f"/api/v1/games/{HUGE}/hint/", f"/api/v1/tournaments/{HUGE}/",
    f"/api/v1/tournaments/tables/{HUGE}/", f"/api/v1/watch/games/{HUGE}/",
    "/api/v1/games/abc/", "/api/v1/nope/",
])
def test_an_id_past_the_largest_or_a_path_that_is_no_url_is_a_json_404(make_client: Any, url: str) -> None:
    _error(make_client().get(url), 404, "not_found")


@pytest.mark.parametrize("url", [f"/api/v1/games/{HUGE}/join/", f"/api/v1/games/{HUGE}/actions/",
                                 f"/api/v1/tournaments/{HUGE}/join/", f"/api/v1/tournaments/{HUGE}/start/"])
def test_posting_to_an_id_past_the_largest_is_a_json_404(make_client: Any, url: str) -> None:
    _error(make_client().post(url, {"type": "take", "expected_seq": 0}), 404, "not_found")


def test_the_largest_id_itself_is_an_ordinary_404(make_client: Any) -> None:
    # The bound is the column's: 2**63 - 1 matches the url and names no game.
    _error(make_client().get(f"/api/v1/games/{2**63 - 1}/"), 404, "not_found")


@pytest.mark.parametrize("url", [f"/games/{HUGE}/replay/", f"/tournaments/{HUGE}/", "/nope/"])
def test_a_page_past_the_largest_id_is_a_plain_404_page(db: None, url: str) -> None:
    response = DjangoClient().get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "Не найдено" in response.content.decode() and "Traceback" not in response.content.decode()


@pytest.mark.parametrize(("url", "code"), [("/api/v1/games/", "invalid_request"),
                                           ("/api/v1/games/1/actions/", "invalid_action"),
                                           ("/api/v1/auth/register/", "invalid_request"),
                                           ("/api/v1/tournaments/", "invalid_request")])
def test_deeply_nested_json_is_a_400_not_a_recursion_error(make_client: Any, url: str, code: str) -> None:
    client = make_client()
    response = client.http.generic("POST", url, DEEP, content_type="application/json")
    error = _error(response, 400, code)
    assert error["reason"] == "invalid_json" and "deep" in error["message"]


@pytest.mark.parametrize("url", ["/api/v1/games/", "/api/v1/games/1/actions/", "/api/v1/auth/token/",
                                 "/api/v1/tournaments/"])
def test_a_body_past_64_kib_is_a_413_unread(make_client: Any, url: str) -> None:
    body = '{"rules": {}, "pad": "' + "x" * 100 * 1024 + '"}'
    response = make_client().http.generic("POST", url, body, content_type="application/json")
    _error(response, 413, "payload_too_large")


def test_a_body_under_the_limit_is_read(make_client: Any) -> None:
    body = '{"rules": {"deck": 24}, "opponents": [{"ai": "novice"}], "client_seed": "s", "pad": "' + "x" * 60_000 + '"}'
    response = make_client().http.generic("POST", "/api/v1/games/", body, content_type="application/json")
    assert response.status_code == 201, response.content[:200]  # read whole: unknown fields are ignored


def test_a_hundred_thousand_brackets_are_refused_unread(make_client: Any) -> None:
    response = make_client().http.generic("POST", "/api/v1/games/", "[" * 100_000, content_type="application/json")
    _error(response, 413, "payload_too_large")


def test_plain_bad_json_says_so_too(make_client: Any) -> None:
    response = make_client().http.generic("POST", "/api/v1/games/", "{", content_type="application/json")
    assert _error(response, 400, "invalid_request")["reason"] == "invalid_json"


@pytest.mark.parametrize("body", [{}, {"opponents": [{"ai": "novice"}]}, {"rules": None}])
def test_a_create_body_without_rules_is_refused(make_client: Any, body: dict[str, Any]) -> None:
    error = _error(make_client().post("/api/v1/games/", body), 400, "invalid_action")
    assert "rules" in error["message"]


def test_empty_rules_are_the_engines_defaults(make_client: Any) -> None:
    created = make_client().post("/api/v1/games/", {"rules": {}, "opponents": [{"ai": "novice"}]})
    assert created.status_code == 201 and created.json()["status"] == "active"


@pytest.mark.parametrize(("field", "code"), [("expected_seq", "invalid_action"), ("target", "illegal_action")])
def test_action_numbers_past_the_largest_are_refused(make_client: Any, field: str, code: str) -> None:
    """A seq past the largest is no seq (malformed); a target past the table is no pair on
    it (the engine's refusal); neither reaches the database."""
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    defender = alice if view["defender"] == view["you"]["seat"] else bob
    body: dict[str, Any] = {"type": "defend", "card": "7S", "target": 0, "expected_seq": view["seq"]}
    body[field] = 2**64
    _error(defender.post(f"/api/v1/games/{view['id']}/actions/", body), 400, code)


def test_an_after_past_the_largest_seq_is_no_events(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    answer = alice.get(f"/api/v1/games/{view['id']}/events/?after={HUGE}")
    assert answer.status_code == 200 and answer.json() == {"events": []}
    _error(alice.get(f"/api/v1/games/{view['id']}/events/?after=-1"), 400, "invalid_request")


def test_a_disqualified_player_id_past_the_largest_is_refused(make_client: Any) -> None:
    """Staff name an entrant by id in the body: past the largest id it is no entrant (a 400
    naming the field), never a lookup that overflows."""
    from accounts.models import Player
    from tournaments.services import tournament_create

    staff = make_client.member()  # organisers are registered accounts
    player = Player.objects.get(pk=staff.get("/api/v1/players/me/").json()["id"])
    player.user.is_staff = True
    player.user.save(update_fields=["is_staff"])
    tournament = tournament_create(organiser=player, data={"name": "Кубок"})
    url = f"/api/v1/tournaments/{tournament.pk}/disqualify/"
    error = _error(staff.post(url, {"player": 2**64}), 400, "invalid_request")
    assert error["field"] == "player"


@override_settings(DEBUG=False)
def test_a_bug_under_the_api_is_a_json_500_without_the_debug_page(make_client: Any, monkeypatch: Any) -> None:
    from games import selectors

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(selectors, "games_for_lobby", broken)
    client = make_client()
    client.http.raise_request_exception = False
    _error(client.get("/api/v1/games/"), 500, "server_error")


def test_the_default_run_settings_have_debug_off(monkeypatch: Any) -> None:
    import importlib

    import durak_platform.settings.local as local

    monkeypatch.delenv("DJANGO_DEBUG", raising=False)
    assert importlib.reload(local).DEBUG is False
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    assert importlib.reload(local).DEBUG is True
    monkeypatch.delenv("DJANGO_DEBUG")
    importlib.reload(local)


def _schema() -> dict[str, Any]:
    response = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


def test_the_schema_states_every_bound(db: None) -> None:
    schema = _schema()
    paths, components = schema["paths"], schema["components"]["schemas"]
    events = {p["name"]: p["schema"] for p in paths["/api/v1/games/{game_id}/events/"]["get"]["parameters"]}
    assert events["after"]["minimum"] == 0
    assert events["game_id"] == {"type": "integer", "format": "int64", "minimum": 0, "maximum": 2**63 - 1}
    tournament = paths["/api/v1/tournaments/{tournament_id}/"]["get"]["parameters"][0]["schema"]
    assert tournament["maximum"] == 2**63 - 1
    action = components["ActionInput"]["properties"]
    assert action["expected_seq"]["minimum"] == 0 and action["target"]["minimum"] == 0
    assert action["card"]["pattern"] == action["cards"]["items"]["pattern"] == r"^(10|[2-9JQKA])[SCDH]$"
    assert components["GameCreateInput"]["required"] == ["rules"]
    assert components["GameCreateInput"]["properties"]["client_seed"]["pattern"] == r"^[ -9;-~]{1,64}$"
    create = components["TournamentCreateInput"]["properties"]
    assert create["entry_fee"]["maximum"] == create["guarantee"]["maximum"] == 10_000_000
    assert create["max_entrants"]["maximum"] == 4096 and create["rake_percent"]["maximum"] == 50
    assert (create["time_bank"]["minimum"], create["time_bank"]["maximum"]) == (10, 7200)
    assert (create["time_increment"]["minimum"], create["time_increment"]["maximum"]) == (0, 60)
    table = components["GameCreateInput"]["properties"]
    assert (table["time_bank"]["minimum"], table["time_bank"]["maximum"]) == (10, 7200)
    assert (table["time_increment"]["minimum"], table["time_increment"]["maximum"]) == (0, 60)
    for path, statuses in [("/api/v1/auth/register/", {"400", "401", "409", "429"}),
                           ("/api/v1/auth/token/", {"400", "401", "429"}), ("/api/v1/auth/guest/", {"429"})]:
        responses = paths[path]["post"]["responses"]
        assert statuses <= set(responses), path
        for status in statuses:
            # The auth refusals' own error shape adds their fields (rule, retry_after) to the common one.
            assert responses[status]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/AuthError"}


def test_the_game_lists_seats_are_what_the_list_sends(make_client: Any) -> None:
    """The list's seats carry no hand: the schema must not require hand_count, out, known."""
    seat = _schema()["components"]["schemas"]["SeatSummary"]
    alice = make_client()
    alice.create({"players": 3}, [{"ai": "novice"}])
    listed = alice.get("/api/v1/games/").json()["games"][0]["seats"]
    for sent in listed:
        assert set(seat["required"]) <= set(sent) <= set(seat["properties"]), sent
    assert [s["kind"] for s in listed] == ["human", "ai", None]
