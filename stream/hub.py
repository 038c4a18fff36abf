"""One layer subscription per server process for deliveries to many players at once.

A tournament round tells a thousand players at once. As a layer message per player, each
server process would take them off Redis one at a time (channels-redis receives a
process's messages one by one, a few round trips each): seconds for a round. Sent as ONE
message to ``GROUP``, which each process's hub joins once, it is received once per process
and handed here, in memory, to that process's open streams of the players it names.
Small deliveries still go to each player's group (``stream.delivery``); a stream listens
to both, and either way the reader reads what a wake-up does not carry (``stream.reader``),
so a lost message loses nothing a later wake-up or the keepalive does not bring.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from channels.layers import BaseChannelLayer, get_channel_layer

logger = logging.getLogger(__name__)

GROUP = "stream-many"
MESSAGE_TYPE = "stream.many"
# channels-redis forgets a group's members after a day (``group_expiry``): joined again
# this often, and whenever a receive fails.
REJOIN_SECONDS = 3600.0
# The longest a stream waits for its process to join the group before it opens.
JOIN_TIMEOUT = 5.0

Wake = Callable[[dict[str, Any]], None]


def message(wakes: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    """The one layer message for ``GROUP``: each player's wake-up data (as in its own group)."""
    return {"type": MESSAGE_TYPE, "players": [[player_id, data] for player_id, data in wakes]}


class Hub:
    """The streams open in this process on one event loop, by player, and the task that
    receives ``GROUP``'s messages for them."""

    def __init__(self) -> None:
        self._listeners: dict[int, set[Wake]] = {}
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._joined: asyncio.Event | None = None

    async def listen(self, player_id: int, wake: Wake) -> Callable[[], None]:
        """Call ``wake`` with each wake-up of ``player_id`` sent to many at once; returns
        the function that stops it. Returns once this process is in the group, so that
        a stream that reads its backlog next misses nothing sent after."""
        layer = get_channel_layer()
        self._listeners.setdefault(player_id, set()).add(wake)

        def stop() -> None:
            listeners = self._listeners.get(player_id)
            if listeners is not None:
                listeners.discard(wake)
                if not listeners:
                    del self._listeners[player_id]

        if layer is not None:
            # Redis away: the stream opens all the same, and its keepalive reads heal the gap.
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._started(layer).wait(), JOIN_TIMEOUT)
        return stop

    def _started(self, layer: BaseChannelLayer) -> asyncio.Event:
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done() or self._loop is not loop or self._joined is None:
            self._loop, self._joined = loop, asyncio.Event()
            self._task = loop.create_task(self._run(layer, self._joined))
        return self._joined

    async def _run(self, layer: BaseChannelLayer, joined: asyncio.Event) -> None:
        channel = await layer.new_channel()
        rejoin = True  # at the start, after a quiet REJOIN_SECONDS and after a failure: not per message
        while True:
            try:
                if rejoin:
                    await layer.group_add(GROUP, channel)
                    joined.set()
                    rejoin = False
                received = await asyncio.wait_for(layer.receive(channel), REJOIN_SECONDS)
            except TimeoutError:
                rejoin = True
                continue
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis away: the keepalive reads heal the gap meanwhile
                logger.exception("stream hub: receive failed")
                rejoin = True
                await asyncio.sleep(1.0)
                continue
            self.dispatch(received)

    def dispatch(self, received: dict[str, Any]) -> None:
        """Hand each named player's data to this process's streams of that player."""
        for player_id, data in received.get("players") or ():
            for wake in list(self._listeners.get(player_id, ())):
                wake(data)


hub = Hub()
