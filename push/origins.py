"""Which push services the server will POST to (``DURAK_PUSH_ORIGINS``): a subscription's
endpoint anywhere else is refused, so no one can make the server send a request to an
address of their choosing (SSRF).

An entry is an origin, ``scheme://host[:port]``; ``*.`` before the host matches any
subdomain (``https://*.notify.windows.com``), ``:*`` any port (tests only: a loopback
push service on a free port)."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings

# The major browsers' push services (Chrome/Android, Firefox, Safari/iOS, Edge/Windows).
DEFAULT_ORIGINS = (
    "https://fcm.googleapis.com",
    "https://updates.push.services.mozilla.com",
    "https://web.push.apple.com",
    "https://*.push.apple.com",
    "https://*.notify.windows.com",
)


def _default_port(scheme: str) -> int:
    return 443 if scheme == "https" else 80


def _matches(entry: str, scheme: str, host: str, port: int) -> bool:
    parts = urlsplit(entry.strip())
    if not parts.scheme or not parts.netloc:
        return False
    want_host, _, want_port = parts.netloc.rpartition(":") if parts.netloc.count(":") == 1 else (parts.netloc, "", "")
    if parts.scheme != scheme:
        return False
    if want_port == "*":
        pass
    elif (int(want_port) if want_port.isdigit() else _default_port(scheme)) != port:
        return False
    want_host = want_host.lower()
    if want_host.startswith("*."):
        return host.endswith(want_host[1:]) and len(host) > len(want_host) - 1
    return host == want_host


def endpoint_allowed(endpoint: str) -> bool:
    """Whether ``endpoint`` lies on one of the listed push services' origins."""
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError:
        return False
    if parts.scheme not in ("https", "http") or not parts.hostname or parts.username or parts.password:
        return False
    port = port or _default_port(parts.scheme)
    host = parts.hostname.lower()
    return any(_matches(entry, parts.scheme, host, port) for entry in settings.DURAK_PUSH_ORIGINS)
