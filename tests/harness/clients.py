"""The in-process API client: a guest's token on DRF's test client, with the contract's
calls spelled out."""

from __future__ import annotations

import secrets
from typing import Any

from rest_framework.test import APIClient

from accounts.models import Player
from accounts.services import guest_create, player_register

MEMBER_PASSWORD = "kozyrnaya-dama"


def member_create(name: str | None = None) -> tuple[Player, str]:
    """A registered account (password ``MEMBER_PASSWORD``) and its token: welcome coins and
    prize tournaments are for registered accounts only. Fresh names differ in a random number
    (digits, not hex: a name is written in one script), whose look-alike keys differ too."""
    return player_register(username=name or f"Игрок {secrets.randbelow(10**8):08d}", password=MEMBER_PASSWORD)


class Client:
    """An API client logged in as a fresh guest, or as ``guest`` (a player and its token:
    another tab of the same player)."""

    def __init__(self, guest: tuple[Player, str] | None = None) -> None:
        self.player, self.token = guest or guest_create()
        self.http = APIClient()
        self.http.credentials(HTTP_AUTHORIZATION=f"Token {self.token}")

    @classmethod
    def member(cls, name: str | None = None) -> Client:
        """A client of a fresh registered account (``member_create``)."""
        return cls(member_create(name))

    def post(self, url: str, data: Any = None) -> Any:
        return self.http.post(url, data, format="json")

    def get(self, url: str) -> Any:
        return self.http.get(url)

    def create(self, rules: dict[str, Any] | None = None, opponents: list[dict[str, str]] | None = None,
               client_seed: str | None = None, **options: Any) -> Any:
        """``options``: the table's (``timer``, ``hints``, ``rated``, ...), sent as given."""
        body = {"rules": rules or {}, "opponents": opponents or [], **options}
        return self.post("/api/v1/games/", body if client_seed is None else {**body, "client_seed": client_seed})

    def join(self, game_id: int, client_seed: str | None = None) -> Any:
        return self.post(f"/api/v1/games/{game_id}/join/", None if client_seed is None else {"client_seed": client_seed})

    def fill(self, game_id: int, level: str) -> Any:
        return self.post(f"/api/v1/games/{game_id}/fill/", {"ai": level})

    def view(self, game_id: int) -> dict[str, Any]:
        """This player's view of the game; anything but 200 fails the test."""
        response = self.get(f"/api/v1/games/{game_id}/")
        assert response.status_code == 200, response.content
        return response.json()  # type: ignore[no-any-return]

    def act(self, game_id: int, action: dict[str, Any], expected_seq: int) -> Any:
        return self.post(f"/api/v1/games/{game_id}/actions/", {**action, "expected_seq": expected_seq})
