"""The site around the API: the page, static files, the schema, ASGI and the broadcast."""

from __future__ import annotations

import asyncio
import re
import threading

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.test import Client as DjangoClient

from live.broadcast import announce
from live.groups import group_name


def test_the_page_is_served_at_the_root(db: None) -> None:
    response = DjangoClient().get("/")
    assert response.status_code == 200
    assert "Дурак" in response.content.decode()


def test_static_files_are_served_by_whitenoise(db: None) -> None:
    response = DjangoClient().get("/static/durak/app.js")
    assert response.status_code == 200
    assert b"".join(response.streaming_content)  # type: ignore[attr-defined]


def test_the_openapi_schema_names_every_contract_path(db: None) -> None:
    response = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in ["/api/v1/auth/guest/", "/api/v1/auth/register/", "/api/v1/auth/token/", "/api/v1/games/",
                 "/api/v1/games/{game_id}/", "/api/v1/games/{game_id}/join/", "/api/v1/games/{game_id}/actions/",
                 "/api/v1/games/{game_id}/events/", "/api/v1/games/{game_id}/replay/"]:
        assert path in paths, path
    assert "/bench/ceiling/" not in paths
    docs = DjangoClient().get("/api/docs/")
    assert docs.status_code == 200
    # No script or style from another host (a CDN): every src/href is this site's own. The
    # page's random CSRF token may hold any letters, so the check reads the addresses only.
    page = docs.content.decode()
    outside = re.findall(r"""(?:src|href)\s*=\s*["'](?:https?:)?//[^"']+""", page)
    assert outside == [], outside


def test_the_asgi_app_routes_http_and_websockets() -> None:
    from channels.routing import ProtocolTypeRouter

    from durak_platform.asgi import router

    assert isinstance(router, ProtocolTypeRouter)
    assert set(router.application_mapping) == {"http", "websocket"}


def test_group_names_are_valid_channel_group_names() -> None:
    assert group_name(42) == "game-42"


def test_announce_sends_the_game_and_seq_and_never_a_card() -> None:
    layer = get_channel_layer()

    async def listen_and_announce() -> dict[str, object]:
        channel = await layer.new_channel()
        await layer.group_add(group_name(7), channel)
        await sync_to_async(announce)(7, 12)
        message = await layer.receive(channel)
        await layer.group_discard(group_name(7), channel)
        return message  # type: ignore[no-any-return]

    # A loop of our own in a thread of our own: whatever loop another test left behind
    # in the main thread (Playwright's sync API keeps one) cannot get in the way.
    received: list[dict[str, object]] = []
    thread = threading.Thread(target=lambda: received.append(asyncio.run(listen_and_announce())))
    thread.start()
    thread.join(30)
    assert received == [{"type": "game.changed", "game_id": 7, "seq": 12}]
