"""Websocket tickets: a short-lived, single-use stand-in for the token in a socket's URL.

A URL ends up in places a header does not (proxies' logs, a browser's history), so a
client may trade its token for a ticket first (``POST /api/v1/auth/ticket/``) and connect
with ``?ticket=``: what leaks is worth one connection within a minute. A ticket names the
token it was made from, so signing out (the token deleted) voids its tickets too; a
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
from rest_framework.authtoken.models import Token

TICKET_TTL = 60  # seconds


def _key(ticket: str) -> str:
    return "ws-ticket:" + hashlib.sha256(ticket.encode("utf-8", "replace")).hexdigest()


def ticket_issue(*, user_id: int, token_key: str | None) -> str:
    """A fresh ticket for this user (made from ``token_key``, or from a session: None)."""
    ticket = secrets.token_urlsafe(24)
    cache.set(_key(ticket), {"user": user_id, "token": token_key}, timeout=TICKET_TTL)
    return ticket


def user_for_token(key: str) -> Any | None:
    """The active user of a token, with its player: one query."""
    token = Token.objects.select_related("user", "user__player").filter(key=key).first()
    if token is None or not token.user.is_active:
        return None
    return token.user


def ticket_redeem(ticket: str) -> Any | None:
    """The user a ticket was issued to, once; None for an unknown, used or expired one."""
    key = _key(ticket)
    held = cache.get(key)
    if not isinstance(held, dict) or not cache.delete(key):
        return None
    if held.get("token"):
        user = user_for_token(str(held["token"]))
        return user if user is not None and user.pk == held.get("user") else None
    user_id = held.get("user")
    if not isinstance(user_id, int):
        return None
    user = get_user_model().objects.select_related("player").filter(pk=user_id).first()
    return user if user is not None and user.is_active else None
