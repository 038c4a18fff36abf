"""Who may see a game at all: the one rule every list and every read by id goes through.

A private game (``Game.private``: a challenge's) belongs to its players. Anyone else,
signed in or not, finds it in no list (lobby, watch list, a profile's recent games, a
player's archive, a rating's history) and gets a 404 for it by id (its view, events,
replay, socket), as if it did not exist: a 403 would tell that it does. What stays
public is what it did to numbers: a profile's counts and a rating include it, only
the game's identity is left out.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Exists, OuterRef, Q, QuerySet

from accounts.models import Player
from games.models import Game, Seat


def visible_q(viewer: Player | None, game: str = "") -> Q:
    """A filter for rows ``viewer`` may see: ``game`` is the path to the game from the
    rows filtered ("" for games, "game__" for seats). A subquery, not a join on seats,
    so no row comes twice."""
    public = Q(**{f"{game}private": False})
    if viewer is None:
        return public
    outer = game.removesuffix("__") + "_id" if game else "pk"  # "game__" -> the seat's game_id
    seated = Exists(Seat.objects.filter(game_id=OuterRef(outer), player_id=viewer.pk))
    return public | Q(seated)


def games_visible_to(games: QuerySet[Game], viewer: Player | None) -> QuerySet[Game]:
    return games.filter(visible_q(viewer))


def seats_visible_to(seats: QuerySet[Seat], viewer: Player | None) -> QuerySet[Seat]:
    """Seats (of anyone) in games ``viewer`` may see: a player's archive, seen by another."""
    return seats.filter(visible_q(viewer, game="game__"))


def hidden_ids(game_ids: Iterable[int], viewer: Player | None) -> set[int]:
    """Those of ``game_ids`` that ``viewer`` may not see (two queries at most; none for
    an empty list), for lists built from ids kept elsewhere (a rating's history)."""
    ids = set(game_ids)
    if not ids:
        return set()
    private = set(Game.objects.filter(pk__in=ids, private=True).values_list("pk", flat=True))
    if not private or viewer is None:
        return private
    theirs = set(Seat.objects.filter(game_id__in=private, player_id=viewer.pk).values_list("game_id", flat=True))
    return private - theirs


def is_visible_to(game: Game, viewer: Player | None, seats: Iterable[Seat] | None = None) -> bool:
    """Whether ``viewer`` may see ``game`` by its id: no query when its ``seats`` are
    given (a read that loaded them anyway), one for a private game otherwise."""
    if not game.private:
        return True
    if viewer is None:
        return False
    if seats is not None:
        return any(seat.player_id == viewer.pk for seat in seats)
    return Seat.objects.filter(game_id=game.pk, player_id=viewer.pk).exists()
