"""Where a request comes from."""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """The address of the request's client, as the server saw it (REMOTE_ADDR), or None.

    The one place that decides it: accounts record it at creation and throttles may key on
    it, so honouring trusted proxies (X-Forwarded-For) will be done here alone."""
    raw = request.META.get("REMOTE_ADDR") or ""
    try:
        return str(ipaddress.ip_address(raw))
    except ValueError:
        return None
