"""Push subscriptions: add, remove, and who gets a push for a stream event."""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from accounts.models import Player
from accounts.signals import AccountDeleted
from core.errors import ApplicationError, NotFound
from live import presence
from push import adapters
from push.models import PushSubscription
from push.origins import endpoint_allowed
from stream import store as stream_store

# The stream events that wake a device (the others wait for the app to open).
PUSHED = frozenset({"your_turn", "challenge_received", "table_ready"})


class InvalidSubscription(ApplicationError, status=400, code="invalid_subscription"):
    """400: a push subscription's fields are missing, malformed or off the allowed push services."""


def _text(body: dict[str, Any], name: str, value: object, most: int) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= most:
        raise InvalidSubscription(f"'{name}' must be a string of 1 to {most} characters.", field=name)
    return value


@transaction.atomic
def subscription_add(*, player: Player, body: object) -> PushSubscription:
    """Keep the browser's subscription (``{"endpoint", "keys": {"p256dh", "auth"}}``); the
    same endpoint again (a browser subscribing anew) moves it to this player."""
    if not isinstance(body, dict) or not isinstance(body.get("keys"), dict):
        raise InvalidSubscription("The body is a Web Push subscription: {\"endpoint\", \"keys\": {\"p256dh\", \"auth\"}}.")
    endpoint = _text(body, "endpoint", body.get("endpoint"), 2048)
    if not endpoint_allowed(endpoint):
        raise InvalidSubscription("This endpoint is not on a push service the server sends to.", field="endpoint")
    p256dh = _text(body, "keys.p256dh", body["keys"].get("p256dh"), 128)
    auth = _text(body, "keys.auth", body["keys"].get("auth"), 64)
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"player": player, "p256dh": p256dh, "auth": auth})
    stream_store.head_wakes(player.pk)
    return subscription


def subscription_remove(*, player: Player, subscription_id: int) -> None:
    deleted, _ = PushSubscription.objects.filter(pk=subscription_id, player=player).delete()
    if not deleted:
        raise NotFound(f"There is no push subscription {subscription_id} of yours.")


def subscriptions_of_deleted_player(deleted: AccountDeleted) -> None:
    """The account was deleted (``accounts.signals.account_deleted``): its devices are woken no more."""
    PushSubscription.objects.filter(player_id=deleted.player_id).delete()


def wanted_many(stored: list[tuple[int, dict[str, Any]]]) -> list[list[int]]:
    """The subscriptions to push each ``(player id, event)`` to: none for an event that
    does not wake a device, or while the player has the event's game open on a socket.
    One query for the subscriptions of all their players (a round tells a thousand at
    once), then the open sockets of only those who have one."""
    players = sorted({player_id for player_id, event in stored if event.get("type") in PUSHED})
    subscriptions: dict[int, list[int]] = {}
    for player_id, pk in _subscriptions_of(players):
        subscriptions.setdefault(player_id, []).append(pk)
    out: list[list[int]] = []
    for player_id, event in stored:
        mine = subscriptions.get(player_id, []) if event.get("type") in PUSHED else []
        game = event.get("game")
        out.append([] if mine and isinstance(game, int) and presence.watching(game, player_id) else list(mine))
    return out


def _subscriptions_of(players: list[int]) -> list[tuple[int, int]]:
    """(player id, subscription id) of these players, in plain SQL (it runs after every
    move, where the ORM's compiling would cost twice the statement), a statement per 500
    players (SQLite's parameter limit)."""
    table = PushSubscription._meta.db_table
    found: list[tuple[int, int]] = []
    for first in range(0, len(players), 500):
        part = players[first:first + 500]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT player_id, id FROM {table} WHERE player_id IN ({', '.join(['%s'] * len(part))})"
                           " ORDER BY id", part)
            found += [(player_id, pk) for player_id, pk in cursor.fetchall()]
    return found


def deliver(subscription_id: int, event: dict[str, Any]) -> adapters.Outcome | None:
    """Send once; a dead subscription (404/410) is removed. None: it is gone already."""
    subscription = PushSubscription.objects.filter(pk=subscription_id).first()
    if subscription is None:
        return None
    outcome = adapters.ADAPTERS["webpush"].send(subscription, event)
    if outcome.gone:
        PushSubscription.objects.filter(pk=subscription_id).delete()
    elif outcome.delivered:
        PushSubscription.objects.filter(pk=subscription_id).update(last_sent_at=timezone.now())
    return outcome
