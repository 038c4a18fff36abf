"""The channel layer's names and messages for live play: one group per game, and a
notice that carries ``(game_id, seq)`` only, never a card."""

from __future__ import annotations

from typing import Any


def group_name(game_id: int) -> str:
    # Channel group names allow only ASCII alphanumerics, hyphens, underscores and periods.
    return f"game-{game_id}"


def changed_message(game_id: int, seq: int) -> dict[str, Any]:
    return {"type": "game.changed", "game_id": game_id, "seq": seq}
