"""``Idempotency-Key`` (CONTRACT.md, "Retries"): the same key and body replay the first
answer and do nothing again, also when the sends arrive at once (PostgreSQL in the scaled
run, SQLite's queued writers in the embedded one); another body is a 422."""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Device
from coins import ledger
from coins.models import Movement
from core.throttles import PlayerRateThrottle
from games.models import Game
from retries.middleware import kept_answers_forget
from retries.models import KeptAnswer
from tests.harness.clients import Client
from tests.harness.races import at_once
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

CREATE = {"rules": {"players": 2}, "opponents": [{"ai": "novice"}]}


def _post(client: Client, url: str, body: Any, key: str) -> Any:
    return client.http.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_the_same_key_and_body_replay_the_first_answer_and_make_one_game() -> None:
    alice = Client()
    first = _post(alice, "/api/v1/games/", CREATE, "k-1")
    again = _post(alice, "/api/v1/games/", dict(reversed(list(CREATE.items()))), "k-1")  # key order is no new body
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert Game.objects.count() == 1
    assert _post(alice, "/api/v1/games/", CREATE, "k-2").json()["id"] != first.json()["id"]


def test_another_body_under_a_used_key_is_422_and_does_nothing() -> None:
    alice = Client()
    _post(alice, "/api/v1/games/", CREATE, "same")
    other = _post(alice, "/api/v1/games/", {**CREATE, "rules": {"players": 3}}, "same")
    assert other.status_code == 422 and other.json()["error"]["code"] == "idempotency_key_reused"
    elsewhere = _post(alice, f"/api/v1/games/{Game.objects.get().pk}/leave/", None, "same")
    assert elsewhere.status_code == 422
    assert Game.objects.count() == 1


def test_keys_are_per_account() -> None:
    alice, bob = Client(), Client()
    mine = _post(alice, "/api/v1/games/", CREATE, "shared").json()
    theirs = _post(bob, "/api/v1/games/", CREATE, "shared").json()
    assert mine["id"] != theirs["id"] and Game.objects.count() == 2
    assert theirs["you"]["seat"] == 0 and theirs["seats"][0]["name"] == bob.player.name


@pytest.mark.parametrize("key", ["", "x" * 65, "ключ", "a\tb", "a\x00b"])
def test_a_malformed_key_is_400_and_does_nothing(key: str) -> None:
    answer = _post(Client(), "/api/v1/games/", CREATE, key)
    assert answer.status_code == 400 and answer.json()["error"]["field"] == "Idempotency-Key"
    assert not Game.objects.exists()


def test_a_refusal_is_replayed_too_and_a_key_past_its_time_is_new() -> None:
    alice = Client()
    bad = _post(alice, "/api/v1/games/", {"rules": {"players": 9}}, "r")
    assert bad.status_code == 400
    assert _post(alice, "/api/v1/games/", {"rules": {"players": 9}}, "r").json() == bad.json()
    _post(alice, "/api/v1/games/", CREATE, "old")
    KeptAnswer.objects.update(created_at=timezone.now() - timedelta(hours=25))
    assert _post(alice, "/api/v1/games/", CREATE, "old").status_code == 201
    assert Game.objects.count() == 2
    assert kept_answers_forget() == 1  # "r" (25 h old); "old" was claimed again just now


def test_a_throttled_answer_frees_the_key() -> None:
    alice = Client()
    game = alice.create({"players": 2}, [{"ai": "novice"}]).json()
    body = {"type": "take", "expected_seq": 0}  # refused (stale) once it runs, but it runs
    url = f"/api/v1/games/{game['id']}/actions/"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(PlayerRateThrottle, "allow_request", lambda self, request, view: False)
        patch.setattr(PlayerRateThrottle, "wait", lambda self: 5)
        throttled = _post(alice, url, body, "t")
    assert throttled.status_code == 429 and not KeptAnswer.objects.filter(key="t").exists()
    ran = _post(alice, url, body, "t")
    assert ran.status_code == 409 and ran.json()["error"]["code"] == "stale_seq"
    assert KeptAnswer.objects.get(key="t").status == 409


def test_an_anonymous_post_ignores_the_key() -> None:
    from rest_framework.test import APIClient
    answers = [APIClient().post("/api/v1/auth/guest/", HTTP_IDEMPOTENCY_KEY="g") for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 201] and answers[0].json() != answers[1].json()


def _funded_member() -> Client:
    """A member with coins of its own (a staff grant): an added prize is never paid in
    welcome coins."""
    from django.contrib.auth.models import User

    from coins import services as coins

    member = Client.member()
    staff = User.objects.create_user(f"кассир-{member.player.pk}", password="pw-staff-1", is_staff=True)
    coins.wallet_grant(player=member.player, amount=1000, by=staff, key=f"idempotency-{member.player.pk}")
    return member


def test_four_creates_at_once_make_one_game_one_tournament_one_coin_movement() -> None:
    alice = _funded_member()
    games = at_once(*(partial(_post, alice, "/api/v1/games/", CREATE, "game-once") for _ in range(4)))
    assert [a.status_code for a in games] == [201] * 4, [a.content for a in games]
    assert len({a.json()["id"] for a in games}) == 1 and Game.objects.count() == 1

    moved_before = Movement.objects.count()
    body = {"name": "Кубок", "rules": {"players": 2}, "added_prize": 100, "entry_fee": 0}
    tours = at_once(*(partial(_post, alice, "/api/v1/tournaments/", body, "tour-once") for _ in range(4)))
    assert [a.status_code for a in tours] == [201] * 4, [a.content for a in tours]
    assert len({a.json()["id"] for a in tours}) == 1 and Tournament.objects.count() == 1
    assert Movement.objects.count() == moved_before + 1  # the added prize left the wallet once
    assert ledger.wallet_balance(alice.player.pk) == 1000 - 100
    assert ledger.total_sum() == 0


def test_a_keyed_post_reads_its_token_once() -> None:
    """The middleware authenticates a keyed POST to keep its answer under the account, and
    its view authenticates it again: the device is read once for both."""
    alice = Client()
    with CaptureQueriesContext(connection) as queries:
        assert _post(alice, "/api/v1/games/", CREATE, "k-once").status_code == 201
    device_table = Device._meta.db_table
    reads = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("SELECT") and device_table in q["sql"]]
    assert len(reads) == 1, reads
