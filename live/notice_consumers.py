"""Sockets that only listen: a group's notices, relayed as they come.

``GroupNoticeConsumer`` joins the group ``group_for(scope)`` names and sends each notice's
``data`` as a JSON text frame (a tournament's page). A player's own socket,
``ws/players/me/``, is the account stream's (``stream.consumers``).
Anything a client sends is ignored: these sockets carry nothing back.
"""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from live import frames

CLOSE_UNAUTHENTICATED = 4401


class GroupNoticeConsumer(AsyncWebsocketConsumer):
    group: str | None = None

    def group_for(self, scope: dict[str, Any]) -> str | None:
        raise NotImplementedError

    async def connect(self) -> None:
        await self.accept()
        self.group = await database_sync_to_async(self.group_for)(self.scope)  # may read the player
        if self.group is None:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send(text_data=json.dumps({"type": "hello"}))

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Listen-only: anything sent is ignored unread, but a frame past the cap closes the
        # socket as the real server would (live.frames).
        if frames.too_big(text_data, bytes_data):
            await self.close(code=frames.CLOSE_TOO_BIG)

    async def notice(self, message: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(message["data"], ensure_ascii=False))
