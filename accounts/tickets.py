"""Websocket tickets: a short-lived, single-use stand-in for the token in a socket's URL.

A URL ends up in places a header does not (proxies' logs, a browser's history), so a
client may trade its token for a ticket first (``POST /api/v1/auth/ticket/``) and connect
with ``?ticket=``: what leaks is worth one connection within a minute. A ticket names the
device whose token made it, so signing that device out voids its tickets too; a
session's ticket names its user. Kept in the cache under the ticket's hash (no ticket in
a Redis key); taken with the cache's atomic delete, so two sockets racing with one ticket
cannot both get in.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone

from accounts.devices import device_for_token, idle_limit

TICKET_TTL = 60  # seconds


def _key(ticket: str) -> str:
    return "ws-ticket:" + hashlib.sha256(ticket.encode("utf-8", "replace")).hexdigest()


def ticket_issue(*, user_id: int, device_id: int | None) -> str:
    """A fresh ticket for this user (made by a device's token, or from a session: None)."""
    ticket = secrets.token_urlsafe(24)
    cache.set(_key(ticket), {"user": user_id, "device": device_id}, timeout=TICKET_TTL)
    return ticket


def user_for_token(key: str) -> Any | None:
    """The active user of a device's token, with its player: one query."""
    device = device_for_token(key)
    if device is None or not device.user.is_active:
        return None
    return device.user


def ticket_redeem(ticket: str) -> Any | None:
    """The user a ticket was issued to, once; None for an unknown, used or expired one."""
    key = _key(ticket)
    held = cache.get(key)
    if not isinstance(held, dict) or not cache.delete(key):
        return None
    user_id = held.get("user")
    if not isinstance(user_id, int):
        return None
    device_id = held.get("device")
    users = get_user_model().objects.select_related("player").filter(pk=user_id, is_active=True)
    if device_id is not None:  # its device must still be signed in: one query all the same
        if not isinstance(device_id, int):
            return None
        users = users.filter(devices__pk=device_id, devices__last_used_at__gte=timezone.now() - idle_limit())
    return users.first()
