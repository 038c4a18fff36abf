"""The per-process hub (``live.hub``): one group membership per process, and healing
when the layer fails under it (Redis restarted and forgot every group)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from live import feed, hub
from tests.harness.moves import play_move
from tests.harness.races import at_once
from tests.harness.tables import MadeTable, table_create
from tests.live.sockets import Socket, assert_gapless, assert_nothing_hidden, fresh_channel_layer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _memory_layer(settings: Any) -> None:
    """The in-memory layer, whatever the run's: these tests reach into its groups."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    fresh_channel_layer()


def move_elsewhere(table: MadeTable) -> int:
    """One move made as another process would (a thread with no server loop: only the
    layer hears of it). Returns the new seq."""
    (played,) = at_once(lambda: play_move(table.id))
    return int(played.game.seq)


async def test_one_membership_per_process_however_many_sockets() -> None:
    table = await database_sync_to_async(table_create)(rules={"deck": 24})
    game_id = table.id
    watchers = [Socket(game_id, table.tokens[0]) for _ in range(5)]
    for socket in watchers:
        await socket.open()
    layer = get_channel_layer()
    assert isinstance(layer, InMemoryChannelLayer)
    assert len(layer.groups[f"game-{game_id}"]) == 1
    seq = await asyncio.to_thread(move_elsewhere, table)
    for socket in watchers:
        await socket.drain(0.2)
        assert socket.events()[-1]["seq"] == seq
        await socket.close()
    assert f"game-{game_id}" not in layer.groups or not layer.groups[f"game-{game_id}"]


def counted_reads_and_rounds(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int | None], list[bool]]:
    """From now on: each read of a game's log (its ``upto``) and each refresh round."""
    reads: list[int | None] = []
    rounds: list[bool] = []
    load, rejoin = feed._load, hub.Hub._rejoin

    def counted_load(viewer: feed.Viewer, upto: int | None) -> tuple[feed.Stored, ...]:
        reads.append(upto)
        return load(viewer, upto)

    async def counted_rejoin(self: hub.Hub) -> bool:
        rounds.append(True)
        return await rejoin(self)

    monkeypatch.setattr(feed, "_load", counted_load)
    monkeypatch.setattr(hub.Hub, "_rejoin", counted_rejoin)
    return reads, rounds


async def test_after_the_layer_fails_the_hub_joins_again_and_catches_up(monkeypatch: pytest.MonkeyPatch) -> None:
    table = await database_sync_to_async(table_create)(rules={"deck": 24})
    game_id = table.id
    socket = Socket(game_id, table.tokens[1])
    start = (await socket.open())["view"]["seq"]
    layer = get_channel_layer()
    assert isinstance(layer, InMemoryChannelLayer)
    # Redis restarts: every group is forgotten, so the moves made meanwhile reach nobody.
    layer.groups.clear()
    seqs = [await asyncio.to_thread(move_elsewhere, table) for _ in range(3)]
    await socket.drain(0.2)
    assert socket.events() == []
    # The hub's next receive fails (the connection died with the server) ...
    receive = layer.receive
    failed: list[str] = []

    async def failing_receive(channel: str) -> dict[str, Any]:
        if not failed:
            failed.append(channel)
            raise ConnectionError("Connection closed by server.")
        return await receive(channel)

    monkeypatch.setattr(layer, "receive", failing_receive)
    process = hub.hub()
    assert process.channel is not None
    await layer.send(process.channel, {"type": "wake.up"})  # end the receive in flight
    # ... so it joins its groups again and brings every socket up to the database.
    await socket.drain(0.5)
    assert failed == [process.channel]
    assert_gapless(socket.events(), start + 1, seqs[-1])
    assert_nothing_hidden(socket.events(), 1)
    assert len(layer.groups[f"game-{game_id}"]) == 1
    # And it hears the layer again.
    seq = await asyncio.to_thread(move_elsewhere, table)
    await socket.drain(0.2)
    assert socket.events()[-1]["seq"] == seq
    await socket.close()


async def test_every_minute_the_hub_heals_what_the_layer_lost_silently(monkeypatch: pytest.MonkeyPatch) -> None:
    """A notice lost without an error (the groups forgotten) is healed by the next
    refresh round, with one database read per game however many sockets show it."""
    monkeypatch.setattr(hub, "REFRESH_EVERY", 0.2)
    table = await database_sync_to_async(table_create)(rules={"deck": 24})
    game_id = table.id
    watchers = [Socket(game_id, table.tokens[1]) for _ in range(5)]
    start = min([(await socket.open())["view"]["seq"] for socket in watchers])
    layer = get_channel_layer()
    assert isinstance(layer, InMemoryChannelLayer)
    layer.groups.clear()
    seqs = [await asyncio.to_thread(move_elsewhere, table) for _ in range(3)]
    reads, rounds = counted_reads_and_rounds(monkeypatch)
    for socket in watchers:
        await socket.drain(0.3)
    for socket in watchers:
        assert_gapless(socket.events(), start + 1, seqs[-1])
        await socket.close()
    assert rounds and len(reads) <= len(rounds)


async def test_a_refresh_with_nothing_lost_reads_no_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round reads every game's seq at once; a game whose notices all arrived reads no
    event (every game's log read at once stalled a process of 250 tables each minute)."""
    monkeypatch.setattr(hub, "REFRESH_EVERY", 0.1)
    table = await database_sync_to_async(table_create)(rules={"deck": 24})
    watchers = [Socket(table.id, table.tokens[1]) for _ in range(3)]
    for socket in watchers:
        await socket.open()
    seq = await asyncio.to_thread(move_elsewhere, table)
    for socket in watchers:
        await socket.drain(0.2)
        assert socket.events()[-1]["seq"] == seq
    reads, rounds = counted_reads_and_rounds(monkeypatch)
    await asyncio.sleep(0.5)
    assert len(rounds) >= 2 and reads == []
    for socket in watchers:
        await socket.close()
