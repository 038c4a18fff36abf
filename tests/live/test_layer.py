"""``live.layer``: many groups told at once leave every channel exactly as one
``group_send`` each would, in two round trips to Redis instead of two to four per group."""

from __future__ import annotations

import asyncio
import shutil
from typing import Any

import pytest

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
    listening. channels-redis's ``group_send`` runs a script per group; ``group_send_many``
    one for all, and with nobody listening none."""
    sender = RedisChannelLayer(hosts=[redis.url()])
    listener = RedisChannelLayer(hosts=[redis.url()])
    groups = ["game-9", *(f"player-{player}" for player in range(4))]
    messages = [(group, {"type": "notice", "data": {}}) for group in groups]

    async def scenario() -> dict[str, int]:
        await sender.group_send_many(messages)  # nobody listens yet
        nobody = _calls(redis).get("evalsha", 0)
        channel = await listener.new_channel()
        for group in groups:
            await listener.group_add(group, channel)
        redis.cli("config", "resetstat")
        for group, message in messages:
            await sender.group_send(group, message)
        one_each = _calls(redis)["eval"]
        redis.cli("config", "resetstat")
        await sender.group_send_many(messages)
        together = _calls(redis)["evalsha"]
        await _received(listener, channel, 10)
        await listener.flush()
        return {"nobody": nobody, "one_each": one_each, "together": together}

    assert asyncio.run(scenario()) == {"nobody": 0, "one_each": 5, "together": 1}


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
