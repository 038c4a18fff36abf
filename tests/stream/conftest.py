"""Fixtures for the account stream, challenges and push."""

from __future__ import annotations

from typing import Any

import pytest

from games import clocks
from tests.harness.fixtures import _fresh_caches, make_client, player  # noqa: F401


@pytest.fixture(autouse=True)
def scheduled(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...], float]]:
    """Timer tasks the code asked for, instead of timer threads that would fire later."""
    calls: list[tuple[str, tuple[Any, ...], float]] = []
    monkeypatch.setattr(clocks, "later", lambda name, args, countdown: calls.append((name, args, countdown)))
    return calls
