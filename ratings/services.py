"""Elo ratings for games between two people.

Only a game with exactly two seats, both people, played to its end is rated: computer
opponents have no honest rating to win points from, and a table of three or more has no
single opponent. A seat given up after the reconnect window loses, whatever the cards
said (as in tournament standings). ``rating_update`` runs from the game-finished signal
and is safe to run twice: the unique (game, player) change rows make the second a no-op.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.models import Game
from games.results import first_seat_score
from ratings.models import Rating, RatingChange

START = 1500
# New players move fast until their rating means something, then settle.
K_NEW, K_SETTLED, SETTLED_AFTER = 40, 20, 30


def expected(rating: int, other: int) -> float:
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


def k_factor(games: int) -> int:
    return K_NEW if games < SETTLED_AFTER else K_SETTLED


def new_ratings(first: int, second: int, first_score: float, first_games: int, second_games: int) -> tuple[int, int]:
    """Both ratings after a game in which the first player scored ``first_score``."""
    gain_first = k_factor(first_games) * (first_score - expected(first, second))
    gain_second = k_factor(second_games) * ((1 - first_score) - expected(second, first))
    return round(first + gain_first), round(second + gain_second)


def rating_update(*, game_id: int) -> bool:
    """Rate a finished game between two people; False when it is not rated (or was)."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None or not game.result:
        return False
    seats = list(game.seats.order_by("number"))
    if len(seats) != 2 or any(s.player_id is None or s.ai_level for s in seats):
        return False
    people = [s.player_id for s in seats if s.player_id is not None]
    score = first_seat_score(game.result)
    try:
        with transaction.atomic():
            ratings = [Rating.objects.select_for_update().get_or_create(player_id=pk)[0] for pk in people]
            first, second = ratings
            after = new_ratings(first.value, second.value, score, first.games, second.games)
            for rating, value, points in zip(ratings, after, (score, 1 - score), strict=True):
                RatingChange.objects.create(game=game, player_id=rating.player_id, before=rating.value,
                                            after=value, score=points)
                rating.value, rating.games = value, rating.games + 1
                rating.save(update_fields=["value", "games", "updated_at"])
    except IntegrityError:
        return False  # rated already
    return True
