"""Writes: rate a finished game (openskill's Plackett–Luce model, per variant).

Only a finished game whose every seat is a registered person is rated, and only if its
table was rated (``Game.rated``: declared at creation, never with a computer opponent
nor with hints) — a computer has no honest skill to win points from, a guest is one
browser's throwaway account, and a hint is a computer's move. A person who left and was
given up (a computer finished for them) is still rated: last.

``rating_update`` runs from the game-finished signal and is safe to run twice, even at
once: the players' rating rows are locked in id order, and the unique (game, player)
change rows make the second run a no-op.
"""

from __future__ import annotations

import logging

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Game, Seat
from games.selectors import out_together
from ratings.models import Rating, RatingChange
from ratings.skill import MU, SIGMA, Skill, displayed, rate
from ratings.standing import Standing, standing_of

logger = logging.getLogger(__name__)


def rated_seats(game: Game) -> list[Seat] | None:
    """The game's seats (in seat order) if it is to be rated, else None."""
    if game.status != Game.Status.FINISHED or not game.result or not game.rated or game.hints:
        return None
    seats = list(game.seats.select_related("player").order_by("number"))
    if len(seats) < 2 or any(s.ai_level or s.player is None or s.player.is_guest for s in seats):
        return None
    return seats


def _standing(game: Game, seats: list[Seat]) -> Standing:
    teams = bool(game.rules.get("teams"))
    # No events at all (a row written whole, as an import would): the result alone decides.
    together = None if teams else out_together(game.pk) or None
    return standing_of(len(seats), game.result or {}, teams=teams, together=together)


def rating_update(*, game_id: int) -> bool:
    """Rate a finished game; False when it is not rated (or was already)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or RatingChange.objects.filter(game_id=game_id).exists():
        return False
    seats = rated_seats(game)
    if seats is None:
        return False
    try:
        standing = _standing(game, seats)
    except ValueError:
        logger.exception("game %s: its result does not rank its seats; not rated", game_id)
        return False
    variant = str(game.rules.get("variant", "podkidnoy"))
    people = [seat.player_id for seat in seats if seat.player_id is not None]
    try:
        with transaction.atomic():
            return _rate(game, variant, people, standing)
    except IntegrityError:
        return False  # rated at the same moment by another run


def _rate(game: Game, variant: str, people: list[int], standing: Standing) -> bool:
    Rating.objects.bulk_create(
        [Rating(player_id=p, variant=variant, mu=MU, sigma=SIGMA, value=displayed(MU, SIGMA)) for p in people],
        ignore_conflicts=True)
    # In player order, so two games rated at once that share players never deadlock.
    ratings = {r.player_id: r for r in Rating.objects.select_for_update().filter(
        player_id__in=people, variant=variant).order_by("player_id")}
    if RatingChange.objects.filter(game_id=game.pk).exists():
        return False  # rated while this run waited for the lock
    before = [[Skill(ratings[people[s]].mu, ratings[people[s]].sigma) for s in team] for team in standing.teams]
    after = rate(before, standing.ranks)
    changes, now = [], timezone.now()
    for team, old_team, new_team, rank in zip(standing.teams, before, after, standing.ranks, strict=True):
        for seat, old, new in zip(team, old_team, new_team, strict=True):
            rating = ratings[people[seat]]
            changes.append(RatingChange(game=game, player_id=rating.player_id, variant=variant, rank=rank,
                                        mu_before=old.mu, sigma_before=old.sigma, mu_after=new.mu,
                                        sigma_after=new.sigma, before=old.value, after=new.value))
            rating.mu, rating.sigma, rating.value, rating.games = new.mu, new.sigma, new.value, rating.games + 1
            rating.updated_at = now
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_update(ratings.values(), ["mu", "sigma", "value", "games", "updated_at"])
    return True
