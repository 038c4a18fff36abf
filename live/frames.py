"""What a socket accepts from a client: frames of at most ``MAX_FRAME_BYTES``, JSON of a
bounded depth, and only the routes there are.

The real server refuses bigger frames itself (uvicorn ``--ws-max-size``, set to the
same number in ``make run``, the test stack and the production docs); this check is for
a server that does not, and refuses before anything parses the frame. A client's
messages are a few hundred bytes; 64 KiB leaves room for any of them.
"""

from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

MAX_FRAME_BYTES = 64 * 1024
# RFC 6455 7.4.1: "a message that is too big for it to process".
CLOSE_TOO_BIG = 1009
# 4000 + the HTTP status, as the other close codes (live.consumers).
CLOSE_NO_ROUTE = 4404


def too_big(text_data: str | None, bytes_data: bytes | None) -> bool:
    """Whether a frame is past ``MAX_FRAME_BYTES`` (its UTF-8 bytes, counted only when
    its characters alone do not settle it)."""
    if bytes_data is not None and len(bytes_data) > MAX_FRAME_BYTES:
        return True
    if text_data is None:
        return False
    return len(text_data) > MAX_FRAME_BYTES or (
        len(text_data) * 4 > MAX_FRAME_BYTES and len(text_data.encode("utf-8")) > MAX_FRAME_BYTES
    )


def parsed(text: str) -> Any:
    """``json.loads`` with deep nesting a ``ValueError`` like any other bad JSON (Python's
    parser recurses per level: 64 KiB of ``[`` raises ``RecursionError``)."""
    try:
        return json.loads(text)
    except RecursionError as error:
        raise ValueError("JSON nested too deeply") from error


class NoRouteConsumer(AsyncWebsocketConsumer):
    """The last route: a socket to a path that is no socket (``ws/nope/``, an id past the
    largest) is accepted only to be closed with 4404, instead of the router's
    ``ValueError`` (a 500 at the handshake and a traceback in the log)."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=CLOSE_NO_ROUTE)
