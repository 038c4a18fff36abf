"""Celery: one push to one subscription, retried with backoff while the service fails."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from push import services
from stream.delivery import EventStored

logger = logging.getLogger(__name__)

MAX_RETRIES = 5


class PushFailed(Exception):
    """The push service answered neither yes nor "gone": worth another try."""


@shared_task(name="push.tasks.push_send", bind=True, max_retries=MAX_RETRIES)
def push_send(self: Any, subscription_id: int, event: dict[str, Any]) -> str:
    try:
        outcome = services.deliver(subscription_id, event)
    except Exception as error:  # the network: a refused connection, a timeout
        raise self.retry(exc=error, countdown=_backoff(self.request.retries)) from error
    if outcome is None:
        return "gone"
    if outcome.gone:
        return "removed"
    if not outcome.delivered:
        countdown = outcome.retry_after or _backoff(self.request.retries)
        raise self.retry(exc=PushFailed(f"push service answered {outcome.status}"), countdown=countdown)
    return "delivered"


def _backoff(retries: int) -> float:
    return float(min(600, 5 * 2 ** retries))


def enqueue(stored: list[EventStored]) -> None:
    """``stream.delivery.events_stored``: a push per subscription, for each event that
    wakes one; an event whose push cannot be queued does not stop the next. A player who
    never kept a subscription (``EventStored.wakes``) is not asked about: usually nobody
    at a move's table, and then there is no query at all."""
    stored = [one for one in stored if one.wakes]
    if not stored:
        return
    wanted = services.wanted_many([(one.player_id, one.event) for one in stored])
    for one, subscriptions in zip(stored, wanted, strict=True):
        for subscription_id in subscriptions:
            try:
                push_send.delay(subscription_id, one.event)
            except Exception:  # the broker away: this push is lost, as a failed hook's was
                logger.exception("Could not queue a push to subscription %s", subscription_id)
