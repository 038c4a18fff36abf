"""How a message reaches a device. Web Push (RFC 8030/8291/8292) through pywebpush is the
one kept; a native app's FCM or APNs token would be another ``Adapter`` beside it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from pywebpush import WebPushException, webpush

from push import vapid
from push.models import PushSubscription

TIMEOUT_SECONDS = 10.0
# Seconds the push service keeps a message for a device that is offline: a turn is stale
# after a few minutes anyway.
TTL_SECONDS = 600


# How soon a device should be woken (RFC 8030, 5.3): a turn or a tournament's table waits
# for its player, a challenge can wait for the phone's next wake-up.
URGENT = frozenset({"your_turn", "table_ready"})


def delivery_headers(event: dict[str, Any]) -> dict[str, str]:
    """Web Push headers for ``event``: its ``Urgency``, and for a turn a ``Topic`` per game
    (RFC 8030, 5.4): a phone that was offline gets the game's latest turn, not every
    turn it missed (the service replaces a waiting message of the same topic)."""
    headers = {"Urgency": "high" if event.get("type") in URGENT else "normal"}
    game = event.get("game")
    if event.get("type") == "your_turn" and isinstance(game, int):
        headers["Topic"] = f"turn-{game}"  # at most 32 characters of base64url's alphabet
    return headers


@dataclass(frozen=True)
class Outcome:
    """``delivered``: the push service took it; ``gone``: the subscription is dead (404/410);
    otherwise a failure worth retrying (``retry_after`` seconds, when the service said)."""

    delivered: bool
    gone: bool = False
    status: int | None = None
    retry_after: float | None = None


class Adapter(Protocol):
    def send(self, subscription: PushSubscription, event: dict[str, Any]) -> Outcome: ...


class WebPushAdapter:
    def send(self, subscription: PushSubscription, event: dict[str, Any]) -> Outcome:
        info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
        try:
            response = webpush(info, data=json.dumps(event, ensure_ascii=False), vapid_private_key=vapid.signer(),
                               vapid_claims={"sub": settings.DURAK_VAPID_SUBJECT}, content_encoding="aes128gcm",
                               ttl=TTL_SECONDS, timeout=TIMEOUT_SECONDS, headers=delivery_headers(event))
        except WebPushException as error:
            status = None if error.response is None else error.response.status_code
            retry = None if error.response is None else error.response.headers.get("Retry-After")
            return Outcome(False, gone=status in (404, 410), status=status,
                           retry_after=float(retry) if retry and retry.isdigit() else None)
        return Outcome(True, status=getattr(response, "status_code", None))


ADAPTERS: dict[str, Adapter] = {"webpush": WebPushAdapter()}
