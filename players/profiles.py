"""Reads: a player's profile, composed of games' record of finished games and the
ratings' (``GET /api/v1/players/{id}/``).

A guest's profile is shown like anyone's and marked ``"guest": true``: a guest plays
and can be seen at tables, so the page of its name must exist too.
"""

from __future__ import annotations

from typing import Any

from accounts.models import Player
from games import privacy
from games.stats import player_stats
from players.errors import PlayerNotFound
from ratings.selectors import player_ratings


def player_profile(player_id: int, viewer: Player | None = None) -> dict[str, Any]:
    """The contract's profile: id, name, ratings per variant, stats, recent games; plus
    ``guest`` and ``versus_computer`` (the record against each computer level). A private
    game counts, but ``viewer`` (None: anyone) sees it listed only if it played there: a
    rating's point after such a game keeps its value and names no game."""
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise PlayerNotFound(player_id)
    record = player_stats(player, viewer)
    return {
        "id": player.pk,
        "name": player.name,
        "guest": player.is_guest,
        "ratings": _ratings_seen_by(player_ratings(player.pk), viewer),
        "stats": record["stats"],
        "versus_computer": record["versus_computer"],
        "recent_games": record["recent_games"],
    }


def _ratings_seen_by(ratings: dict[str, dict[str, Any]], viewer: Player | None) -> dict[str, dict[str, Any]]:
    """The ratings with the game of each history point ``viewer`` may not see set to null."""
    ids = {point["game"] for rating in ratings.values() for point in rating["history"]}
    hidden = privacy.hidden_ids(ids, viewer)
    if not hidden:
        return ratings
    return {variant: {**rating, "history": [{**point, "game": None} if point["game"] in hidden else point
                                            for point in rating["history"]]}
            for variant, rating in ratings.items()}
