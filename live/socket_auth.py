"""Websocket auth by ``?token=``: browsers cannot set headers on a websocket handshake.

Wraps the URL router inside Channels' session auth, so a token, when given, decides who
the connection is; without one the session cookie (set by ``AuthMiddlewareStack``) does,
from our own pages only. A wrong token leaves the connection anonymous rather than
falling back to the cookie.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser
from rest_framework.authtoken.models import Token


def token_from_query(query_string: bytes) -> str | None:
    values = parse_qs(query_string.decode("latin-1")).get("token")
    return values[0] if values else None


@database_sync_to_async
def user_for_token(key: str) -> Any:
    token = Token.objects.select_related("user", "user__player").filter(key=key).first()
    if token is None or not token.user.is_active:
        return AnonymousUser()
    return token.user


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
        key = token_from_query(scope.get("query_string", b""))
        if key is not None:
            scope = dict(scope, user=await user_for_token(key))
        elif not same_origin(scope):
            scope = dict(scope, user=AnonymousUser())
        return await super().__call__(scope, receive, send)
