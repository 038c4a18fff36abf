"""One open stream of a player's events, whatever carries it (NDJSON or a socket).

It remembers the last number it handed out and, each time it is woken (a layer message
naming a newer number, or a timeout), reads the stored rows after that number: a lost,
late or repeated wake-up can neither skip nor repeat an event, and a stream reopened with
the last id on any process continues exactly after it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from stream import store
from stream.delivery import stream_group
from stream.hub import hub

# The longest a stream stays quiet: an empty line (NDJSON) or nothing (a socket) then,
# and the rows are read again, in case a wake-up was lost.
KEEPALIVE_SECONDS = 15.0


class Reader:
    def __init__(self, player_id: int, after: int) -> None:
        self.player_id = player_id
        self.after = after

    async def backlog(self) -> list[dict[str, Any]]:
        """Every stored event after the last one handed out (``ResyncNeeded`` if pruned)."""
        out: list[dict[str, Any]] = []
        while True:
            rows = await database_sync_to_async(store.events_after)(self.player_id, self.after)
            out += rows
            if rows:
                self.after = rows[-1]["id"]
            if len(rows) < store.PAGE:
                return out


    async def woken(self, data: object) -> list[dict[str, Any]]:
        """The events after the last one handed out, on a wake-up carrying ``data`` (the
        layer message's): its events when they follow on from that one exactly, with no
        gap (no read at all: a round wakes a thousand streams at once), else the store's."""
        carried = data.get("events") if isinstance(data, dict) else None
        if isinstance(carried, list) and carried and all(
                isinstance(event, dict) and event.get("id") == self.after + 1 + index
                for index, event in enumerate(carried)):
            self.after = carried[-1]["id"]
            return carried
        return await self.backlog()


@database_sync_to_async
def last_number(player_id: int) -> int:
    return store.last_number(player_id)


async def _pump(layer: Any, channel: str, wakes: asyncio.Queue[dict[str, Any]]) -> None:
    """The player's own group's messages, as wake-ups, into ``wakes``."""
    while True:
        received = await layer.receive(channel)
        data = received.get("data")
        wakes.put_nowait(data if isinstance(data, dict) else {})


async def follow(reader: Reader, keepalive: float | None = None) -> AsyncIterator[list[dict[str, Any]]]:
    """Batches of events, forever: the backlog first, then each new batch as it is stored;
    an empty batch after ``keepalive`` seconds of quiet. Woken by the player's own group
    and by the process's hub (``stream.hub``: what is sent to many at once); subscribed
    to both before the backlog is read, so nothing stored in between is missed."""
    quiet = KEEPALIVE_SECONDS if keepalive is None else keepalive
    layer = get_channel_layer()
    wakes: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    channel = None
    pump = None
    group = stream_group(reader.player_id)
    stop = await hub.listen(reader.player_id, wakes.put_nowait)
    try:
        if layer is not None:
            channel = await layer.new_channel()
            await layer.group_add(group, channel)
            pump = asyncio.ensure_future(_pump(layer, channel, wakes))
        yield await reader.backlog()
        while True:
            data: dict[str, Any] | None = None
            with contextlib.suppress(asyncio.TimeoutError):
                data = await asyncio.wait_for(wakes.get(), quiet)
            batch = await (reader.backlog() if data is None else reader.woken(data))
            if batch or data is None:
                yield batch
    finally:
        stop()
        if pump is not None:
            pump.cancel()
        if layer is not None and channel is not None:
            await layer.group_discard(group, channel)
