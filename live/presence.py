"""Who has a game's socket open, per player: the push sender (an upper app) asks before
waking a phone, since a player watching the table needs no push.

A count per ``(game, player)`` in the cache (shared through Redis between processes when
there is one): up on connect, down on disconnect. A process that dies with sockets open
leaves its counts up until they expire (``TTL``): a push is then missed for at most that
long, never sent twice."""

from __future__ import annotations

from django.core.cache import cache

TTL = 6 * 3600


def _key(game_id: int, player_id: int) -> str:
    return f"presence:{game_id}:{player_id}"


def socket_opened(game_id: int, player_id: int) -> None:
    key = _key(game_id, player_id)
    cache.add(key, 0, TTL)
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, TTL)
    cache.touch(key, TTL)


def socket_closed(game_id: int, player_id: int) -> None:
    key = _key(game_id, player_id)
    try:
        if cache.decr(key) <= 0:
            cache.delete(key)
    except ValueError:
        pass


def watching(game_id: int, player_id: int) -> bool:
    """Whether the player has a socket of this game open now."""
    return bool(cache.get(_key(game_id, player_id)))
