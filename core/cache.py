"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every cache call, and
redis-py's constructor copies its table of some two hundred reply callbacks each time: the
throttle's one charge a request (``core.rates``) spent about 40% of its CPU there. A client
holds nothing but its pool and those callbacks, and is safe to share between threads (every
command takes a connection from the pool), so each pool gets one, made on first use.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as _RedisCache
from django.core.cache.backends.redis import RedisCacheClient as _RedisCacheClient


class RedisCacheClient(_RedisCacheClient):  # type: ignore[misc]
    """Django's client, keeping the ``redis.Redis`` it makes for each pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class RedisCache(_RedisCache):  # type: ignore[misc]
    """``django.core.cache.backends.redis.RedisCache`` on the client above."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
