"""Failed sign-ins, counted against the account a name finds (its name key, however the
name was spelt), in two ways:

- per name and address: ``DURAK_SIGNIN_FAILURES`` failures from one address lock that
  address out of that name until the window ends;
- per name, from every address together: ``DURAK_SIGNIN_NAME_FAILURES`` (higher) lock the
  name for everyone, so guessing from many addresses gets nowhere either.

So one attacker at one address cannot lock a stranger out (it locks only itself), and a
lock-out for everyone takes failures from several addresses. A success clears only its
own (name, address) count: the owner signing in now and then does not reset the count of
someone guessing from elsewhere. A device already signed in is never locked out: only
sign-ins are counted, not tokens.

Counters live in the cache (Redis when the platform has one: shared by every process).
A window is fixed, opened by the first failure.
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache

from core.errors import ApplicationError

NAME = "name"
NAME_AT_ADDRESS = "name-ip"


class TooManyAttempts(ApplicationError, status=429, code="too_many_attempts"):
    """429: too many failed sign-ins to this name (from this address, or from all)."""


def _window() -> int:
    return int(getattr(settings, "DURAK_SIGNIN_WINDOW", 900))


def _cache_key(scope: str, key: str) -> str:
    # Hashed: a name may hold any letter, and a cache key must be short ASCII.
    return f"signin:{scope}:{hashlib.sha256(key.encode()).hexdigest()[:32]}"


def blocked_for(key: str, *, scope: str, limit: int) -> int:
    """Seconds until ``key`` may try again (0: it may now)."""
    count_key = _cache_key(scope, key)
    if (cache.get(count_key) or 0) < limit:
        return 0
    opened = cache.get(count_key + ":t") or time.time()
    return max(1, int(opened + _window() - time.time()))


def failed(key: str, *, scope: str) -> None:
    """One more failure for ``key``, in the window its first failure opened (an atomic
    increment: failures at one moment from many processes all count)."""
    window = _window()
    count_key = _cache_key(scope, key)
    if cache.add(count_key, 0, window):
        cache.set(count_key + ":t", time.time(), window)
    try:
        cache.incr(count_key)
    except ValueError:  # the window ended between the two calls: this failure opens the next
        cache.add(count_key, 1, window)


def succeeded(key: str, *, scope: str) -> None:
    cache.delete_many([_cache_key(scope, key), _cache_key(scope, key) + ":t"])


def _at(name_key: str, ip: str | None) -> str:
    return f"{name_key}\x00{ip or 'unknown'}"


def name_blocked_for(name_key: str, ip: str | None) -> int:
    """Seconds until this address may try this account's name again (0: now)."""
    return max(blocked_for(_at(name_key, ip), scope=NAME_AT_ADDRESS, limit=int(settings.DURAK_SIGNIN_FAILURES)),
               blocked_for(name_key, scope=NAME, limit=int(settings.DURAK_SIGNIN_NAME_FAILURES)))


def name_check(name_key: str, ip: str | None) -> None:
    """``TooManyAttempts`` while this address, or every address, is over the name's limit."""
    wait = name_blocked_for(name_key, ip)
    if wait:
        raise TooManyAttempts(f"Too many failed sign-in attempts: try again in {wait} s.", retry_after=wait)


def name_failed(name_key: str, ip: str | None) -> None:
    failed(_at(name_key, ip), scope=NAME_AT_ADDRESS)
    failed(name_key, scope=NAME)


def name_succeeded(name_key: str, ip: str | None) -> None:
    succeeded(_at(name_key, ip), scope=NAME_AT_ADDRESS)
