"""A free port on the loopback interface, for a server a test or benchmark starts."""

from __future__ import annotations

import random
import socket


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the OS picks it; it may be
    taken again before the caller binds it, which on a test machine does not happen)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def free_port_block(offsets: list[int]) -> int:
    """A base port such that ``base + offset`` is free for every offset, below the
    kernel's ephemeral range (32768 and up on Linux), where a client's outgoing connection
    could already hold a port a stack's process is told to listen on."""
    rng = random.Random()
    for _ in range(200):
        base = rng.randrange(10_000, 32_768 - max(offsets) - 1)
        if all(_bindable(base + offset) for offset in offsets):
            return base
    raise RuntimeError("no block of free ports below 32768")


def _bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


# Every uvicorn a test starts takes the limits `make run` gives it (the Makefile's
# UVICORN_LIMITS; tests/live/test_frames_server.py checks the two agree with live.frames).
UVICORN_LIMITS = ("--ws-max-size", "65536")
