from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest

from accounts.models import Player
from accounts.services import player_register, token_for
from tests.harness.clients import Client
from tests.harness.fixtures import _fresh_caches, make_client, player  # noqa: F401


def registered() -> Player:
    """A fresh registered person (guests' games are never rated)."""
    return player_register(username=f"r{secrets.token_hex(5)}", password="a long secret 1")[0]


@pytest.fixture
def person(db: None) -> Callable[[], Client]:
    """``person()``: an API client of a fresh registered player."""
    def make() -> Client:
        someone = registered()
        return Client((someone, token_for(someone)))
    return make
