"""Fixtures for live play: sockets on the in-memory layer (embedded) or a real stack."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games import clocks
from live import feed
from tests.harness.fixtures import _fresh_caches, make_client, player  # noqa: F401


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
