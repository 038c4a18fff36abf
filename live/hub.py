"""Group notices once per process: one channel-layer subscription per server process
(per event loop) for every game its sockets show, and each notice handed to that game's
sockets in one pass.

Channels' own way is a group membership per socket: a notice to a table watched by 500
spectators is then 500 layer messages to unpack and 500 consumer wake-ups. Here the
process's one channel is in the group ``game-<id>`` while any of its sockets shows that
game, so the notice ``(game_id, seq)`` arrives once, the events are read once
(``live.feed``), and each socket sends its own viewer's rendering of them.

On Redis the channel is one the hub alone reads, every message waiting at once
(``live.layer.receive_many``); a busy process takes a batch of notices per round trip.

The layer is lossy, and a Redis restart forgets group memberships. When the receive
fails, the hub joins its groups again and brings every socket up to the last committed
event (read from the database once per game), so no socket is left silently behind; it
does the same every minute anyway, for losses the layer does not report. A move committed
in this very process is handed over at once (``notice_soon``) instead of after the
layer's round trip, and the layer does not bring it to this process again.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from channels.layers import BaseChannelLayer, get_channel_layer

from games import store
from live.db import db_call
from live.groups import group_name

logger = logging.getLogger(__name__)

# Seconds between attempts to reach the layer again after a failed receive.
RETRY_EVERY = (0.1, 0.25, 0.5, 1.0, 2.0)
# Seconds between the rounds that join every group again and heal what was lost.
REFRESH_EVERY = 60.0


class Listener(Protocol):
    """A socket showing one game (``live.consumers.GameConsumer``)."""

    def busy(self) -> bool:
        """Whether it is sending something of its own now (a notice would wait for it)."""

    async def notice(self, seq: int | None) -> int | None:
        """Send the events up to ``seq`` (None: every committed one) it has not sent yet;
        returns the seq it went up to (None if it could not tell)."""


@dataclass(eq=False)
class _Table:
    listeners: set[Listener] = field(default_factory=set)
    # The highest seq handed out, and what the next pass should hand out.
    seq: int = 0
    pending: bool = False
    upto: int | None = 0
    pump: asyncio.Task[None] | None = None

    def want(self, seq: int | None) -> None:
        if not self.pending:
            self.pending, self.upto = True, seq
        elif self.upto is not None:
            self.upto = None if seq is None else max(self.upto, seq)


class Hub:
    """The games shown by the sockets of one event loop, and the channel listening for them."""

    def __init__(self, layer: BaseChannelLayer, loop: asyncio.AbstractEventLoop) -> None:
        self.layer = layer
        self.loop = loop
        self.tables: dict[int, _Table] = {}
        self.channel: str | None = None
        self.reader: asyncio.Task[None] | None = None
        # Group joins and leaves in order: a leave must not undo a later join.
        self._membership = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.refresher: asyncio.Task[None] | None = None

    async def join(self, game_id: int, listener: Listener) -> None:
        """Start handing ``game_id``'s notices to ``listener``. Returns once the process
        is in the game's group, so a move committed after this is announced to it."""
        async with self._membership:
            table = self.tables.get(game_id)
            if table is None:
                table = self.tables[game_id] = _Table()
            table.listeners.add(listener)
            if self.channel is None:
                self.channel = await _new_channel(self.layer)
            if len(table.listeners) == 1:
                await self.layer.group_add(group_name(game_id), self.channel)
            if self.reader is None or self.reader.done():
                self.reader = _task(self._read())
            if self.refresher is None or self.refresher.done():
                self.refresher = _task(self._refresh())

    async def leave(self, game_id: int, listener: Listener) -> None:
        async with self._membership:
            table = self.tables.get(game_id)
            if table is None or listener not in table.listeners:
                return
            table.listeners.discard(listener)
            if table.listeners:
                return
            del self.tables[game_id]
            if not self.tables:
                for task in (self.reader, self.refresher):
                    if task is not None:
                        task.cancel()
                self.reader = self.refresher = None
            if self.channel is not None:
                with contextlib.suppress(Exception):  # the membership expires anyway
                    await self.layer.group_discard(group_name(game_id), self.channel)

    def notice(self, game_id: int, seq: int | None) -> None:
        """The game is at ``seq`` (None: at whatever the database says). On this loop."""
        table = self.tables.get(game_id)
        if table is None or (seq is not None and seq <= table.seq and not table.pending):
            return
        table.want(seq)
        if table.pump is None or table.pump.done():
            table.pump = _task(self._pump(table))

    async def _pump(self, table: _Table) -> None:
        """Hand the wanted seq to every listener, in one pass per notice (coalesced)."""
        while table.pending:
            seq, table.pending = table.upto, False
            if seq is not None:
                table.seq = max(table.seq, seq)
            for listener in list(table.listeners):
                if listener.busy():
                    # It is sending its own (a state, an action's answer): it catches up
                    # after that, without holding up the others.
                    task = _task(_handed(listener, seq))
                    self._tasks.add(task)  # held until done: the loop keeps only weak references
                    task.add_done_callback(self._tasks.discard)
                else:
                    reached = await _handed(listener, seq)
                    if seq is None and reached is not None:
                        # "Whatever is committed": the first socket read it from the
                        # database; the others go as far, from the process's cache.
                        seq = reached
                        table.seq = max(table.seq, seq)

    async def _read(self) -> None:
        failures = 0
        while True:
            try:
                assert self.channel is not None
                messages = await _receive(self.layer, self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("Channel layer receive failed; joining the groups again", exc_info=True)
                await asyncio.sleep(RETRY_EVERY[min(failures, len(RETRY_EVERY) - 1)])
                failures += 1
                if await self._rejoin():
                    failures = 0
                continue
            for message in messages:
                try:
                    if message.get("type") == "game.changed":
                        self.notice(int(message["game_id"]), int(message["seq"]))
                except (KeyError, TypeError, ValueError):
                    logger.warning("Ignored a malformed notice: %r", message)

    async def _refresh(self) -> None:
        """Now and then, join every group again (a membership expires after a day) and
        bring every socket up to the database: a notice the layer dropped without an
        error (over capacity, expired, a reconnect the client hid) is healed within
        ``REFRESH_EVERY`` seconds, with one read of every game's seq, and one read of the
        log per game that lost a notice."""
        while True:
            await asyncio.sleep(REFRESH_EVERY)
            await self._rejoin()

    async def _rejoin(self) -> bool:
        """After the layer failed (Redis restarted, forgetting every group): join every
        group again, then bring every socket up to the database. Returns success."""
        try:
            async with self._membership:
                assert self.channel is not None
                for game_id in list(self.tables):
                    await self.layer.group_add(group_name(game_id), self.channel)
        except Exception:
            logger.warning("Channel layer still unreachable", exc_info=True)
            return False
        # One read of every game's seq: only a game past what was handed out lost a notice.
        # Every game read its log at once here before, and each round stalled its process.
        try:
            committed: dict[int, int] | None = await db_call(store.games_seqs)(list(self.tables))
        except Exception:
            logger.warning("Could not read the games' seqs; reading each game's log", exc_info=True)
            committed = None
        for game_id, table in list(self.tables.items()):
            seq = None if committed is None else committed.get(game_id)
            if seq is None or seq > table.seq:
                self.notice(game_id, seq)
        return True


async def _new_channel(layer: BaseChannelLayer) -> str:
    """The hub's channel: one it alone reads, in batches, where the layer has them
    (``live.layer``); else a process-specific channel of Channels' own."""
    reader = getattr(layer, "new_reader_channel", None)
    return str(await reader()) if reader is not None else str(await layer.new_channel())


async def _receive(layer: BaseChannelLayer, channel: str) -> list[dict[str, Any]]:
    """What waits on the hub's channel: a batch where the layer reads them so, else one."""
    many = getattr(layer, "receive_many", None)
    if many is not None:
        return list(await many(channel))
    return [await layer.receive(channel)]


def _task(coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
    """A task of the hub's own, outside the context of whoever caused it: a task made
    in a request's context would find that request's thread busy (asgiref refuses to
    queue a database call behind the thread that is waiting for it)."""
    return asyncio.get_running_loop().create_task(coroutine, context=contextvars.Context())


async def _handed(listener: Listener, seq: int | None) -> int | None:
    try:
        return await listener.notice(seq)
    except Exception:  # one socket's trouble (it closed meanwhile) is not its table's
        logger.debug("A socket could not take a notice", exc_info=True)
        return None


_hubs: dict[int, Hub] = {}


def hub() -> Hub:
    """This event loop's hub (a server process has one loop; tests make one per test)."""
    loop = asyncio.get_running_loop()
    layer = get_channel_layer()
    assert layer is not None, "live play needs a channel layer"
    current = _hubs.get(id(loop))
    if current is None or current.loop is not loop or current.layer is not layer:
        for key in [key for key, old in _hubs.items() if old.loop.is_closed()]:
            del _hubs[key]
        current = _hubs[id(loop)] = Hub(layer, loop)
    return current


def notice_soon(loop: asyncio.AbstractEventLoop, game_id: int, seq: int) -> str | None:
    """From another thread of this process (the request that committed the move): hand
    the notice to ``loop``'s sockets now. Returns the hub's channel when the hub was told:
    the layer need not bring it the same notice (``live.broadcast.announce``). A hub that
    shows no socket of the game now is not in its group either; a socket that joins it
    after this reads its state after the move was committed."""
    current = _hubs.get(id(loop))
    if current is None or current.loop is not loop or game_id not in current.tables:
        return None
    loop.call_soon_threadsafe(current.notice, game_id, seq, context=contextvars.Context())
    return current.channel
