"""Reads: the leaderboard."""

from __future__ import annotations

from ratings.models import Rating


def leaderboard(limit: int = 50) -> list[dict[str, object]]:
    rows = Rating.objects.select_related("player").filter(games__gt=0).order_by("-value", "player_id")[:limit]
    return [{"place": i, "player": r.player_id, "name": r.player.name, "rating": r.value, "games": r.games}
            for i, r in enumerate(rows, start=1)]
