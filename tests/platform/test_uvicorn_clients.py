"""A real uvicorn over loopback, started as ``make run`` starts it (``--no-proxy-headers``):
a client's own X-Forwarded-For does not change who it is to the throttles, and no
``?token=`` or ``?ticket=`` reaches the server's log in clear.

Embedded mode (SQLite, in-memory layer, tasks in-process): no PostgreSQL or Redis needed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.harness.stack import Stack


def embedded_stack(tmp: Path, *, log_level: str = "warning", proxy_headers: bool = False) -> Stack:
    stack = Stack(tmp, database_url=f"sqlite:///{tmp / 'db.sqlite3'}", redis_url="", broker_url="",
                  env={"DJANGO_CHANNEL_LAYER": "memory", "DURAK_THROTTLE_AUTH": "3/min",
                       "DURAK_EMBEDDED_SWEEPS": "0", "DJANGO_LOG_LEVEL": "INFO"})
    stack.migrate()
    stack.start_server("--log-level", log_level, proxy_headers=proxy_headers)
    return stack


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    stack = embedded_stack(tmp_path_factory.mktemp("uvicorn-clients"), log_level="info")
    try:
        yield stack
    finally:
        stack.stop()


def guest_codes(base: str, count: int) -> list[int]:
    return [httpx.post(base + "/api/v1/auth/guest/", headers={"X-Forwarded-For": f"10.66.0.{n}"}).status_code
            for n in range(count)]


def test_the_clients_forwarded_for_does_not_make_it_a_new_client(server: Stack) -> None:
    assert guest_codes(server.base, 5) == [201, 201, 201, 429, 429]


def test_uvicorns_own_proxy_headers_would_let_the_header_through(tmp_path: Path) -> None:
    """Why ``make run`` passes ``--no-proxy-headers``: uvicorn trusts a loopback peer's
    header by default and hands the app the address the client wrote."""
    stack = embedded_stack(tmp_path, proxy_headers=True)
    try:
        assert guest_codes(stack.base, 4) == [201, 201, 201, 201]
    finally:
        stack.stop()


def test_another_loopback_address_is_another_client(server: Stack) -> None:
    """What does count: the connection's own address (any 127.x.y.z reaches loopback)."""
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3")) as other:
        assert other.post(server.base + "/api/v1/auth/guest/").status_code == 201


def test_tokens_and_tickets_never_reach_the_log(server: Stack) -> None:
    # From an address of its own: the budget of 127.0.0.1 is the other tests'.
    http = httpx.Client(base_url=server.base, transport=httpx.HTTPTransport(local_address="127.0.0.4"))
    token = http.post("/api/v1/auth/guest/").json()["token"]
    http.headers["Authorization"] = f"Token {token}"
    created = http.post("/api/v1/games/", json={"rules": {"deck": 24}, "opponents": [{"ai": "novice"}]})
    game = created.json()["id"]
    ticket = http.post("/api/v1/auth/ticket/").json()["ticket"]
    assert http.get(f"/api/v1/players/me/?token={token}&x=1").status_code == 200
    assert http.get(f"/nowhere/?ticket={ticket}").status_code == 404

    async def sockets() -> list[str]:
        kinds = []
        for query in (f"token={token}", f"ticket={ticket}", f"ticket={ticket}"):  # the last: used up
            async with connect(f"{server.ws_base}/ws/games/{game}/?{query}", local_addr=("127.0.0.4", 0)) as ws:
                kinds.append(json.loads(await ws.recv())["type"])
        return kinds

    assert asyncio.run(sockets()) == ["state", "state", "error"]
    log = server.log("uvicorn.log")
    assert "WebSocket /ws/games/" in log and '"GET /api/v1/players/me/?token=[redacted]&x=1' in log, log[-2000:]
    assert token not in log and ticket not in log
    assert log.count("token=[redacted]") >= 2 and log.count("ticket=[redacted]") >= 3
