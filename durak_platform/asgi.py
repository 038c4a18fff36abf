"""The ASGI entry point: HTTP goes to Django, websockets to the game consumers."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "durak_platform.settings.local")

# Django must be set up before anything imports models (the routing does, through consumers).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from live.routing import websocket_urlpatterns as live_routes  # noqa: E402
from live.socket_auth import TokenQueryAuthMiddleware  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_routes  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AuthMiddlewareStack(TokenQueryAuthMiddleware(URLRouter([*live_routes, *tournament_routes]))),
    }
)
