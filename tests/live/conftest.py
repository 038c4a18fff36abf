"""Fixtures for live play: sockets on the in-memory layer (embedded) or a real stack."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games import clocks
from live import feed
from tests.harness.fixtures import _fresh_caches, make_client, player  # noqa: F401
from tests.harness.stack import RedisServer


@pytest.fixture(autouse=True)
def _fresh_feed() -> Iterator[None]:
    feed.forget_all()
    yield
    feed.forget_all()


@pytest.fixture(autouse=True)
def scheduled(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...], float]]:
    """Timer tasks the code asked for, instead of timer threads that would fire during
    later tests (eager mode has no broker to hold them)."""
    calls: list[tuple[str, tuple[Any, ...], float]] = []
    monkeypatch.setattr(clocks, "later", lambda name, args, countdown: calls.append((name, args, countdown)))
    return calls


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A private Redis: nobody else's keys, nobody else's connections."""
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()
