"""Announcing from outside the server (a Celery worker, a shell): one event loop and one
Redis pool per process, however many sends.

The pitfall: ``async_to_sync(layer.group_send)`` there makes a loop per call, and
channels-redis a connection per loop: 200 sends would be 200 TCP connects (about 4 ms
each here), and on older channels-redis, connections left on closed loops.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from live import broadcast, hub
from live.layer import RedisChannelLayer
from tests.harness.stack import RedisServer

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")



def _listening(listener: RedisChannelLayer, game_id: int) -> str:
    """A channel of ``listener`` in the game's group."""

    async def join() -> str:
        channel = await listener.new_channel()
        await listener.group_add(broadcast.group_name(game_id), channel)
        return channel

    return asyncio.run(join())


def test_sends_from_a_worker_thread_reuse_one_loop_and_one_pool(redis: RedisServer) -> None:
    layer = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()])

    channel = _listening(listener, 7)
    broadcast.send_group(layer, broadcast.group_name(7), broadcast.changed_message(7, 1))
    threads = threading.active_count()
    for seq in range(2, 202):
        broadcast.send_group(layer, broadcast.group_name(7), broadcast.changed_message(7, seq))
    broadcast._sender.drain()
    assert threading.active_count() == threads
    # One loop has used the layer, and its pool holds one connection it kept reusing.
    (loop_layer,) = layer._layers.values()
    (connection,) = loop_layer._connections.values()
    pool = connection.connection_pool
    assert len(pool._available_connections) + len(pool._in_use_connections) == 1
    # And Redis agrees: at most the sender's one, the listener's one (if its finished loop
    # left it open) and redis-cli asking, after 201 sends.
    clients = dict(line.split(":", 1) for line in redis.cli("info", "clients").splitlines() if ":" in line)
    assert int(clients["connected_clients"]) <= 3

    async def first() -> dict[str, object]:
        message: dict[str, object] = await listener.receive(channel)
        await listener.flush()
        return message

    assert asyncio.run(first()) == {"type": "game.changed", "game_id": 7, "seq": 1}


def test_a_send_from_outside_the_server_is_not_waited_for_and_what_waits_is_bounded(redis: RedisServer) -> None:
    """A committed move's notice is queued on the sender loop: the caller goes on while
    Redis is slow, until ``QUEUED`` sends wait; the next waits for room. They go out in
    the order they were handed over."""
    layer = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()], capacity=1000)

    channel = _listening(listener, 8)
    broadcast.send_group(layer, broadcast.group_name(8), broadcast.changed_message(8, 0))
    broadcast._sender.drain()  # the loop and its connection are up
    redis.cli("client", "pause", "700")  # Redis answers nobody for 0.7 s
    began = time.monotonic()
    for seq in range(1, 1 + broadcast.QUEUED):
        broadcast.send_group(layer, broadcast.group_name(8), broadcast.changed_message(8, seq))
    queued = time.monotonic() - began
    broadcast.send_group(layer, broadcast.group_name(8), broadcast.changed_message(8, 1 + broadcast.QUEUED))
    waited = time.monotonic() - began
    broadcast._sender.drain()
    assert queued < 0.3, f"{broadcast.QUEUED} sends waited {queued:.2f} s for a paused Redis"
    assert waited >= 0.4, f"the send past the bound did not wait for room ({waited:.2f} s)"

    async def received() -> list[object]:
        seqs = [(await listener.receive(channel))["seq"] for _ in range(2 + broadcast.QUEUED)]
        await listener.flush()
        return seqs

    assert asyncio.run(received()) == list(range(2 + broadcast.QUEUED))


def test_many_groups_told_from_outside_the_server_are_queued_in_order_with_single_sends(redis: RedisServer) -> None:
    """A move's stream wakes (``send_groups``) are not waited for either: with Redis paused
    the caller goes on at once, and the batch goes out after the single send handed over
    before it and before the one handed over after it."""
    layer = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()], capacity=1000)

    channels = [_listening(listener, game) for game in (21, 22, 23)]
    broadcast.send_group(layer, broadcast.group_name(21), broadcast.changed_message(21, 0))
    broadcast._sender.drain()  # the loop and its connection are up
    redis.cli("client", "pause", "500")
    began = time.monotonic()
    broadcast.send_group(layer, broadcast.group_name(21), broadcast.changed_message(21, 1))
    broadcast.send_groups(layer, [(broadcast.group_name(game), broadcast.changed_message(game, 2))
                                  for game in (21, 22, 23)])
    broadcast.send_group(layer, broadcast.group_name(21), broadcast.changed_message(21, 3))
    handed_over = time.monotonic() - began
    broadcast._sender.drain()
    assert handed_over < 0.2, f"the sends waited {handed_over:.2f} s for a paused Redis"

    async def received() -> list[list[object]]:
        got = [[(await listener.receive(channels[0]))["seq"] for _ in range(4)]]
        got += [[(await listener.receive(channel))["seq"]] for channel in channels[1:]]
        await listener.flush()
        return got

    assert asyncio.run(received()) == [[0, 1, 2, 3], [2], [2]]


def test_what_waits_for_the_sender_loop_goes_out_together(redis: RedisServer) -> None:
    """While one send is on its way, the next moves' notices queue up; the loop then sends
    all of them at once (one script for Redis), not one after another."""
    layer = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()], capacity=1000)

    channel = _listening(listener, 31)
    broadcast.send_group(layer, broadcast.group_name(31), broadcast.changed_message(31, 0))
    broadcast._sender.drain()
    redis.cli("config", "resetstat")
    redis.cli("client", "pause", "300")
    for seq in range(1, 21):
        broadcast.send_group(layer, broadcast.group_name(31), broadcast.changed_message(31, seq))
    broadcast._sender.drain()
    stats = next(line for line in redis.cli("info", "commandstats").splitlines() if line.startswith("cmdstat_evalsha:"))
    scripts = int(stats.split("calls=")[1].split(",")[0])
    assert scripts <= 2, f"20 notices took {scripts} scripts"

    async def received() -> list[object]:
        seqs = [(await listener.receive(channel))["seq"] for _ in range(21)]
        await listener.flush()
        return seqs

    assert asyncio.run(received()) == list(range(21))


def _in_a_server_thread(work: Callable[[], None]) -> Callable[[], Coroutine[Any, Any, None]]:
    """``work`` run as a request's or a socket's database call runs: in a thread that
    ``sync_to_async`` started for the loop (``broadcast._server_loop`` finds the loop)."""
    async def run() -> None:
        await sync_to_async(work, thread_sensitive=False)()
    return run


def test_sends_from_the_servers_threads_go_out_together_in_order(redis: RedisServer) -> None:
    """On the server's loop one task makes the sends its threads hand over: what is handed
    over while one is on its way goes out together next (one script), in the order handed."""
    layer = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()], capacity=1000)
    channels = [_listening(listener, game) for game in (41, 42)]

    def moves() -> None:
        for seq in range(1, 21):
            broadcast.send_groups(layer, [(broadcast.group_name(41), broadcast.changed_message(41, seq)),
                                          (broadcast.group_name(42), broadcast.changed_message(42, seq))])

    async def scenario() -> tuple[int, list[list[object]]]:
        await _in_a_server_thread(lambda: broadcast.send_group(
            layer, broadcast.group_name(41), broadcast.changed_message(41, 0)))()
        await asyncio.sleep(0.2)  # sent: the script is loaded, the connection up
        redis.cli("config", "resetstat")
        redis.cli("client", "pause", "300")
        await _in_a_server_thread(moves)()
        got = [[(await listener.receive(channels[0]))["seq"] for _ in range(21)],
               [(await listener.receive(channels[1]))["seq"] for _ in range(20)]]
        await listener.flush()
        await layer.close_pools()
        return _evalsha_calls(redis), got

    scripts, got = asyncio.run(scenario())
    assert got == [list(range(21)), list(range(1, 21))]
    assert scripts <= 2, f"20 moves' sends took {scripts} scripts"


def _evalsha_calls(redis: RedisServer) -> int:
    stats = next(line for line in redis.cli("info", "commandstats").splitlines() if line.startswith("cmdstat_evalsha:"))
    return int(stats.split("calls=")[1].split(",")[0])


class _Socket:
    """A socket of the game in this process, as the hub sees it."""

    def __init__(self) -> None:
        self.seqs: list[int | None] = []

    def busy(self) -> bool:
        return False

    async def notice(self, seq: int | None) -> int | None:
        self.seqs.append(seq)
        return seq


def test_a_move_made_in_this_process_reaches_its_hub_in_memory_and_the_others_by_the_layer(
        redis: RedisServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """``announce`` in the server: the process's own hub is told at once and gets no copy
    from Redis (it would find nothing new); another process's hub in the game's group gets
    it from Redis; a game this hub shows no socket of is sent to its group in full."""
    layer = RedisChannelLayer(hosts=[redis.url()])
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)

    async def scenario() -> tuple[list[int | None], dict[str, list[object]]]:
        loop = asyncio.get_running_loop()
        mine = hub.Hub(layer, loop)
        monkeypatch.setitem(hub._hubs, id(loop), mine)
        mine.channel = await layer.new_reader_channel()
        theirs = await layer.new_reader_channel()
        socket = _Socket()
        mine.tables[51] = hub._Table(listeners={socket})
        for channel in (mine.channel, theirs):
            await layer.group_add(broadcast.group_name(51), channel)
            await layer.group_add(broadcast.group_name(52), channel)

        def moves() -> None:
            broadcast.announce(51, 1)
            broadcast.announce(52, 1)  # no socket of game 52 here: the layer brings it

        await _in_a_server_thread(moves)()
        await asyncio.sleep(0.2)
        got = {"mine": [(m["game_id"], m["seq"]) for m in await layer.receive_many(mine.channel)],
               "theirs": [(m["game_id"], m["seq"]) for m in await layer.receive_many(theirs)]}
        await layer.close_pools()
        return socket.seqs, got

    told, received = asyncio.run(scenario())
    assert told == [1]
    assert received == {"mine": [(52, 1)], "theirs": [(51, 1), (52, 1)]}
