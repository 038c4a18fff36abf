"""The ratings' refusals."""

from __future__ import annotations

from collections.abc import Iterable

from durak_platform.errors import InvalidRequest, NotFound


class UnknownVariant(InvalidRequest):
    """400 ``invalid_request`` (a bad query parameter): a variant the engine does not play."""

    def __init__(self, variants: Iterable[str]) -> None:
        super().__init__(f"'variant' must be one of: {', '.join(variants)}.")


class PlayerNotFound(NotFound):
    """404: no player has this id (a profile)."""

    def __init__(self, player_id: object) -> None:
        super().__init__(f"There is no player {player_id}.")
