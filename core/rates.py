"""Rate limits kept in the cache, so every connection and every process charges one budget.

A player's actions cost the same whether they come over REST or any of the player's
sockets, in this process or another (the cache is Redis in the scaled mode, one locmem per
process in the embedded mode, which has one process). The count is a sliding window
estimated from two fixed windows (this one's count, plus last one's weighted by how much
of it still overlaps): a counter per window, kept with atomic increments (one pipelined
round trip on Redis), so two processes charging at once both count, and no burst of twice
the rate fits across a window's edge. A refused request gives its charge back: waiting, not hammering, is what
earns the next move.
"""

from __future__ import annotations

import contextlib
import math
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache

from core.errors import ApplicationError

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class Throttled(ApplicationError, status=429, code="throttled"):
    """429: past the rate this scope allows."""


def parse_rate(rate: str) -> tuple[int, int]:
    """``"240/min"`` → (240, 60).

    >>> parse_rate("240/min"), parse_rate("5/s"), parse_rate("1000/hour")
    ((240, 60), (5, 1), (1000, 3600))
    """
    count, period = rate.split("/")
    return int(count), PERIODS[period.strip()[0]]


def rate_of(scope: str) -> str:
    """The configured rate of a scope, read now (tests and settings overrides see it)."""
    return str(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope])


def _counts(current: str, previous: str, timeout: int) -> tuple[int, int]:
    """This window's count after one more charge, and the last window's count."""
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        # One round trip instead of four: INCR, EXPIRE and GET in a pipeline. Django's
        # Redis serializer stores integers as plain numbers, so cache.get reads these too.
        # No MULTI: INCR is atomic by itself, and another charge between it and the EXPIRE
        # only sets the same expiry (a fifth of the charge's CPU went to the transaction).
        client = backend._cache.get_client(current, write=True)
        now_key, last_key = backend.make_and_validate_key(current), backend.make_and_validate_key(previous)
        pipe = client.pipeline(transaction=False)
        pipe.incr(now_key)
        pipe.expire(now_key, timeout)
        pipe.get(last_key)
        counted, _, last = pipe.execute()
        return int(counted), int(last or 0)
    try:
        counted = int(cache.incr(current))
    except ValueError:  # the window's first charge
        counted = 1 if cache.add(current, 1, timeout=timeout) else int(cache.incr(current))
    return counted, int(cache.get(previous, 0))


def _wait(limit: int, period: int, previous: int, count: int, elapsed: float) -> int:
    """Seconds until one more charge fits, with ``count`` charges in this window."""
    if count < limit and previous:
        # Last window's weight falls until previous * weight + count + 1 <= limit.
        weight = (limit - count - 1) / previous
        return max(1, math.ceil((1 - weight) * period - elapsed))
    return max(1, math.ceil(period - elapsed))


def charge(scope: str, key: Any, rate: str | None = None, *, now: float | None = None) -> None:
    """Count one request of ``key`` (a player's id, a client's address) against ``scope``'s
    rate, or refuse it with ``429 throttled`` and ``retry_after``."""
    limit, period = parse_rate(rate or rate_of(scope))
    now = time.time() if now is None else now
    window = int(now // period)
    elapsed = now - window * period
    current = f"rate:{scope}:{key}:{window}"
    count, previous = _counts(current, f"rate:{scope}:{key}:{window - 1}", timeout=2 * period + 1)
    if previous * (1 - elapsed / period) + count <= limit:
        return
    with contextlib.suppress(ValueError):  # expired in between: nothing left to give back
        cache.decr(current)
    wait = _wait(limit, period, previous, count - 1, elapsed)
    raise Throttled(f"Too many requests; try again in {wait} s.", retry_after=wait)
