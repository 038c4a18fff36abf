"""Challenges: made, accepted (a private game, both seated), declined, cancelled,
expired; every refusal with its code; two accepts at once make one game."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from challenges import services
from challenges.models import Challenge
from games.models import Game
from stream import store
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest
from tests.harness.races import at_once
from tests.stream.checks import assert_contract

pytestmark = pytest.mark.django_db(transaction=True)

RULES = {"variant": "podkidnoy", "deck": 24}


def _challenge(frm: Client, to: Client | None, **extra: object) -> dict[str, object]:
    answer = frm.post("/api/v1/challenges/", {"to": None if to is None else to.player.pk, "rules": RULES, **extra})
    assert answer.status_code == 201, answer.content
    return answer.json()  # type: ignore[no-any-return]


def test_a_challenge_accepted_seats_both_in_a_private_game_and_both_hear_it() -> None:
    alice, bob, carol = Client(), Client(), Client()
    made = _challenge(alice, bob, timer=30)
    assert made["status"] == "pending" and made["from"] == alice.player.pk and made["to"] == bob.player.pk
    assert bob.get("/api/v1/challenges/").json()["incoming"][0]["id"] == made["id"]
    assert alice.get("/api/v1/challenges/").json()["outgoing"][0]["id"] == made["id"]
    assert carol.get("/api/v1/challenges/").json() == {"incoming": [], "outgoing": []}
    accepted = bob.post(f"/api/v1/challenges/{made['id']}/accept/")
    assert accepted.status_code == 200, accepted.content
    body = accepted.json()
    game = body["game"]
    assert body["challenge"]["status"] == "accepted" and body["challenge"]["game"] == game["id"]
    assert game["status"] == "active" and [s["name"] for s in game["seats"]] == [alice.player.name, bob.player.name]
    assert game["you"]["seat"] == 1
    assert Game.objects.get(pk=game["id"]).move_timer == 30
    # Private: in no one else's list, in no lobby.
    assert game["id"] not in [g["id"] for g in carol.get("/api/v1/games/").json()["games"]]
    assert game["id"] in [g["id"] for g in alice.get("/api/v1/games/").json()["games"]]
    lobby = carol.get("/api/v1/watch/")
    assert lobby.status_code == 200
    assert game["id"] not in [g["id"] for g in lobby.json()["live"]]
    heard_bob = [e["type"] for e in store.events_after(bob.player.pk, 0)]
    heard_alice = [e["type"] for e in store.events_after(alice.player.pk, 0)]
    assert heard_bob[:2] == ["challenge_received", "challenge_accepted"] and "game_started" in heard_bob
    assert heard_alice[0] == "challenge_accepted" and "game_started" in heard_alice
    play_out_over_rest({0: alice, 1: bob}, game["id"])
    for client in (alice, bob):
        seen = store.events_after(client.player.pk, 0)
        assert_contract(seen)
        assert seen[-1]["type"] == "game_finished"
    # A rematch: the finished game's rules by default.
    again = alice.post("/api/v1/challenges/", {"to": bob.player.pk, "rematch": game["id"]})
    assert again.status_code == 201, again.content
    assert again.json()["rules"] == Challenge.objects.get(pk=made["id"]).rules
    assert carol.post("/api/v1/challenges/", {"to": bob.player.pk, "rematch": game["id"]}).status_code == 400


def test_a_challenge_carries_a_time_bank_to_its_game() -> None:
    alice, bob = Client(), Client()
    made = _challenge(alice, bob, timer=30, time_bank=120, time_increment=2)
    assert made["options"] == {"timer": 30, "time_bank": 120, "time_increment": 2}
    game = bob.post(f"/api/v1/challenges/{made['id']}/accept/").json()["game"]
    assert (game["options"]["time_bank"], game["options"]["time_increment"]) == (120, 2)
    assert sorted(entry["seat"] for entry in game["banks"]) == [0, 1]
    stored = Game.objects.get(pk=game["id"])
    assert (stored.move_timer, stored.time_bank, stored.time_increment) == (30, 120, 2)
    for bad in ({"time_bank": 120}, {"timer": 30, "time_bank": 7}, {"timer": 30, "time_bank": 60, "time_increment": 90}):
        refused = alice.post("/api/v1/challenges/", {"to": bob.player.pk, "rules": RULES, **bad})
        assert refused.status_code == 400, bad
        assert refused.json()["error"]["code"] == "invalid_challenge" and refused.json()["error"]["field"] == "options"


def test_decline_cancel_expire_and_every_refusal() -> None:
    alice, bob, carol = Client(), Client(), Client()
    for body, field in (({"to": alice.player.pk, "rules": RULES}, "to"), ({"to": 10**9, "rules": RULES}, "to"),
                        ({"to": bob.player.pk, "rules": {"players": 3}}, "rules"),
                        ({"to": bob.player.pk, "rules": {"deck": 7}}, "rules"),
                        ({"to": "bob", "rules": RULES}, "to"), ({"to": bob.player.pk, "rules": RULES, "timer": 1},
                                                              "options")):
        refused = alice.post("/api/v1/challenges/", body)
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_challenge", body
        assert refused.json()["error"]["field"] == field
    assert Challenge.objects.count() == 0
    one = _challenge(alice, bob)
    assert carol.post(f"/api/v1/challenges/{one['id']}/accept/").json()["error"]["code"] == "not_challenged"
    assert alice.post(f"/api/v1/challenges/{one['id']}/accept/").status_code == 403
    assert alice.post(f"/api/v1/challenges/{one['id']}/decline/").status_code == 403
    assert bob.post(f"/api/v1/challenges/{one['id']}/cancel/").status_code == 403
    declined = bob.post(f"/api/v1/challenges/{one['id']}/decline/")
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    closed = bob.post(f"/api/v1/challenges/{one['id']}/accept/")
    assert closed.status_code == 409 and closed.json()["error"]["code"] == "challenge_closed"
    two = _challenge(alice, bob)
    assert alice.post(f"/api/v1/challenges/{two['id']}/cancel/").json()["status"] == "cancelled"
    assert bob.post(f"/api/v1/challenges/{two['id']}/decline/").status_code == 409
    three = _challenge(alice, bob)
    Challenge.objects.filter(pk=three["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert bob.post(f"/api/v1/challenges/{three['id']}/accept/").json()["error"]["code"] == "challenge_closed"
    assert services.challenges_expire() == 1
    assert Challenge.objects.get(pk=three["id"]).status == "expired"
    assert bob.post("/api/v1/challenges/999999/accept/").status_code == 404
    assert [e["type"] for e in store.events_after(alice.player.pk, 0)] == ["challenge_declined"]
    assert [e["type"] for e in store.events_after(bob.player.pk, 0)] == [
        "challenge_received", "challenge_received", "challenge_cancelled", "challenge_received"]
    assert Game.objects.count() == 0


def test_a_challenge_by_link_is_taken_by_the_first_who_accepts() -> None:
    alice, bob, carol = Client(), Client(), Client()
    open_one = _challenge(alice, None)
    assert open_one["to"] is None
    assert alice.post(f"/api/v1/challenges/{open_one['id']}/accept/").status_code == 403
    answers = at_once(*(partial(c.post, f"/api/v1/challenges/{open_one['id']}/accept/") for c in (bob, carol)))
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert Game.objects.count() == 1


def test_two_accepts_at_once_make_one_game() -> None:
    """The race on PostgreSQL in the scaled run: one accept wins, one game, the other 409."""
    alice, bob = Client(), Client()
    made = _challenge(alice, bob)
    answers = at_once(*(partial(bob.post, f"/api/v1/challenges/{made['id']}/accept/") for _ in range(4)))
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409], [a.content for a in answers]
    assert Game.objects.count() == 1
    assert [e["type"] for e in store.events_after(alice.player.pk, 0)].count("challenge_accepted") == 1
