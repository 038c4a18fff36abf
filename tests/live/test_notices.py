"""``live.notices`` from any thread of the server's process reach the sockets of its
in-memory layer, which wait on the server's loop: a request's thread knows that loop, and
so must a thread no server call started (a move clock's timer, the embedded sweeper). The
socket's loop is left idle meanwhile, as a quiet server's is: a notice put in its queue
from another loop, without waking it, is not heard."""

from __future__ import annotations

import threading

import pytest
from channels.testing import WebsocketCommunicator

from durak_platform.asgi import application
from live import notices
from tests.live.sockets import fresh_channel_layer


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("delay", [0.0, 0.2])  # sent before the wait for it begins, and during it
async def test_a_notice_from_a_timer_thread_reaches_the_socket(delay: float) -> None:
    fresh_channel_layer()
    comm = WebsocketCommunicator(application, "/ws/tournaments/5/")
    connected, _ = await comm.connect()
    assert connected
    assert (await comm.receive_json_from(5))["type"] == "hello"
    # What ``games.clocks.later`` starts in the embedded mode: a daemon timer thread.
    timer = threading.Timer(delay, notices.notify, args=("tournament-5", {"type": "tournament.changed"}))
    timer.daemon = True
    timer.start()
    try:
        assert await comm.receive_json_from(3) == {"type": "tournament.changed"}
    finally:
        timer.join()
        await comm.disconnect()
