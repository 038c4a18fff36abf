"""Failed sign-ins counted per account name, whatever the address (issue 26): past the
limit within the window, every attempt on that name is a 429 until the window ends, so
guessing one person's password from many addresses gets nowhere.

Counters live in the cache (Redis when the platform has one: shared by every process).
A window is fixed, opened by the first failure; a success clears the name's count.
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache

from durak_platform.errors import ApplicationError


class TooManyAttempts(ApplicationError):
    status = 429
    code = "too_many_attempts"


def _limits() -> tuple[int, int]:
    return (int(getattr(settings, "DURAK_SIGNIN_FAILURES", 10)),
            int(getattr(settings, "DURAK_SIGNIN_WINDOW", 900)))


def _cache_key(scope: str, key: str) -> str:
    # Hashed: a name may hold any letter, and a cache key must be short ASCII.
    return f"signin:{scope}:{hashlib.sha256(key.encode()).hexdigest()[:32]}"


def blocked_for(key: str, *, scope: str = "name", limit: int | None = None) -> int:
    """Seconds until ``key`` may try again (0: it may now)."""
    failures, window = _limits()
    limit = failures if limit is None else limit
    count_key = _cache_key(scope, key)
    if (cache.get(count_key) or 0) < limit:
        return 0
    opened = cache.get(count_key + ":t") or time.time()
    return max(1, int(opened + window - time.time()))


def check(key: str, *, scope: str = "name", limit: int | None = None) -> None:
    """``TooManyAttempts`` while ``key`` is over its limit."""
    wait = blocked_for(key, scope=scope, limit=limit)
    if wait:
        raise TooManyAttempts(f"Too many failed sign-in attempts: try again in {wait} s.", retry_after=wait)


def failed(key: str, *, scope: str = "name") -> None:
    """One more failure for ``key``, in the window its first failure opened (an atomic
    increment: failures at one moment from many processes all count)."""
    _, window = _limits()
    count_key = _cache_key(scope, key)
    if cache.add(count_key, 0, window):
        cache.set(count_key + ":t", time.time(), window)
    try:
        cache.incr(count_key)
    except ValueError:  # the window ended between the two calls: this failure opens the next
        cache.add(count_key, 1, window)


def succeeded(key: str, *, scope: str = "name") -> None:
    cache.delete_many([_cache_key(scope, key), _cache_key(scope, key) + ":t"])
