"""The client's address: the one answer for every throttle, sign-up record and socket.

``X-Forwarded-For`` is whatever the client wrote, unless a proxy we run wrote it: a client
that sends a new one with each request must not become a new client each time. So the
header counts only when the deployment says how many proxies stand in front
(``DURAK_NUM_PROXIES``, default 0: never) and the connection comes from one of them
(``DURAK_FORWARDED_ALLOW_IPS``, default loopback). Then the address is the Nth from the
right: each proxy appends the address it saw, so the right-most N entries are the ones
our proxies wrote and anything to their left is the client's own say.

uvicorn runs with ``--no-proxy-headers`` (Makefile, README): otherwise it rewrites the
connection's address from the header itself, for a loopback peer, before we see it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest

UNKNOWN = "unknown"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(allowed: tuple[str, ...]) -> tuple[Network, ...] | None:
    """The proxies' networks; None: any peer (``*``)."""
    if "*" in allowed:
        return None
    return tuple(ipaddress.ip_network(item, strict=False) for item in allowed)


def _from_proxy(peer: str) -> bool:
    networks = _networks(tuple(settings.DURAK_FORWARDED_ALLOW_IPS))
    if networks is None:
        return True
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False  # a unix socket or no peer at all: not a proxy we named
    return any(address in network for network in networks)


def forwarded_address(peer: str, forwarded_for: str | None, num_proxies: int) -> str:
    """The client's address given the connection's ``peer`` and its ``X-Forwarded-For``.

    >>> forwarded_address("10.0.0.5", "6.6.6.6, 1.2.3.4", 0)
    '10.0.0.5'
    >>> forwarded_address("10.0.0.5", "6.6.6.6, 1.2.3.4", 1)
    '1.2.3.4'
    >>> forwarded_address("10.0.0.5", "1.2.3.4", 2)  # fewer entries than proxies: the left-most
    '1.2.3.4'
    """
    if num_proxies <= 0 or not forwarded_for:
        return peer
    entries = [item.strip() for item in forwarded_for.split(",") if item.strip()]
    if not entries:
        return peer
    return entries[-min(num_proxies, len(entries))]


def _of_request(request: HttpRequest) -> tuple[str, str | None]:
    meta = request.META
    return str(meta.get("REMOTE_ADDR") or ""), meta.get("HTTP_X_FORWARDED_FOR")


def _of_scope(scope: Mapping[str, Any]) -> tuple[str, str | None]:
    client = scope.get("client")
    peer = str(client[0]) if client else ""
    # Several X-Forwarded-For lines are one list, in order (RFC 9110 §5.3).
    values = [value.decode("latin-1") for name, value in scope.get("headers", []) if name == b"x-forwarded-for"]
    return peer, ", ".join(values) if values else None


def client_address(request_or_scope: HttpRequest | Mapping[str, Any] | Any) -> str:
    """The address of the client behind an HTTP request (Django's or DRF's) or an ASGI
    scope (a websocket's): the connection's own unless trusted proxies forwarded it."""
    request = getattr(request_or_scope, "_request", request_or_scope)  # DRF wraps Django's
    if isinstance(request, HttpRequest):
        peer, forwarded_for = _of_request(request)
    else:
        peer, forwarded_for = _of_scope(request)
    num_proxies = int(settings.DURAK_NUM_PROXIES)
    if num_proxies and forwarded_for and _from_proxy(peer):
        return forwarded_address(peer, forwarded_for, num_proxies)
    return peer or UNKNOWN
