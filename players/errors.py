"""The players' refusals."""

from __future__ import annotations

from core.errors import NotFound


class PlayerNotFound(NotFound):
    """404: no player has this id (a profile)."""

    def __init__(self, player_id: object) -> None:
        super().__init__(f"There is no player {player_id}.")
