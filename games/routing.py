"""Websocket routes. The live-play consumer (issue "live play") fills this list."""

from __future__ import annotations

from typing import Any

websocket_urlpatterns: list[Any] = []
