"""Announcing from outside the server (a Celery worker, a shell): one event loop and one
Redis pool per process, however many sends.

The pitfall: ``async_to_sync(layer.group_send)`` there makes a loop per call, and
channels-redis a connection per loop: 200 sends would be 200 TCP connects (about 4 ms
each here), and on older channels-redis, connections left on closed loops.
"""

from __future__ import annotations

import asyncio
import socket
import threading

import pytest
from channels_redis.core import RedisChannelLayer

from games import broadcast

DB = 15


def _redis_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        return False
    return True


pytestmark = pytest.mark.skipif(not _redis_up(), reason="needs Redis on 127.0.0.1:6379")


def test_sends_from_a_worker_thread_reuse_one_loop_and_one_pool() -> None:
    layer = RedisChannelLayer(hosts=[f"redis://127.0.0.1:6379/{DB}"])
    listener = RedisChannelLayer(hosts=[f"redis://127.0.0.1:6379/{DB}"])

    async def join() -> str:
        channel = await listener.new_channel()
        await listener.group_add(broadcast.group_name(7), channel)
        return channel

    channel = asyncio.run(join())
    broadcast.send_group(layer, broadcast.group_name(7), broadcast.changed_message(7, 1))
    threads = threading.active_count()
    for seq in range(2, 202):
        broadcast.send_group(layer, broadcast.group_name(7), broadcast.changed_message(7, seq))
    assert threading.active_count() == threads
    # One loop has used the layer, and its pool holds one connection it kept reusing.
    (loop_layer,) = layer._layers.values()
    (connection,) = loop_layer._connections.values()
    pool = connection.connection_pool
    assert len(pool._available_connections) + len(pool._in_use_connections) == 1

    async def first() -> dict[str, object]:
        message: dict[str, object] = await listener.receive(channel)
        await listener.flush()
        return message

    assert asyncio.run(first()) == {"type": "game.changed", "game_id": 7, "seq": 1}
