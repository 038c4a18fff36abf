"""Websocket routes: one live-play socket per game (a player's own socket, ws/players/me/, is
the account stream's: ``stream.routing``)."""

from __future__ import annotations

from typing import Any

from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from live.consumers import GameConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/games/<id:game_id>/", GameConsumer.as_asgi()),
]
