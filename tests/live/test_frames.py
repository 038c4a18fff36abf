"""Issue 26: what a socket takes from a client is bounded. A frame past 64 KiB is refused
unread (an error, then close 1009), deep JSON is a bad message like any other, and a
path that is no socket closes with 4404; the next connection works as ever."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.services import guest_create
from durak_platform.asgi import application
from live import frames
from tests.live.sockets import Socket, fresh_channel_layer, seated

pytestmark = pytest.mark.django_db(transaction=True)

BIG = 100 * 1024


@pytest.fixture(autouse=True)
def _fresh_layer() -> None:
    fresh_channel_layer()


async def _closed_with(comm: WebsocketCommunicator) -> int:
    while True:
        output = await comm.receive_output(5)
        if output["type"] == "websocket.close":
            return int(output.get("code", 1000))


def test_the_cap_counts_bytes_not_characters() -> None:
    assert not frames.too_big("x" * frames.MAX_FRAME_BYTES, None)
    assert frames.too_big("x" * (frames.MAX_FRAME_BYTES + 1), None)
    assert frames.too_big("ж" * (frames.MAX_FRAME_BYTES // 2 + 1), None)  # two bytes each in UTF-8
    assert not frames.too_big(None, b"x" * frames.MAX_FRAME_BYTES)
    assert frames.too_big(None, b"x" * (frames.MAX_FRAME_BYTES + 1))


async def test_a_frame_past_the_cap_is_refused_and_a_new_connection_plays_on() -> None:
    table = await seated(rules={"deck": 24}, computer=["novice"])
    socket = Socket(table.id, table.tokens[0])
    await socket.open()
    padding = "x" * BIG
    await socket.comm.send_to(text_data=json.dumps({"type": "resume", "after": 0, "pad": padding}))
    refusal = await socket.next()
    assert refusal["type"] == "error" and refusal["error"]["code"] == "message_too_large"
    assert await _closed_with(socket.comm) == frames.CLOSE_TOO_BIG
    again = Socket(table.id, table.tokens[0])
    state = await again.open()
    assert state["type"] == "state"
    await again.send({"type": "resume", "after": state["view"]["seq"]})
    assert await again.comm.receive_nothing(0.3)  # nothing after the latest seq: nothing sent
    await again.close()


async def test_a_frame_just_under_the_cap_is_read_as_a_message() -> None:
    table = await seated(rules={"deck": 24}, computer=["novice"])
    socket = Socket(table.id, table.tokens[0])
    await socket.open()
    await socket.comm.send_to(text_data=json.dumps({"type": "hello", "pad": "x" * (frames.MAX_FRAME_BYTES - 100)}))
    assert (await socket.next())["error"]["code"] == "invalid_request"  # an unknown type, not too large
    await socket.close()


async def test_deeply_nested_json_is_a_bad_message_and_the_socket_stays_usable() -> None:
    table = await seated(rules={"deck": 24}, computer=["novice"])
    socket = Socket(table.id, table.tokens[0])
    state = await socket.open()
    deep = "[" * 30_000 + "]" * 30_000  # under the cap, far past Python's recursion limit
    await socket.comm.send_to(text_data=deep)
    assert (await socket.next())["error"]["code"] == "invalid_request"
    await socket.comm.send_to(text_data='{"type": "resume", "after": ' + "[" * 30_000)
    assert (await socket.next())["error"]["code"] == "invalid_request"
    await socket.send({"type": "resume", "after": 0})
    resent = await socket.next()
    assert resent["type"] in {"event", "state"}
    assert state["view"]["seq"] >= 1
    await socket.close()


@pytest.mark.parametrize("path", ["/ws/nope/", "/ws/games/99999999999999999999/", "/ws/games/abc/",
                                  "/ws/tournaments/99999999999999999999/", "/nope"])
async def test_a_path_that_is_no_socket_closes_with_4404(path: str) -> None:
    comm = WebsocketCommunicator(application, path)
    connected, code = await comm.connect()
    if connected:
        code = await _closed_with(comm)
    assert code == frames.CLOSE_NO_ROUTE
    await comm.disconnect()


async def _listener(path: str, token: str | None) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, path + (f"?token={token}" if token else ""))
    connected, _ = await comm.connect()
    assert connected
    assert (await comm.receive_json_from(5))["type"] == "hello"
    return comm


@pytest.mark.parametrize("path", ["/ws/players/me/", "/ws/tournaments/1/"])
async def test_listen_only_sockets_close_on_a_frame_past_the_cap(path: str) -> None:
    _, token = await database_sync_to_async(guest_create)()
    comm = await _listener(path, token)
    await comm.send_to(text_data="small frames are ignored")
    assert await comm.receive_nothing(0.2)
    await comm.send_to(text_data="x" * BIG)
    assert await _closed_with(comm) == frames.CLOSE_TOO_BIG
    again = await _listener(path, token)
    await again.disconnect()


