"""``live.layer``: many groups told at once leave every channel exactly as one
``group_send`` each would, in one round trip to Redis (two per host with several hosts)
instead of two to four per group."""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from live import layer as live_layer
from live.layer import RedisChannelLayer
from tests.harness.stack import RedisServer

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")



def _calls(redis: RedisServer) -> dict[str, int]:
    """How many times Redis ran each command to its end since the last ``config resetstat``
    (an EVALSHA of a script the server has not loaded yet fails and is not counted)."""
    calls = {}
    for line in redis.cli("info", "commandstats").splitlines():
        if line.startswith("cmdstat_"):
            name, stats = line.removeprefix("cmdstat_").split(":", 1)
            fields = dict(field.split("=") for field in stats.split(","))
            calls[name] = int(fields["calls"]) - int(fields.get("failed_calls", 0))
    return calls


async def _received(layer: RedisChannelLayer, channel: str, count: int) -> list[dict[str, Any]]:
    return [await asyncio.wait_for(layer.receive(channel), 2) for _ in range(count)]


def test_many_groups_reach_each_member_once_in_order_as_group_send_would(redis: RedisServer) -> None:
    """A server process's channel in two groups, a socket's channel in one, a group nobody
    is in: each channel gets its groups' messages, in the order given."""
    sender = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()])

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        process = await listener.new_channel()  # "specific.…!…": one Redis key for the process
        socket = await listener.new_channel()
        await listener.group_add("game-1", process)
        await listener.group_add("player-2", process)
        await listener.group_add("player-2", socket)
        await sender.group_send_many([
            ("game-1", {"type": "game.changed", "seq": 1}),
            ("player-3", {"type": "notice", "data": {"n": 1}}),
            ("player-2", {"type": "notice", "data": {"n": 2}}),
            ("game-1", {"type": "game.changed", "seq": 2}),
        ])
        got = (await _received(listener, process, 3), await _received(listener, socket, 1))
        await listener.flush()
        return got

    to_process, to_socket = asyncio.run(scenario())
    assert to_process == [{"type": "game.changed", "seq": 1}, {"type": "notice", "data": {"n": 2}},
                          {"type": "game.changed", "seq": 2}]
    assert to_socket == [{"type": "notice", "data": {"n": 2}}]


def test_a_channel_at_capacity_drops_what_does_not_fit_and_keys_expire(redis: RedisServer) -> None:
    sender = RedisChannelLayer(hosts=[redis.url()], capacity=2, expiry=30)
    listener = RedisChannelLayer(hosts=[redis.url()], capacity=2, expiry=30)

    async def scenario() -> list[dict[str, Any]]:
        channel = await listener.new_channel()
        await listener.group_add("game-5", channel)
        await sender.group_send_many([("game-5", {"type": "game.changed", "seq": seq}) for seq in range(4)])
        ttl = int(redis.cli("ttl", listener.prefix + listener.non_local_name(channel)))
        assert 0 < ttl <= 30
        got = await _received(listener, channel, 2)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(listener.receive(channel), 0.3)
        await listener.flush()
        return got

    assert asyncio.run(scenario()) == [{"type": "game.changed", "seq": 0}, {"type": "game.changed", "seq": 1}]


def test_five_groups_cost_one_script_where_group_send_costs_one_each(redis: RedisServer) -> None:
    """What a committed move tells: its game's group and four players' groups, everyone
    listening. channels-redis's ``group_send`` runs a script per group (after two round
    trips for its members); ``group_send_many`` one script for all, members and channels
    alike, and nothing else, whether anybody listens or not."""
    sender = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()])
    groups = ["game-9", *(f"player-{player}" for player in range(4))]
    messages = [(group, {"type": "notice", "data": {}}) for group in groups]

    async def scenario() -> dict[str, dict[str, int]]:
        await sender.group_send_many(messages)  # the script loaded
        redis.cli("config", "resetstat")
        await sender.group_send_many(messages)  # nobody listens yet
        nobody = _calls(redis)
        channel = await listener.new_channel()
        for group in groups:
            await listener.group_add(group, channel)
        redis.cli("config", "resetstat")
        for group, message in messages:
            await sender.group_send(group, message)
        one_each = _calls(redis)
        redis.cli("config", "resetstat")
        await sender.group_send_many(messages)
        together = _calls(redis)
        await _received(listener, channel, 10)
        await listener.flush()
        return {"nobody": nobody, "one_each": one_each, "together": together}

    # Redis counts the commands a script runs too: the ZRANGEs are the script's.
    calls = asyncio.run(scenario())
    assert calls["nobody"]["evalsha"] == 1 and "eval" not in calls["nobody"]
    assert calls["one_each"]["eval"] == 5 and calls["one_each"]["zrange"] == 5
    assert calls["together"]["evalsha"] == 1 and "eval" not in calls["together"]
    assert calls["together"]["zrange"] == 5 and calls["together"]["zadd"] == 5


# Both ways ``group_send_many`` works: one script on one host, and the two round trips per
# host it takes with several hosts (forced here on one).
PATHS = {"one script": True, "two round trips": False}


def _layer(url: str, one_script: bool, **config: Any) -> RedisChannelLayer:
    layer = RedisChannelLayer(hosts=[url], **config)
    layer._one_script = one_script  # the cached property, decided here instead
    return layer


def _state(redis: RedisServer, layer: RedisChannelLayer) -> dict[str, Any]:
    """Every key of the layer: a channel's messages in the order it takes them (with the
    channels each names), its time to live; a group's members."""
    state: dict[str, Any] = {}
    for key in sorted(redis.cli("keys", layer.prefix + "*").split()):
        if ":group:" in key:
            state[key] = sorted(redis.cli("zrange", key, "0", "-1").split())
            continue
        members = asyncio.run(_members(layer, key))
        state[key] = {"messages": [layer.deserialize(member) for member in members],
                      "ttl": int(redis.cli("ttl", key))}
    return state


async def _members(layer: RedisChannelLayer, key: str) -> list[bytes]:
    connection = layer.connection(0)
    members = list(await connection.zrange(key, 0, -1))
    await layer.close_pools()
    return members


def _as_group_send_leaves_it(redis: RedisServer, make: Callable[[], RedisChannelLayer],
                             send: Callable[[RedisChannelLayer, list[tuple[str, dict[str, Any]]]],
                                            Coroutine[Any, Any, None]]) -> dict[str, Any]:
    """One scenario: two processes' channels ("!": two sockets of one process share a key),
    a reader's channel, a member past the group expiry, a channel at capacity, a group
    nobody is in, and a group named twice; the keys it leaves behind."""
    redis.cli("flushall")
    layer = make()

    async def scenario() -> None:
        await layer.group_add("game-1", "specific.aaa!one")
        await layer.group_add("game-1", "specific.aaa!two")
        await layer.group_add("game-1", "reader.r1")
        await layer.group_add("game-1", "specific.bbb!one")
        await layer.group_add("player-2", "specific.bbb!one")
        await layer.group_add("player-2", "reader.full")
        # A member whose process stopped renewing it a day ago: dropped, as group_send drops it.
        await layer.connection(0).zadd(layer._group_key("player-2"),
                                       {"reader.gone": int(time.time()) - layer.group_expiry - 5})
        for n in range(3):
            await layer.send("reader.full", {"type": "filler", "n": n})
        await send(layer, [("game-1", {"type": "game.changed", "game_id": 1, "seq": 5}),
                           ("player-3", {"type": "notice", "data": {"n": 1}}),
                           ("player-2", {"type": "notice", "data": {"n": 2, "text": "ты ходишь"}}),
                           ("game-1", {"type": "game.changed", "game_id": 1, "seq": 6})])
        await layer.close_pools()  # not ``flush``: that deletes every key

    asyncio.run(scenario())
    return _state(redis, layer)


async def _one_by_one(layer: RedisChannelLayer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


async def _many(layer: RedisChannelLayer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    await layer.group_send_many(messages)


@pytest.mark.parametrize("one_script", PATHS.values(), ids=PATHS.keys())
def test_every_key_is_left_as_group_send_leaves_it(redis: RedisServer, one_script: bool) -> None:
    """The same channels get the same messages (``__asgi_channel__`` naming a process's
    sockets in its one key), in the same order, a full channel drops what does not fit,
    the expired member is gone, and every key lives as long as channels-redis sets it."""
    def make() -> RedisChannelLayer:
        return _layer(redis.url(), one_script, capacity=3, expiry=45)

    theirs = _as_group_send_leaves_it(redis, make, _one_by_one)
    ours = _as_group_send_leaves_it(redis, make, _many)
    assert ours == theirs, sorted(theirs)
    process = theirs["asgi" + "specific.aaa!"]
    assert [m["__asgi_channel__"] for m in process["messages"]] == [["specific.aaa!one", "specific.aaa!two"]] * 2
    assert [m["seq"] for m in process["messages"]] == [5, 6] and 40 <= process["ttl"] <= 45
    assert len(theirs["asgi" + "reader.full"]["messages"]) == 3  # at capacity: the notice dropped
    assert "reader.gone" not in theirs["asgi:group:player-2"]


def test_one_script_is_the_way_on_one_host_only() -> None:
    """Several hosts (a group's channels may live on another), capacities by channel name or
    encryption take the two round trips."""
    url = "redis://127.0.0.1:1/0"
    assert RedisChannelLayer(hosts=[url])._one_script
    assert not RedisChannelLayer(hosts=[url, "redis://127.0.0.1:2/0"])._one_script
    assert not RedisChannelLayer(hosts=[url], channel_capacity={"reader.*": 10})._one_script
    assert not RedisChannelLayer(hosts=[url], symmetric_encryption_keys=["secret"])._one_script
    assert not RedisChannelLayer(hosts=[url], serializer_format="json")._one_script


@pytest.mark.parametrize("one_script", PATHS.values(), ids=PATHS.keys())
def test_a_channel_that_heard_a_message_already_is_not_given_it(redis: RedisServer, one_script: bool) -> None:
    """``heard``: a process's hub told of its own move in memory gets no copy of that
    notice; the group's other channels do, and the next message reaches it again."""
    layer = _layer(redis.url(), one_script)

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        mine, theirs = await layer.new_reader_channel(), await layer.new_reader_channel()
        for channel in (mine, theirs):
            await layer.group_add("game-4", channel)
        await layer.group_send_many([("game-4", {"type": "game.changed", "seq": 1}),
                                     ("game-4", {"type": "game.changed", "seq": 2})], [mine])
        got = (await layer.receive_many(mine), await layer.receive_many(theirs))
        await layer.flush()
        return got

    to_mine, to_theirs = asyncio.run(scenario())
    assert [m["seq"] for m in to_mine] == [2]
    assert [m["seq"] for m in to_theirs] == [1, 2]


def test_a_redis_that_lost_the_script_is_given_it_again(redis: RedisServer) -> None:
    """A restarted Redis has no scripts (SCRIPT FLUSH does the same): the send loads it and
    goes on, nothing lost."""
    layer = RedisChannelLayer(hosts=[redis.url()])

    async def scenario() -> list[dict[str, Any]]:
        channel = await layer.new_reader_channel()
        await layer.group_add("game-6", channel)
        await layer.group_send_many([("game-6", {"type": "game.changed", "seq": 1})])
        assert redis.cli("script", "exists", live_layer._SEND_SHA) == "1"
        redis.cli("script", "flush")
        await layer.group_send_many([("game-6", {"type": "game.changed", "seq": 2})])
        got = await layer.receive_many(channel)
        await layer.flush()
        return got

    assert [m["seq"] for m in asyncio.run(scenario())] == [1, 2]


def test_a_reader_channel_takes_what_waits_in_one_batch_in_order_and_waits_when_empty(redis: RedisServer) -> None:
    """``receive_many``: every message waiting, oldest first, in one round trip (BZPOPMIN and
    ZPOPMIN pipelined, no backup queue's); with nothing waiting it blocks until one comes. Another
    process's channels keep their own messages."""
    sender = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()])

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, int], dict[str, Any]]:
        reader = await listener.new_reader_channel()
        other = await listener.new_channel()
        assert "!" not in reader
        await listener.group_add("game-1", reader)
        await listener.group_add("game-1", other)
        await sender.group_send_many([("game-1", {"type": "game.changed", "seq": seq}) for seq in (1, 2, 3)])
        redis.cli("config", "resetstat")
        batch = await asyncio.wait_for(listener.receive_many(reader), 2)
        pops = _calls(redis)
        waiting = asyncio.ensure_future(listener.receive_many(reader))
        await asyncio.sleep(0.2)
        assert not waiting.done()  # nothing waits: it blocks
        await sender.group_send_many([("game-1", {"type": "game.changed", "seq": 4})])
        later = await asyncio.wait_for(waiting, 2)
        theirs = await asyncio.wait_for(listener.receive(other), 2)
        await listener.flush()
        return batch, later, pops, theirs

    batch, later, pops, theirs = asyncio.run(scenario())
    assert [m["seq"] for m in batch] == [1, 2, 3] and all(m["type"] == "game.changed" for m in batch)
    assert pops.get("bzpopmin") == 1 and pops.get("zpopmin") == 1
    assert not {"eval", "evalsha", "zadd"} & set(pops)
    assert [m["seq"] for m in later] == [4]
    assert theirs == {"type": "game.changed", "seq": 1}
