"""Fixtures for the platform's tests: players, API clients, fresh caches."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from accounts.models import Player
from accounts.services import guest_create
from games import snapshots


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Throttle counters and cached states never leak from one test into another."""
    cache.clear()
    snapshots.forget_all()
    yield
    snapshots.forget_all()


class Client:
    """An API client logged in as one guest, with the contract's calls spelled out."""

    def __init__(self) -> None:
        self.player, self.token = guest_create()
        self.http = APIClient()
        self.http.credentials(HTTP_AUTHORIZATION=f"Token {self.token}")

    def post(self, url: str, data: Any = None) -> Any:
        return self.http.post(url, data, format="json")

    def get(self, url: str) -> Any:
        return self.http.get(url)

    def create(self, rules: dict[str, Any] | None = None, opponents: list[dict[str, str]] | None = None) -> Any:
        return self.post("/api/v1/games/", {"rules": rules or {}, "opponents": opponents or []})

    def view(self, game_id: int) -> dict[str, Any]:
        response = self.get(f"/api/v1/games/{game_id}/")
        assert response.status_code == 200, response.content
        return response.json()  # type: ignore[no-any-return]

    def act(self, game_id: int, action: dict[str, Any], expected_seq: int) -> Any:
        return self.post(f"/api/v1/games/{game_id}/actions/", {**action, "expected_seq": expected_seq})


@pytest.fixture
def make_client(db: None) -> Any:
    return Client


@pytest.fixture
def player(db: None) -> Player:
    return guest_create()[0]
