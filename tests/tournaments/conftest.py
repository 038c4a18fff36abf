from __future__ import annotations

from typing import Any

import pytest

from games import clocks
from tests.harness.fixtures import _fresh_caches, make_client, player  # noqa: F401


@pytest.fixture(autouse=True)
def scheduled(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...], float]]:
    """Timers the code asked for (move clocks, starts), recorded instead of timer threads
    that would fire during later tests."""
    calls: list[tuple[str, tuple[Any, ...], float]] = []
    monkeypatch.setattr(clocks, "later", lambda name, args, countdown: calls.append((name, args, countdown)))
    return calls
