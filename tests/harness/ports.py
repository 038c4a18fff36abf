"""A free port on the loopback interface, for a server a test or benchmark starts."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the OS picks it; it may be
    taken again before the caller binds it, which on a test machine does not happen)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# Every uvicorn a test starts takes the limits `make run` gives it (the Makefile's
# UVICORN_LIMITS; tests/live/test_frames_server.py checks the two agree with live.frames).
UVICORN_LIMITS = ("--ws-max-size", "65536")
