"""Websocket routes of tournaments."""

from __future__ import annotations

from typing import Any

from django.urls import path

from tournaments.consumers import TournamentConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
