"""Reads: a player's record over finished games (a profile's numbers).

What one finished game was for the player in a seat (``seat_outcome``):

- ``"left"``:  the seat was given up after the reconnect window (the result's
  ``forfeits``): a loss whatever the computer standing in for it did;
- ``"draw"``:  the game ended with nobody left holding cards;
- ``"durak"``: the seat lost: the durak, or one of a losing team;
- ``"win"``:   anything else: the seat went out and was not the durak (at two seats the
  other one; at a bigger table everyone but the durak wins).

Every count is over finished games in which the player held a seat; a game still in
play, waiting or expired never appears. The counts are made in Python over three
narrow queries (the player's finished seats, the computer seats of those games, and the
seats of the recent ones), never one query per game.

A private game (a challenge's) counts in every number, but only its players see it
listed among the recent games or in the archive (``games.privacy``): what a viewer
other than the player asks is filtered by ``viewer``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from accounts.models import Player
from core import pages
from games import privacy
from games.engine.ai import LEVELS
from games.models import Game, Seat

OUTCOMES = ("win", "durak", "draw", "left")
# The key each outcome is counted under in the contract's "stats".
COUNTED_AS = {"win": "wins", "durak": "durak", "draw": "draws", "left": "left"}
RECENT_LIMIT = 20


def seat_outcome(result: dict[str, Any] | None, seat: int) -> str:
    """``"win"``, ``"durak"``, ``"draw"`` or ``"left"`` for ``seat`` in a finished game's result."""
    result = result or {}
    if seat in (result.get("forfeits") or ()):
        return "left"
    if result.get("draw"):
        return "draw"
    if seat in (result.get("losers") or ()) or result.get("durak") == seat:
        return "durak"
    return "win"


def empty_record() -> dict[str, int]:
    return {"games": 0, "wins": 0, "durak": 0, "draws": 0, "left": 0}


def _count(record: dict[str, int], outcome: str) -> None:
    record["games"] += 1
    record[COUNTED_AS[outcome]] += 1


def player_stats(player: Player, viewer: Player | None = None, recent: int = RECENT_LIMIT) -> dict[str, Any]:
    """``{"stats", "versus_computer", "recent_games"}`` of ``player``'s finished games.

    ``stats``: games, wins, durak, draws, left (games = the sum of the other four).
    ``versus_computer``: per computer level that sat at a table with the player, the same
    counts over those games (a game with two levels counts for each), levels in the
    order of ``games.engine.ai.LEVELS``. ``recent_games``: the last ``recent`` finished
    games, newest first, each with its seats (names; a person's player id) and what it
    was for this player, and the replay's address; ``viewer`` (None: anyone) sees only
    the games it may see there, every game in the counts."""
    finished = Seat.objects.filter(player=player, game__status=Game.Status.FINISHED)
    # Newest first, so the recent games are the first rows; their times are read with them below.
    rows = list(finished.order_by("-game__finished_at", "-game_id")
                .values_list("game_id", "number", "game__result", "game__private"))
    mine = [(game_id, number, result) for game_id, number, result, _ in rows]
    hidden = privacy.hidden_ids([row[0] for row in rows if row[3]], viewer)  # no query without a private game
    outcome_of = {game_id: seat_outcome(result, number) for game_id, number, result in mine}
    stats = empty_record()
    for outcome in outcome_of.values():
        _count(stats, outcome)

    versus: dict[str, dict[str, int]] = defaultdict(empty_record)
    if outcome_of:
        levels_at: dict[int, set[str]] = defaultdict(set)
        # A join on the player's finished seats, not a list of every game id in the query.
        computer_seats = (Seat.objects.filter(game__in=finished.values("game_id")).exclude(ai_level="")
                          .order_by().values_list("game_id", "ai_level"))  # any order: no sort
        for game_id, level in computer_seats:
            levels_at[game_id].add(level)
        for game_id, levels in levels_at.items():
            for level in levels:
                _count(versus[level], outcome_of[game_id])

    listed = [row for row in mine if row[0] not in hidden]
    return {"stats": stats, "versus_computer": _by_level(versus), "recent_games": _recent(listed, outcome_of, recent)}


def archive_page(player_id: int, query: dict[str, Any],
                 viewer: Player | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """One page of a player's finished games that ``viewer`` may see (None: anyone),
    newest first, as ``recent_games`` shows them (``core.pages``: ``?cursor=``, ``?limit=``)."""
    finished = Seat.objects.filter(player_id=player_id, game__status=Game.Status.FINISHED)
    seats = privacy.seats_visible_to(finished, viewer).select_related("game")
    found = pages.page(seats, scope=f"archive:{player_id}", order=["game__finished_at", "game_id"], query=query)
    mine = [(seat.game_id, seat.number, seat.game.result) for seat in found.items]
    outcome_of = {game_id: seat_outcome(result, number) for game_id, number, result in mine}
    return _recent(mine, outcome_of, len(mine)), found.next


def _by_level(versus: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    order = {level: i for i, level in enumerate(LEVELS)}
    return [{"level": level, **versus[level]} for level in sorted(versus, key=lambda lv: (order.get(lv, 99), lv))]


def _recent(mine: list[tuple[Any, ...]], outcome_of: dict[int, str], limit: int) -> list[dict[str, Any]]:
    newest = mine[:limit]
    if not newest:
        return []
    ids = [row[0] for row in newest]
    seats: dict[int, list[dict[str, Any]]] = defaultdict(list)
    games: dict[int, Game] = {}
    for seat in Seat.objects.filter(game_id__in=ids).select_related("player", "game").order_by("game_id", "number"):
        games[seat.game_id] = seat.game
        entry: dict[str, Any] = {"seat": seat.number, "name": seat.name, "kind": seat.kind}
        if seat.ai_level:
            entry["ai"] = seat.ai_level
        if seat.player_id is not None:
            entry["player"] = seat.player_id
        seats[seat.game_id].append(entry)
    rows = []
    for game_id, number, _ in newest:
        game = games[game_id]
        rules = game.rules or {}
        rows.append({
            "game": game_id,
            "finished_at": game.finished_at.isoformat() if game.finished_at else None,
            "result": outcome_of[game_id],
            "seat": number,
            "variant": rules.get("variant", "podkidnoy"),
            "players": rules.get("players", 2),
            "deck": rules.get("deck", 36),
            "seats": seats[game_id],
            "replay": f"/games/{game_id}/replay/",
        })
    return rows
