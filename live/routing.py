"""Websocket routes: one live-play socket per game, and a player's own notices."""

from __future__ import annotations

from typing import Any

from django.urls import path

from durak_platform import converters  # noqa: F401  (registers <id:...>)
from live.consumers import GameConsumer
from live.notice_consumers import PlayerNoticeConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/games/<id:game_id>/", GameConsumer.as_asgi()),
    path("ws/players/me/", PlayerNoticeConsumer.as_asgi()),
]
