"""Rate every stored finished game not rated yet, in the order the games finished.

After ``ratings.0003`` (openskill replaced Elo: a reset) this rates the stored games again
under the new rules; run at any time it only rates what the game-finished signal missed
(each game is rated at most once). ``--reset`` first forgets every rating and rates the
whole history again, for a change of the rating rules themselves.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from games.models import Game
from ratings.models import Rating, RatingChange
from ratings.services import rating_update


class Command(BaseCommand):
    help = "Rate the stored finished games that are not rated yet, oldest first (--reset: all of them again)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--reset", action="store_true", help="forget every rating first")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["reset"]:
            with transaction.atomic():
                RatingChange.objects.all().delete()
                Rating.objects.all().delete()
        games = (Game.objects.filter(status=Game.Status.FINISHED, rated=True, rating_changes__isnull=True)
                 .order_by("finished_at", "id").values_list("pk", flat=True))
        rated = sum(rating_update(game_id=pk) for pk in games.iterator())
        self.stdout.write(f"rated {rated} game(s)")
