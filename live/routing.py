"""Websocket routes: one live-play socket per game."""

from __future__ import annotations

from typing import Any

from django.urls import path

from live.consumers import GameConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
]
