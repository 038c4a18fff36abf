"""The lobby of games to watch: live games (tournament tables first, then by how many
watch them) with their spectator counts, and recently finished games with their replays.

Spectators are counted by their open sockets (``Spectator`` rows: one per socket that
holds no seat, made on connect and deleted on disconnect). Which games are tournament
tables is the tournaments app's to say: live cannot import it, so it connects a hook
here in its ``ready()`` (``featured``, a ``core.hooks.Hooks``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from django.db.models import Count

from core.hooks import Hooks
from games import privacy
from games.models import Game
from games.selectors import game_summary
from live.models import Spectator

# Hooks from game ids to the ids of featured games among them (tournament tables).
featured: Hooks[list[int], set[int]] = Hooks("featured")

LIVE_LIMIT = 50
FINISHED_LIMIT = 20


def spectator_arrived(game_id: int) -> str:
    """A spectator's socket opened: its key, to be given back when it closes."""
    key = uuid.uuid4().hex
    Spectator.objects.create(game_id=game_id, socket=key)
    return key


def spectator_left(key: str) -> None:
    Spectator.objects.filter(socket=key).delete()


def spectator_counts(game_ids: Iterable[int]) -> dict[int, int]:
    rows = Spectator.objects.filter(game_id__in=list(game_ids)).values("game_id").annotate(n=Count("id"))
    return {row["game_id"]: row["n"] for row in rows}


def _featured(ids: list[int]) -> set[int]:
    found: set[int] = set()
    for find in featured.all():
        found |= find(ids)
    return found


def lobby() -> dict[str, Any]:
    """``{"live": [...], "finished": [...]}``: each a game's summary (as the games list
    has it, seen by nobody in particular) with ``spectators`` and ``tournament``; live
    games ordered tournament tables first, then by spectators, then the newest."""
    # Seen by nobody in particular: no private game, not even to its own players.
    base = privacy.games_visible_to(Game.objects.all(), None).prefetch_related("seats__player")
    live = list(base.filter(status=Game.Status.ACTIVE).order_by("-id")[:LIVE_LIMIT * 4])
    finished = list(base.filter(status=Game.Status.FINISHED).order_by("-finished_at", "-id")[:FINISHED_LIMIT])
    ids = [game.pk for game in live + finished]
    counts, featured = spectator_counts(ids), _featured(ids)

    def entry(game: Game) -> dict[str, Any]:
        return {**game_summary(game, None), "spectators": counts.get(game.pk, 0), "tournament": game.pk in featured,
                "finished_at": game.finished_at.isoformat() if game.finished_at else None}

    live.sort(key=lambda game: (game.pk not in featured, -counts.get(game.pk, 0), -game.pk))
    return {"live": [entry(game) for game in live[:LIVE_LIMIT]],
            "finished": [{**entry(game), "replay": f"/games/{game.pk}/replay/"} for game in finished]}
