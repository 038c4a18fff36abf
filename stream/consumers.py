"""``ws/players/me/``: the account stream on a socket (``{"type": "notice", "event": …}``).

On connect it says ``{"type": "hello", "last": <the newest id>}`` and from then on sends
each new event. ``{"type": "resume", "after": <id>}`` sends every event after that id
first (or ``{"type": "error", "error": {"code": "resync"}}`` when they are no longer kept)
and continues from there: the reader (``stream.reader``) keeps the numbers gapless and
once-only whichever process the socket lands on.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts.selectors import player_of
from core.exceptions import error_body
from live import frames
from stream import store
from stream.delivery import stream_group
from stream.hub import hub
from stream.reader import Reader, last_number

CLOSE_UNAUTHENTICATED = 4401


def _player_id(user: Any) -> int | None:
    player = player_of(user) if user is not None and user.is_authenticated else None
    return None if player is None else player.pk


class StreamConsumer(AsyncWebsocketConsumer):
    reader: Reader | None = None
    _lock: asyncio.Lock | None = None
    _stop_hub: Callable[[], None] | None = None

    async def connect(self) -> None:
        await self.accept()
        player_id = await database_sync_to_async(_player_id)(self.scope.get("user"))
        if player_id is None:
            await self._send({"type": "error", **error_body("not_authenticated",
                                                            "Connect with ?ticket=, ?token= or a session.")})
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self._lock = asyncio.Lock()
        # Joined before the newest id is read: an event stored in between is sent, not lost.
        await self.channel_layer.group_add(stream_group(player_id), self.channel_name)
        self._woken: set[asyncio.Task[None]] = set()
        self._stop_hub = await hub.listen(player_id, self._hub_wake)
        last = await last_number(player_id)
        self.reader = Reader(player_id, last)
        await self._send({"type": "hello", "last": last})

    async def disconnect(self, code: int) -> None:
        if self._stop_hub is not None:
            self._stop_hub()
        if self.reader is not None:
            await self.channel_layer.group_discard(stream_group(self.reader.player_id), self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if frames.too_big(text_data, bytes_data):
            await self.close(code=frames.CLOSE_TOO_BIG)
            return
        if self.reader is None:
            return
        try:
            message = frames.parsed(text_data or "")
        except ValueError:
            message = None
        if not isinstance(message, dict) or message.get("type") != "resume":
            return  # nothing else is asked of this socket: ignored, as the listen-only sockets do
        after = message.get("after")
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            await self._send({"type": "error", **error_body(
                "invalid_message", "Send {\"type\": \"resume\", \"after\": <the last event id you saw>}.")})
            return
        assert self._lock is not None
        async with self._lock:
            self.reader.after = after
            await self._send_new()

    def _hub_wake(self, data: dict[str, Any]) -> None:
        """A wake-up sent to many players at once (``stream.hub``): as a notice of our own."""
        task = asyncio.ensure_future(self.notice({"type": "notice", "data": data}))
        self._woken.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._woken.discard)

    async def notice(self, message: dict[str, Any]) -> None:
        """A layer message: the player's stream has a new event (its data names the id)."""
        if self.reader is None or self._lock is None:
            return
        async with self._lock:
            await self._send_new(message.get("data"))

    async def _send_new(self, data: object = None) -> None:
        assert self.reader is not None
        try:
            batch = await self.reader.woken(data)
        except store.ResyncNeeded:
            await self._send({"type": "error", **error_body(
                "resync", "Events after this id are no longer kept: read your games afresh.")})
            return
        for event in batch:
            await self._send({"type": "notice", "event": event})

    async def _send(self, data: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(data, ensure_ascii=False))
