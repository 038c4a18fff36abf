"""The games API as CONTRACT.md words it: shapes, status codes, error bodies."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from games import selectors
from games.models import Game
from tests.harness.moves import last, turn_over_rest
from tests.harness.tables import table_over_rest

CARD = re.compile(r"^(10|[2-9JQKA])[SCDH]$")
VIEW_KEYS = {"id", "seq", "status", "rules", "trump", "deck_count", "discard_count", "table", "seats", "you",
             "attacker", "defender", "legal_actions", "result"}


def cards_in(data: Any) -> list[str]:
    """Every card-shaped string anywhere in a JSON value."""
    if isinstance(data, str):
        return [data] if CARD.match(data) else []
    if isinstance(data, dict):
        return [card for value in data.values() for card in cards_in(value)]
    if isinstance(data, list):
        return [card for value in data for card in cards_in(value)]
    return []


def _error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code and body["error"]["message"], body
    return body["error"]  # type: ignore[no-any-return]


def test_everything_needs_a_token(db: None) -> None:
    anonymous = APIClient()
    for url in ["/api/v1/games/", "/api/v1/games/1/", "/api/v1/games/1/events/", "/api/v1/players/me/"]:
        _error(anonymous.get(url), 401, "not_authenticated")
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token nonsense")
    _error(bad.get("/api/v1/games/"), 401, "authentication_failed")


def test_create_against_the_computer_answers_201_with_the_callers_view(make_client: Any) -> None:
    alice = make_client()
    response = alice.create({"variant": "podkidnoy", "players": 3, "deck": 36},
                            [{"ai": "novice"}, {"ai": "experienced"}])
    assert response.status_code == 201
    view = response.json()
    assert set(view) >= VIEW_KEYS
    assert view["status"] == "active" and view["seq"] >= 3
    assert view["you"]["seat"] == 0 and all(CARD.match(card) for card in view["you"]["hand"])
    assert CARD.match(view["trump"])
    assert [(s["seat"], s["kind"]) for s in view["seats"]] == [(0, "human"), (1, "ai"), (2, "ai")]
    assert view["seats"][1]["ai"] == "novice" and view["seats"][0]["name"] == alice.player.name
    assert {"hand_count", "out"} <= set(view["seats"][0])


def test_open_seats_wait_and_a_join_takes_the_next_one(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    created = alice.create({"players": 2})
    assert created.status_code == 201
    waiting = created.json()
    assert waiting["status"] == "waiting" and waiting["seq"] == 0 and waiting["legal_actions"] == []
    assert waiting["seats"][1]["kind"] is None
    joined = bob.post(f"/api/v1/games/{waiting['id']}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    assert joined.json()["you"]["seat"] == 1
    _error(make_client().post(f"/api/v1/games/{waiting['id']}/join/"), 409, "no_open_seat")


def test_fill_gives_open_seats_to_the_computer(make_client: Any) -> None:
    alice = make_client()
    game_id = alice.create({"players": 3}).json()["id"]
    _error(make_client().post(f"/api/v1/games/{game_id}/fill/", {"ai": "novice"}), 403, "not_creator")
    filled = alice.post(f"/api/v1/games/{game_id}/fill/", {"ai": "novice"})
    assert filled.status_code == 200 and filled.json()["status"] == "active"
    assert [s["kind"] for s in filled.json()["seats"]] == ["human", "ai", "ai"]


@pytest.mark.parametrize("body", [
    {"rules": {"players": 7, "deck": 24}},
    {"rules": {"variant": "poker"}},
    {"rules": {"players": 2}, "opponents": [{"ai": "godlike"}]},
    ["not", "an", "object"],
])
def test_bad_create_bodies_are_invalid_action(make_client: Any, body: Any) -> None:
    _error(make_client().post("/api/v1/games/", body), 400, "invalid_action")


def test_a_spectator_sees_no_hand_and_may_do_nothing(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    spectator = make_client()
    seen = spectator.view(view["id"])
    assert seen["you"] is None and seen["legal_actions"] == []
    assert all(s["known"] == [] for s in seen["seats"])  # nothing has been picked up yet
    _error(spectator.act(view["id"], {"type": "take"}, seen["seq"]), 403, "not_a_player")


def test_every_legal_action_is_accepted_as_it_stands(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    for _ in range(12):
        turn = turn_over_rest({0: alice, 1: bob}, view["id"], choose=last)
        assert turn is not None, "nobody may act in a game that is not over"
        assert turn.answer.status_code == 200, turn.answer.content
        after = turn.answer.json()
        assert after["seq"] > turn.view["seq"] and after["you"]["seat"] == turn.seat
        if after["status"] == "finished":
            break


@pytest.mark.parametrize("body", [
    {"type": "attack", "cards": ["1X"]},
    {"type": "attack", "cards": []},
    {"type": "defend", "card": "7S"},
    {"type": "dance"},
    {"cards": ["6S"]},
])
def test_malformed_actions_are_invalid_action(make_client: Any, body: dict[str, Any]) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    _error(alice.act(view["id"], body, view["seq"]), 400, "invalid_action")


@pytest.mark.parametrize("seq", [None, "3", -1, True, 1.5])
def test_expected_seq_must_be_a_whole_number(make_client: Any, seq: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    body: dict[str, Any] = {"type": "take"}
    if seq is not None:
        body["expected_seq"] = seq
    _error(alice.post(f"/api/v1/games/{view['id']}/actions/", body), 400, "invalid_action")


def test_a_body_that_is_not_json_is_invalid_action(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    response = alice.http.post(f"/api/v1/games/{view['id']}/actions/", "{nope", content_type="application/json")
    _error(response, 400, "invalid_action")


def test_an_action_the_rules_forbid_is_illegal_action(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    defender = view["defender"]
    client = [alice, bob][defender]
    error = _error(client.act(view["id"], {"type": "take"}, view["seq"]), 400, "illegal_action")
    assert error["reason"]


def test_a_stale_seq_is_409_with_the_current_seq(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    error = _error(alice.act(view["id"], {"type": "pass"}, view["seq"] - 1), 409, "stale_seq")
    assert error["seq"] == view["seq"]


def test_unknown_games_are_404(make_client: Any) -> None:
    alice = make_client()
    for url in ["/api/v1/games/999999/", "/api/v1/games/999999/events/", "/api/v1/games/999999/replay/"]:
        _error(alice.get(url), 404, "not_found")
    _error(alice.act(999999, {"type": "take"}, 1), 404, "not_found")
    _error(alice.post("/api/v1/games/999999/join/"), 404, "not_found")


def test_events_come_after_a_seq_in_order_and_redacted(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    events = alice.get(f"/api/v1/games/{view['id']}/events/").json()["events"]
    assert [e["seq"] for e in events] == [1, 2, 3]
    assert [e["type"] for e in events] == ["game_started", "cards_dealt", "bout_started"]
    assert "deck" not in events[0], "the deck order is the game's secret"
    hands = events[1]["hands"]
    assert sorted(hands[0]) == sorted(alice.view(view["id"])["you"]["hand"]) and hands[1] is None
    later = alice.get(f"/api/v1/games/{view['id']}/events/?after=2").json()["events"]
    assert [e["seq"] for e in later] == [3]
    response = alice.get(f"/api/v1/games/{view['id']}/events/?after=soon")
    _error(response, 400, "invalid_request")


def test_the_replay_opens_only_when_the_game_is_finished(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    _error(alice.get(f"/api/v1/games/{view['id']}/replay/"), 409, "game_not_finished")


def test_a_hint_is_one_of_the_legal_actions(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2}, options={"hints": True})  # off by default between people
    attacker = [alice, bob][view["attacker"]]
    mine = attacker.view(view["id"])
    for level in ["random", "novice", "experienced", "master"]:
        response = attacker.get(f"/api/v1/games/{view['id']}/hint/?level={level}")
        assert response.status_code == 200, response.content
        assert response.json()["action"] in mine["legal_actions"]
    idle = [alice, bob][view["defender"]]
    assert idle.get(f"/api/v1/games/{view['id']}/hint/").json() == {"action": None}
    _error(attacker.get(f"/api/v1/games/{view['id']}/hint/?level=god"), 400, "invalid_request")
    _error(make_client().get(f"/api/v1/games/{view['id']}/hint/"), 403, "not_a_player")


def test_the_list_shows_my_games_and_games_to_join(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    mine = alice.create({"players": 2}, [{"ai": "random"}]).json()["id"]
    open_game = bob.create({"players": 2}).json()["id"]
    games = {g["id"]: g for g in alice.get("/api/v1/games/").json()["games"]}
    assert games[mine]["you"] == 0 and games[mine]["status"] == "active"
    assert games[open_game]["you"] is None and games[open_game]["open_seats"] == 1
    assert not [card for g in games.values() for card in cards_in(g)], "a listing shows no cards"


def test_actions_are_throttled_with_429(make_client: Any, settings: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "actions": "3/min"}}
    codes = [alice.act(view["id"], {"type": "take"}, 0).status_code for _ in range(5)]
    assert codes[:3] == [409, 409, 409] and codes[3:] == [429, 429]
    error = _error(alice.act(view["id"], {"type": "take"}, 0), 429, "throttled")
    assert error["retry_after"] > 0


def test_the_response_view_agrees_with_the_stored_state(make_client: Any) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2})
    game = Game.objects.get(pk=view["id"])
    state = selectors.game_state_replayed(game)
    assert view["you"]["hand"] == selectors.view(state, 1)["you"]["hand"]


def test_a_table_may_switch_hints_off(make_client: Any) -> None:
    """Tournament tables (and anyone who asks) play without the hint button's help."""
    client = make_client()
    created = client.post("/api/v1/games/", {"rules": {}, "opponents": [{"ai": "novice"}], "hints": False})
    assert created.status_code == 201, created.content
    refused = client.get(f"/api/v1/games/{created.json()['id']}/hint/")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "hints_off"
    plain = client.post("/api/v1/games/", {"rules": {}, "opponents": [{"ai": "novice"}]}).json()
    assert client.get(f"/api/v1/games/{plain['id']}/hint/").status_code == 200
    bad = client.post("/api/v1/games/", {"rules": {}, "hints": "no"})
    assert bad.status_code == 400 and "hints" in bad.json()["error"]["message"]


@pytest.mark.parametrize("body, hints, rated", [
    ({"rules": {"players": 2}, "opponents": [{"ai": "novice"}]}, True, False),  # one person vs the computer
    ({"rules": {"players": 3}, "opponents": [{"ai": "novice"}, {"ai": "master"}]}, True, False),
    ({"rules": {"players": 2}}, False, True),  # a table of people
    ({"rules": {"players": 3}, "opponents": [{"ai": "novice"}]}, False, False),  # a seat left for a person
    ({"rules": {"players": 2}, "hints": True}, True, False),  # hints asked for: never rated
    ({"rules": {"players": 2}, "rated": False}, False, False),  # declared unrated
    ({"rules": {"players": 2}, "rated": True, "hints": False}, False, True),
    ({"rules": {"players": 2}, "opponents": [{"ai": "novice"}], "rated": False, "hints": False}, False, False),
])
def test_hints_and_rating_default_by_who_sits_at_the_table(make_client: Any, body: dict[str, Any],
                                                           hints: bool, rated: bool) -> None:
    """Hints are on by default only for one person against computers; a table is rated by
    default only between people, and never with hints."""
    client = make_client()
    created = client.post("/api/v1/games/", body)
    assert created.status_code == 201, created.content
    assert created.json()["options"] == {"timer": None, "spectator_delay": 0, "hints": hints, "rated": rated,
                                         "time_bank": None, "time_increment": 0}
    game = Game.objects.get(pk=created.json()["id"])
    assert (game.hints, game.rated) == (hints, rated)
    assert client.view(game.pk)["options"]["rated"] is rated


@pytest.mark.parametrize("body, word", [
    ({"rules": {"players": 2}, "opponents": [{"ai": "novice"}], "rated": True}, "computer"),
    ({"rules": {"players": 2}, "rated": True, "hints": True}, "hints"),
    ({"rules": {"players": 2}, "rated": "yes"}, "rated"),
])
def test_a_rated_table_that_cannot_be_is_refused(make_client: Any, body: dict[str, Any], word: str) -> None:
    client = make_client()
    refused = client.post("/api/v1/games/", body)
    error = _error(refused, 400, "invalid_action")
    assert word in error["message"]
    assert not Game.objects.exists(), "nothing is created"


def test_computers_seated_later_make_the_table_unrated(make_client: Any) -> None:
    alice = make_client()
    view = table_over_rest(alice, rules={"players": 3}, fill="novice")
    assert view["options"]["rated"] is False and Game.objects.get(pk=view["id"]).rated is False


def _count_engine_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every call of the computer's engine (``choose_action``) a hint makes, with its budget."""
    from games import computer

    calls: list[dict[str, Any]] = []
    real = computer.choose_action

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(computer, "choose_action", counting)
    return calls


def test_a_hint_is_computed_once_per_position(make_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same (game, seq, seat, level) asked again answers from the cache; another level
    or a new seq computes again."""
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2}, options={"hints": True})
    attacker = [alice, bob][view["attacker"]]
    calls = _count_engine_calls(monkeypatch)
    url = f"/api/v1/games/{view['id']}/hint/?level=experienced"
    first = attacker.get(url).json()
    assert attacker.get(url).json() == first and len(calls) == 1
    attacker.get(f"/api/v1/games/{view['id']}/hint/?level=novice")
    assert len(calls) == 2
    idle = [alice, bob][view["defender"]]
    assert idle.get(url).json() == {"action": None} and idle.get(url).json() == {"action": None}
    assert len(calls) == 2, "no engine call for a seat with nothing to do"
    response = attacker.act(view["id"], first["action"], view["seq"])
    assert response.status_code == 200, response.content
    # A seat with a choice to make: one with a single legal action (a thrower asked only to
    # pass, by position) gets its hint without the engine.
    for _ in range(40):
        views = [alice.view(view["id"]), bob.view(view["id"])]
        choosing = [i for i, v in enumerate(views) if len(v["legal_actions"]) > 1]
        if choosing or views[0]["status"] != "active":
            break
        forced = next(i for i, v in enumerate(views) if v["legal_actions"])
        [alice, bob][forced].act(view["id"], views[forced]["legal_actions"][0], views[forced]["seq"])
    assert choosing, "nobody had a choice to make"
    before = len(calls)
    mover = [alice, bob][choosing[0]]
    mover.get(url)
    mover.get(url)
    assert len(calls) == before + 1, "a new seq computes again, once"


def test_two_hints_at_once_compute_once(make_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request finding another one computing the same hint waits for its answer."""
    from django.core.cache import cache

    from games import computer

    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2}, options={"hints": True})
    attacker = [alice, bob][view["attacker"]]
    seat = view["attacker"]
    url = f"/api/v1/games/{view['id']}/hint/?level=experienced"
    calls = _count_engine_calls(monkeypatch)
    key = f"hint:{view['id']}:{view['seq']}:{seat}:experienced"
    assert cache.add(f"{key}:lock", 1, 5), "another request holds the lock"
    answer = attacker.view(view["id"])["legal_actions"][0]
    real_get = cache.get
    misses = []

    def get_then_answer(k: str, *args: Any) -> Any:
        if k == key and not misses:
            misses.append(k)
            cache.set(key, answer, 60)  # the holder's answer arrives while we wait
            return None
        return real_get(k, *args)

    monkeypatch.setattr(computer.cache, "get", get_then_answer)
    assert attacker.get(url).json() == {"action": answer} and calls == []
    cache.delete(key)
    monkeypatch.setattr(computer, "HINT_WAIT_SECONDS", 0.05)
    assert attacker.get(url).status_code == 200 and len(calls) == 1, "a lock whose holder died is outwaited"


def test_the_master_hint_thinks_briefly(make_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from games import computer

    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2}, options={"hints": True})
    attacker = [alice, bob][view["attacker"]]
    calls = _count_engine_calls(monkeypatch)
    assert attacker.get(f"/api/v1/games/{view['id']}/hint/?level=master").status_code == 200
    assert [call["budget_ms"] for call in calls] == [computer.MASTER_HINT_BUDGET_MS]
    assert computer.MASTER_HINT_BUDGET_MS <= 50


def test_hints_are_throttled_on_their_own(make_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = make_client(), make_client()
    view = table_over_rest(alice, bob, rules={"players": 2}, options={"hints": True})
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES",
                        {"actions": "100/min", "auth": "100/min", "hints": "2/min"})
    url = f"/api/v1/games/{view['id']}/hint/"
    codes = [alice.get(url).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    error = _error(alice.get(url), 429, "throttled")
    assert error["retry_after"] > 0
    assert alice.act(view["id"], {"type": "take"}, 0).status_code == 409, "actions still pass"
    assert alice.view(view["id"])["id"] == view["id"]
