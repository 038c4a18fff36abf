"""Web Push, end to end on loopback: the server signs (VAPID) and encrypts (aes128gcm)
"your turn" for a player with no socket on the game; a push service on 127.0.0.1 checks
and decrypts it. A player watching the table gets nothing; a 410 removes the
subscription; endpoints elsewhere are refused (SSRF)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test.utils import CaptureQueriesContext

from durak_platform.asgi import application
from live import presence
from push import adapters, vapid
from push.models import PushSubscription, VapidKey
from push.origins import endpoint_allowed
from stream import events, store
from tests.harness.clients import Client
from tests.stream.pushservice import PushService

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def service() -> Iterator[PushService]:
    with PushService() as running:
        yield running


def _subscribe(client: Client, subscription: dict[str, Any]) -> int:
    answer = client.post("/api/v1/push/subscriptions/", subscription)
    assert answer.status_code == 201, answer.content
    return int(answer.json()["id"])


def test_the_key_is_made_once_and_kept() -> None:
    alice = Client()
    first = alice.get("/api/v1/push/key/").json()["public_key"]
    assert alice.get("/api/v1/push/key/").json()["public_key"] == first
    assert VapidKey.objects.count() == 1 and len(first) == 87  # 65 bytes, base64url
    assert vapid.signer().public_key is not None


def test_your_turn_reaches_a_player_away_from_the_table(service: PushService) -> None:
    alice = Client()
    sid = _subscribe(alice, service.subscription("alice"))
    key = alice.get("/api/v1/push/key/").json()["public_key"]
    game_id = alice.create({"players": 2, "deck": 24}, [{"ai": "novice"}]).json()["id"]
    turns = [e for e in store.events_after(alice.player.pk, 0) if e["type"] == "your_turn"]
    if not turns:  # the computer led and took the bout: wait for a turn of the person
        store.append([events.your_turn(alice.player.pk, game_id, 999, None)])
        turns = [e for e in store.events_after(alice.player.pk, 0) if e["type"] == "your_turn"]
    pushed = [r["event"] for r in service.received]
    assert pushed and pushed[-1] == turns[-1], (pushed, service.refused)
    assert all(e["type"] == "your_turn" for e in pushed)  # game_started wakes no one
    assert service.received[-1]["claims"]["k"] == key and service.received[-1]["ttl"]
    # A phone offline meanwhile gets the game's latest turn only, and is woken at once.
    assert service.received[-1]["topic"] == f"turn-{game_id}" and service.received[-1]["urgency"] == "high"
    assert service.refused == []
    assert PushSubscription.objects.get(pk=sid).last_sent_at is not None


async def test_nothing_is_pushed_while_the_table_is_open(service: PushService) -> None:
    alice = await sync_to_async(Client)()
    await sync_to_async(_subscribe)(alice, service.subscription("alice"))
    game_id = (await sync_to_async(alice.create)({"players": 2, "deck": 24}, [{"ai": "novice"}])).json()["id"]
    before = len(service.received)
    comm = WebsocketCommunicator(application, f"/ws/games/{game_id}/?token={alice.token}")
    connected, _ = await comm.connect()
    assert connected and (await comm.receive_json_from(5))["type"] == "state"
    assert await sync_to_async(presence.watching)(game_id, alice.player.pk)
    await sync_to_async(store.append)([events.your_turn(alice.player.pk, game_id, 500, None)])
    assert len(service.received) == before
    await comm.disconnect()
    assert not await sync_to_async(presence.watching)(game_id, alice.player.pk)
    await sync_to_async(store.append)([events.your_turn(alice.player.pk, game_id, 501, None)])
    assert service.received[-1]["event"]["seq"] == 501


def test_a_410_removes_the_subscription(service: PushService) -> None:
    alice = Client()
    kept = _subscribe(alice, service.subscription("kept"))
    gone = _subscribe(alice, service.subscription("gone", gone=True))
    store.append([events.table_ready(alice.player.pk, 3, 30)])
    assert sorted(r["path"] for r in service.received) == ["/gone/gone", "/push/kept"]
    assert list(PushSubscription.objects.values_list("pk", flat=True)) == [kept]
    assert gone != kept


def test_endpoints_off_the_listed_push_services_are_refused(settings: Any) -> None:
    alice = Client()
    keys = {"p256dh": "BNc" + "A" * 84, "auth": "A" * 22}
    for endpoint in ("http://169.254.169.254/latest/meta-data", "https://evil.example/push",
                     "https://fcm.googleapis.com.evil.example/x", "https://user@fcm.googleapis.com/x",
                     "ftp://fcm.googleapis.com/x", "https://fcm.googleapis.com:8443/x", "not a url"):
        refused = alice.post("/api/v1/push/subscriptions/", {"endpoint": endpoint, "keys": keys})
        assert refused.status_code == 400, endpoint
        assert refused.json()["error"]["code"] == "invalid_subscription"
    assert PushSubscription.objects.count() == 0
    for endpoint in ("https://fcm.googleapis.com/fcm/send/abc", "https://wns2-db5p.notify.windows.com/w/?token=x",
                     "https://updates.push.services.mozilla.com/wpush/v2/x"):
        assert endpoint_allowed(endpoint), endpoint
    settings.DURAK_PUSH_ORIGINS = ["https://fcm.googleapis.com"]
    assert not endpoint_allowed("http://127.0.0.1:8000/push/x")
    assert not endpoint_allowed("https://notify.windows.com/x")


def test_a_subscription_is_deleted_by_its_owner_only(service: PushService) -> None:
    alice, bob = Client(), Client()
    sid = _subscribe(alice, service.subscription("alice"))
    assert bob.http.delete(f"/api/v1/push/subscriptions/{sid}/").status_code == 404
    assert alice.http.delete(f"/api/v1/push/subscriptions/{sid}/").status_code == 204
    assert PushSubscription.objects.count() == 0


def _subscription_reads(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if PushSubscription._meta.db_table in q["sql"]]


def test_a_player_who_never_subscribed_costs_no_subscription_query(service: PushService) -> None:
    """An append for players without a subscription asks nothing about subscriptions (the
    head it locks says so); once one subscribes, their next event is read for and pushed."""
    alice, bob = Client(), Client()
    with CaptureQueriesContext(connection) as queries:
        store.append([events.your_turn(alice.player.pk, 7, 1, None), events.your_turn(bob.player.pk, 7, 2, None)])
    assert _subscription_reads(queries) == [] and service.received == []
    _subscribe(alice, service.subscription("alice"))  # alice's head exists already
    with CaptureQueriesContext(connection) as queries:
        store.append([events.your_turn(alice.player.pk, 7, 3, None), events.your_turn(bob.player.pk, 7, 4, None)])
    asked = [sql for sql in _subscription_reads(queries) if "IN (" in sql]  # not the push's own
    assert len(asked) == 1 and asked[0].endswith(f"IN ({alice.player.pk}) ORDER BY id"), asked
    assert [r["event"]["seq"] for r in service.received] == [3]


def test_removing_the_last_subscription_stops_the_pushes(service: PushService) -> None:
    """The head keeps saying the player may have devices: the subscriptions read decides."""
    alice = Client()
    sid = _subscribe(alice, service.subscription("alice"))
    store.append([events.your_turn(alice.player.pk, 7, 1, None)])
    assert alice.http.delete(f"/api/v1/push/subscriptions/{sid}/").status_code == 204
    store.append([events.your_turn(alice.player.pk, 7, 2, None)])
    assert [r["event"]["seq"] for r in service.received] == [1]


def test_a_turns_topic_is_one_a_push_service_takes() -> None:
    """RFC 8030: a Topic is at most 32 characters of the base64url alphabet; a challenge
    has none (each one is news of its own) and wakes a phone at its normal pace."""
    topic = adapters.delivery_headers({"type": "your_turn", "game": 2**63 - 1, "seq": 1})["Topic"]
    assert len(topic) <= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", topic)
    assert adapters.delivery_headers({"type": "challenge_received", "challenge": {"id": 1}}) == {"Urgency": "normal"}
    assert adapters.delivery_headers({"type": "table_ready", "tournament": 1, "game": 2}) == {"Urgency": "high"}
