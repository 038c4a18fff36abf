"""The ASGI entry point: HTTP goes to Django, websockets to the game consumers."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "durak_platform.settings.local")

# Django must be set up before anything imports models (the routing does, through consumers).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

from durak_platform import collector, sweeps  # noqa: E402
from live import broadcast  # noqa: E402
from live.frames import NoRouteConsumer  # noqa: E402
from live.routing import websocket_urlpatterns as live_routes  # noqa: E402
from live.socket_auth import TokenQueryAuthMiddleware  # noqa: E402
from stream.routing import websocket_urlpatterns as stream_routes  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_routes  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Last, any other path: closed with 4404 rather than the router's "No route found".
        "websocket": AuthMiddlewareStack(TokenQueryAuthMiddleware(URLRouter(
            [*live_routes, *stream_routes, *tournament_routes, re_path(r"", NoRouteConsumer.as_asgi())]))),
    }
)


collector.settle()  # started: what lives now lives as long as the process


async def application(scope: Any, receive: Any, send: Any) -> None:
    """The router, and on the first call the embedded mode's sweeper (``durak_platform.sweeps``):
    only a process that serves gets here, once its workers are forked. The loop it serves on
    is where the in-memory layer lives, and where its other threads' sends to that layer go
    (``live.broadcast.serving``)."""
    if not sweeps.running():
        sweeps.start()
    broadcast.serving(asyncio.get_running_loop())
    await router(scope, receive, send)
