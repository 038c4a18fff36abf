"""Where a request comes from, as an address the database can hold."""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest

from core.clients import client_address


def client_ip(request: HttpRequest) -> str | None:
    """The address of the request's client, or None when it is no IP address.

    ``core.clients`` decides it for the whole platform (X-Forwarded-For only from
    the configured proxies), so the address an account is recorded as made from is the one
    the throttles count."""
    try:
        return str(ipaddress.ip_address(client_address(request)))
    except ValueError:
        return None
