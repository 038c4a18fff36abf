"""Tell live viewers that a game moved: ``(game_id, seq)`` only, never a card.

Each websocket connection reads the new events itself and redacts them for its own
viewer. The channel layer may drop a message; the database stays the truth and a
client's ``resume`` heals the gap, so a failed send is logged, not raised.

Where the send runs matters (the channels-redis pitfall, django/channels_redis#332 and
#125): channels-redis keeps one connection pool per event loop, and ``async_to_sync``
called from a thread with no server loop (a Celery worker, a shell) makes a fresh loop
per call, so each send would open new Redis connections and close them on a dead loop.
So outside a server, sends go to one long-lived loop per process, run by a daemon
thread and started lazily after any fork; inside the ASGI server the send is handed to
the server's own loop (whose pool is shared with the consumers, and where the in-memory
layer lives: it is touched there alone, also from the embedded server's threads that no
server call started, its move clocks and its sweeper: ``serving``), where one task makes
whatever was handed over meanwhile in one go (``_LoopSends``: a move's game notice and its
players' stream wake-ups in one round trip to Redis). Neither is waited for: the move is
committed, and its answer (or a task's next move) need not wait for Redis. The sender loop sends one message after another, in the order they were handed
over, on one connection; at most ``QUEUED`` wait their turn, and one more waits for
room, so a sick Redis slows the callers down (each send gives up after ``SEND_TIMEOUT``)
instead of piling up messages without end.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import contextvars
import logging
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer

from games.signals import MoveCommitted
from live import feed
from live.groups import changed_message, group_name
from live.hub import notice_soon

logger = logging.getLogger(__name__)

# A send that takes longer than this is abandoned: the move is committed already, and a
# request or task must not hang on a sick Redis.
SEND_TIMEOUT = 2.0


# Sends handed to the sender loop and not yet made, at most.
QUEUED = 64


@dataclass(frozen=True)
class _Batch:
    """Messages handed over together, for one layer."""

    layer: BaseChannelLayer
    messages: list[tuple[str, dict[str, Any]]]
    # Per message (as long as ``messages``), a channel that heard it already or None
    # (``live.layer.group_send_many``'s ``heard``).
    heard: list[str | None]

    @classmethod
    def unheard(cls, layer: BaseChannelLayer, messages: list[tuple[str, dict[str, Any]]]) -> _Batch:
        """Messages no channel has heard yet."""
        return cls(layer, messages, [None] * len(messages))


class _SenderLoop:
    """One event loop in a daemon thread, per process; recreated in a forked child. It
    makes the sends handed over (``hand_over``) in order: whatever waits when it is free
    goes out together, in one ``_send_all_logged`` (two round trips to Redis for all)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[_Batch] = asyncio.Queue()
        self._room = threading.Semaphore(QUEUED)

    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._pid != os.getpid():
                # A forked child inherits the parent's loop object but not its thread.
                self._loop = asyncio.new_event_loop()
                self._pid = os.getpid()
                self._queue = asyncio.Queue()
                self._room = threading.Semaphore(QUEUED)
                threading.Thread(target=self._loop.run_forever, name="broadcast-loop", daemon=True).start()
                asyncio.run_coroutine_threadsafe(self._send_in_order(), self._loop)
            return self._loop

    async def _send_in_order(self) -> None:
        held: _Batch | None = None  # taken from the queue for the next round (another layer)
        while True:
            batches = [held or await self._queue.get()]
            held = None
            while not self._queue.empty():
                batch = self._queue.get_nowait()
                if batch.layer is not batches[0].layer:
                    held = batch
                    break
                batches.append(batch)
            try:
                await _send_all_logged(batches[0].layer, [sent for batch in batches for sent in batch.messages])
            finally:
                for _batch in batches:
                    self._room.release()
                    self._queue.task_done()

    def hand_over(self, layer: BaseChannelLayer, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """Queue ``messages`` for ``layer`` and go on; while ``QUEUED`` batches wait
        already, first wait for room."""
        loop = self.loop()
        self._room.acquire()
        loop.call_soon_threadsafe(self._queue.put_nowait, _Batch.unheard(layer, messages))

    def drain(self, timeout: float = SEND_TIMEOUT) -> None:
        """Wait until every send handed over has been made (at exit: a script's last move
        is told too)."""
        with self._lock:
            loop = self._loop if self._pid == os.getpid() else None
        if loop is None or not loop.is_running():
            return
        future = asyncio.run_coroutine_threadsafe(self._queue.join(), loop)
        with contextlib.suppress(TimeoutError):
            future.result(timeout)


_sender = _SenderLoop()
atexit.register(_sender.drain)


class _LoopSends:
    """The sends handed to one server loop (``send_groups`` from its request and socket
    threads), made by one task of that loop in the order handed over: whatever was handed
    over while it sent goes out together next, one ``group_send_many`` (one round trip to
    Redis) for all. A move hands over its game's notice and then its players' wake-ups, and
    at 230 moves a second several moves are handed over during one send: each its own
    round trips, they cost the socket process a tenth of its CPU."""

    def __init__(self) -> None:
        self.waiting: list[_Batch] = []
        self.task: asyncio.Task[None] | None = None

    def add(self, batch: _Batch) -> None:
        """On the loop: queue ``batch``; the task starts if it is not running."""
        self.waiting.append(batch)
        if self.task is None or self.task.done():
            # Outside the handing thread's context, as the hub's tasks (``live.hub._task``).
            self.task = asyncio.get_running_loop().create_task(self._send(), context=contextvars.Context())

    async def _send(self) -> None:
        await asyncio.sleep(0)  # what the other thread hands over right behind this goes too
        while self.waiting:
            batches, self.waiting = self.waiting, []
            for layer, messages, heard in _by_layer(batches):
                await _send_all_logged(layer, messages, heard)


def _by_layer(batches: list[_Batch]) -> list[tuple[BaseChannelLayer, list[tuple[str, dict[str, Any]]], list[str | None]]]:
    """Consecutive batches for one layer joined (in order), each message with its ``heard``."""
    runs: list[tuple[BaseChannelLayer, list[tuple[str, dict[str, Any]]], list[str | None]]] = []
    for batch in batches:
        if not runs or runs[-1][0] is not batch.layer:
            runs.append((batch.layer, [], []))
        runs[-1][1].extend(batch.messages)
        runs[-1][2].extend(batch.heard)
    return runs


# Each server loop's sends, by loop (a server process has one; tests make one per test).
_loop_sends: dict[asyncio.AbstractEventLoop, _LoopSends] = {}
_loop_sends_lock = threading.Lock()


def _hand_to_loop(loop: asyncio.AbstractEventLoop, batch: _Batch) -> None:
    """From any thread: ``batch`` to ``loop``'s sends (``_LoopSends``)."""
    with _loop_sends_lock:
        sends = _loop_sends.get(loop)
        if sends is None:
            for old in [old for old in _loop_sends if old.is_closed()]:
                del _loop_sends[old]
            sends = _loop_sends[loop] = _LoopSends()
    loop.call_soon_threadsafe(sends.add, batch)


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The live event loop of this process's ASGI server when called from one of the
    threads ``sync_to_async`` runs for it (a request's, a consumer's), else None."""
    return _running_here(getattr(SyncToAsync.threadlocal, "main_event_loop", None),
                         getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None))


def _running_here(loop: asyncio.AbstractEventLoop | None, pid: int | None) -> asyncio.AbstractEventLoop | None:
    """``loop`` if it was recorded in this process (not a fork's parent) and still runs."""
    return loop if loop is not None and pid == os.getpid() and loop.is_running() else None


# The loop this process's ASGI server last served on, and the process (``serving``).
_serving: tuple[asyncio.AbstractEventLoop, int] | None = None


def serving(loop: asyncio.AbstractEventLoop) -> None:
    """The ASGI server's entry (``durak_platform.asgi``) serves on ``loop``: told at every call."""
    global _serving
    if _serving is None or _serving[0] is not loop:
        _serving = (loop, os.getpid())


def _in_memory_send(layer: InMemoryChannelLayer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Sends to the in-memory layer from a thread no server call started: in the embedded
    server, a move clock's timer or the sweeper (a round closed by the sweeper, a table's
    last move made for a seat whose clock ran out). The sockets' queues belong to the loop
    the server serves on: filled from a loop of this thread's own they would wake nobody,
    and a socket would hear its notice only once something else woke that loop. So the
    sends are handed to it; a process that serves no sockets (a shell, a command) sends on
    a loop of its own, which nobody hears."""
    loop = _running_here(*(_serving or (None, None)))
    if loop is not None:
        asyncio.run_coroutine_threadsafe(_send_all_logged(layer, messages), loop)
    else:
        async_to_sync(_send_all_logged)(layer, messages)


def send_group(layer: BaseChannelLayer, group: str, message: dict[str, Any]) -> None:
    """``group_send`` from synchronous code, on the right event loop for this process."""
    send_groups(layer, [(group, message)])


async def _send_all_logged(layer: BaseChannelLayer, messages: list[tuple[str, dict[str, Any]]],
                           heard: Sequence[str | None] = ()) -> None:
    """Send each ``(group, message)``; what fails is logged (the move is committed already,
    and a lost notice is healed by resume), and the whole takes at most ``SEND_TIMEOUT``."""
    try:
        await asyncio.wait_for(_send_all(layer, messages, heard), SEND_TIMEOUT)
    except Exception:
        logger.exception("Could not send %s messages, to %s first", len(messages), messages[0][0])


# Sends in flight at once when a layer without ``group_send_many`` tells many groups: enough
# to overlap the round trips, few enough not to open a connection each.
_SENDS_AT_ONCE = 64


async def _send_all(layer: BaseChannelLayer, messages: list[tuple[str, dict[str, Any]]],
                    heard: Sequence[str | None] = ()) -> None:
    many = getattr(layer, "group_send_many", None)  # live.layer's, on Redis
    if many is not None:
        await many(messages, heard)
        return
    # Here a channel that heard a message already gets it again, and finds nothing new in it.
    for first in range(0, len(messages), _SENDS_AT_ONCE):
        await asyncio.gather(*(layer.group_send(group, message)
                               for group, message in messages[first:first + _SENDS_AT_ONCE]))


def send_groups(layer: BaseChannelLayer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    """``send_group`` for many groups in one go (a move's stream wakes, a round's
    table_ready to a thousand players): one hand-over, not a wait for each.

    In the server the sends go to its loop: the request (or the socket's action) answers
    without waiting for the layer, and the computer's turn is enqueued sooner; the
    process's own sockets heard it already (``announce``). The in-memory layer lives on
    its consumers' loop, so it is only ever touched there (``_in_memory_send``). Elsewhere
    they join the sender loop's queue, in order with every other send of the process."""
    _send_groups(_Batch.unheard(layer, messages))


def _send_groups(batch: _Batch) -> None:
    """``send_groups`` for a batch whose messages some channel may have heard already."""
    if not batch.messages:
        return
    loop = _server_loop()
    if loop is not None:
        _hand_to_loop(loop, batch)
    elif isinstance(batch.layer, InMemoryChannelLayer):
        _in_memory_send(batch.layer, batch.messages)
    else:
        _sender.hand_over(batch.layer, batch.messages)


def announce(game_id: int, seq: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _server_loop()
    # This process's own sockets of the game hear it now, other processes through the
    # layer; the layer's copy for this process's hub would find nothing new, so it is
    # not sent (its receive cost the process as much as the notice's send).
    heard = notice_soon(loop, game_id, seq) if loop is not None else None
    try:
        _send_groups(_Batch(layer, [(group_name(game_id), changed_message(game_id, seq))], [heard]))
    except Exception:  # the move is committed already; a lost notice is healed by resume
        logger.exception("Could not announce game %s at seq %s", game_id, seq)


def announce_hook(move: MoveCommitted) -> None:
    """The ``announce`` stage of a committed move (``games.signals``)."""
    if _server_loop() is not None and move.game.created_at is not None:  # where sockets keep logs
        feed.remember(move.game_id, move.game.created_at, move.seq, move.events, move.acted)
    announce(move.game_id, move.seq)
