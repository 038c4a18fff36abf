"""What a finished two-player game's result means for standings and ratings."""

from __future__ import annotations

from typing import Any


def first_seat_score(result: dict[str, Any]) -> float:
    """What the player in seat 0 scored: 1 a win, 0.5 a draw, 0 a loss. A seat given up
    after the reconnect window (``forfeits``) loses whatever the computer standing in for
    it did; if both were given up it is a draw."""
    forfeits = set(result.get("forfeits") or ())
    if forfeits:
        return 0.5 if forfeits >= {0, 1} else (0.0 if 0 in forfeits else 1.0)
    if result.get("draw"):
        return 0.5
    return 0.0 if 0 in (result.get("losers") or ()) else 1.0
