"""Websocket route of the account stream: a signed-in player's own socket."""

from __future__ import annotations

from typing import Any

from django.urls import path

from stream.consumers import StreamConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/players/me/", StreamConsumer.as_asgi()),
]
