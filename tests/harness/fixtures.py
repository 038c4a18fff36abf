"""The fixtures every platform test directory shares (its conftest imports them): fresh
caches around each test, a guest ``player``, and ``make_client`` for API clients."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache

from accounts.models import Player
from accounts.services import guest_create
from games import snapshots
from tests.harness.clients import Client


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Throttle counters and cached states never leak from one test into another."""
    cache.clear()
    snapshots.forget_all()
    yield
    snapshots.forget_all()


@pytest.fixture
def make_client(db: None) -> type[Client]:
    """``Client`` itself, once the database is open: ``make_client()`` is a fresh guest's client."""
    return Client


@pytest.fixture
def player(db: None) -> Player:
    """A fresh guest."""
    return guest_create()[0]
