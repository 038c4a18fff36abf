"""Websocket auth by ``?ticket=`` or ``?token=``: browsers cannot set headers on a
websocket handshake.

Wraps the URL router inside Channels' session auth, so a ticket or token, when given,
decides who the connection is; without one the session cookie (set by
``AuthMiddlewareStack``) does, from our own pages only. A wrong one leaves the connection
anonymous rather than falling back to the cookie, and charges the client's address
(``live.socket_throttle``): past the ``auth`` rate the socket is refused with
``429 throttled`` (``scope["auth_throttled"]``) before anything else.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser

from accounts.tickets import ticket_redeem, user_for_token
from live import socket_throttle


def credential_from_query(query_string: bytes) -> tuple[str, str] | None:
    """``("ticket", …)`` or ``("token", …)`` from a query string; a ticket wins."""
    query = parse_qs(query_string.decode("latin-1"))
    for kind in ("ticket", "token"):
        values = query.get(kind)
        if values:
            return kind, values[0]
    return None


@database_sync_to_async
def _authenticate(scope: dict[str, Any], kind: str, value: str) -> tuple[Any, socket_throttle.Throttled | None]:
    user = ticket_redeem(value) if kind == "ticket" else user_for_token(value)
    if user is not None:
        return user, None
    try:
        socket_throttle.auth_failure_charge(scope)
    except socket_throttle.Throttled as refused:
        return AnonymousUser(), refused
    return AnonymousUser(), None


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def same_origin(scope: dict[str, Any]) -> bool:
    """Whether a browser opened this socket from our own pages. Cookies ride along on
    any site's websocket (there is no CORS for them), so a session counts only then;
    clients with no ``Origin`` (apps, bots) use tokens and are not browsers."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    host = _header(scope, b"host")
    return host is not None and urlsplit(origin).netloc.lower() == host.lower()


class TokenQueryAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        credential = credential_from_query(scope.get("query_string", b""))
        if credential is not None:
            user, refused = await _authenticate(scope, *credential)
            scope = dict(scope, user=user, auth_throttled=refused)
        elif not same_origin(scope):
            scope = dict(scope, user=AnonymousUser())
        return await super().__call__(scope, receive, send)
