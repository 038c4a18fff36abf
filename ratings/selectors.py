"""Reads: a player's ratings with their history, and the leaderboard of a variant."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from ratings.models import Rating, RatingChange
from ratings.skill import PROVISIONAL_GAMES, PROVISIONAL_SIGMA, provisional
from ratings.variants import variant_checked


def player_ratings(player_id: int) -> dict[str, dict[str, Any]]:
    """``{variant: {"rating", "games", "provisional", "history"}}`` for every variant the
    player has a rating in; ``history`` is each rated game's rating after it, oldest
    first: ``[{"game", "at" (ISO 8601), "rating"}, ...]``. Two queries."""
    ratings = {r.variant: r for r in Rating.objects.filter(player_id=player_id)}
    history: dict[str, list[dict[str, Any]]] = {variant: [] for variant in ratings}
    changes = (RatingChange.objects.filter(player_id=player_id).order_by("id")
               .values_list("variant", "game_id", "created_at", "after"))
    for variant, game_id, at, after in changes:
        history.setdefault(variant, []).append({"game": game_id, "at": at.isoformat(), "rating": after})
    return {variant: {"rating": r.value, "games": r.games, "provisional": provisional(r.games, r.sigma),
                      "history": history[variant]}
            for variant, r in sorted(ratings.items())}


def leaderboard(variant: str = "podkidnoy", limit: int = 50) -> list[dict[str, Any]]:
    """The best of ``variant``, best first: established players by their rating, then the
    provisional ones (too few games, or too unsure: ``skill.provisional``) by theirs, so a
    lucky newcomer never tops the board. Each row: ``place``, ``player``, ``name``,
    ``rating``, ``games``, ``provisional``. One query per part."""
    variant = variant_checked(variant)
    rows = Rating.objects.select_related("player").filter(variant=variant, games__gt=0).order_by("-value", "player_id")
    settled = Q(games__gte=PROVISIONAL_GAMES, sigma__lte=PROVISIONAL_SIGMA)
    board = list(rows.filter(settled)[:limit])
    if len(board) < limit:
        board += rows.exclude(settled)[:limit - len(board)]
    return [{"place": place, "player": r.player_id, "name": r.player.name, "rating": r.value, "games": r.games,
             "provisional": provisional(r.games, r.sigma)}
            for place, r in enumerate(board, start=1)]
