"""Reads: a player's profile, composed of games' record of finished games and this app's
ratings (``GET /api/v1/players/{id}/``).

A guest's profile is shown like anyone's and marked ``"guest": true``: a guest plays
and can be seen at tables, so the page of its name must exist too.
"""

from __future__ import annotations

from typing import Any

from accounts.models import Player
from games.stats import player_stats
from ratings.errors import PlayerNotFound
from ratings.selectors import player_ratings


def player_profile(player_id: int) -> dict[str, Any]:
    """The contract's profile: id, name, ratings per variant, stats, recent games; plus
    ``guest`` and ``versus_computer`` (the record against each computer level)."""
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise PlayerNotFound(player_id)
    record = player_stats(player)
    return {
        "id": player.pk,
        "name": player.name,
        "guest": player.is_guest,
        "ratings": player_ratings(player.pk),
        "stats": record["stats"],
        "versus_computer": record["versus_computer"],
        "recent_games": record["recent_games"],
    }
