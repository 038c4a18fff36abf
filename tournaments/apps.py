from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from games.signals import MoveCommitted

logger = logging.getLogger(__name__)


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Турниры и монеты")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import move_committed
        from live.lobby import featured
        from tournaments import tasks  # noqa: F401  (registers the tasks scheduled by name)

        move_committed.connect("finished", _on_game_finished, uid="tournaments.game_finished")
        # The lobby of games to watch shows tournament tables first.
        featured.connect("featured", _tournament_tables, uid="tournaments.tables")


def _tournament_tables(game_ids: list[int]) -> set[int]:
    from tournaments.models import Table

    return set(Table.objects.filter(game_id__in=game_ids).values_list("game_id", flat=True))


def _on_game_finished(move: MoveCommitted) -> None:
    from tournaments import arena_play, rounds

    if not arena_play.table_finished(game_id=move.game_id):
        rounds.table_finished(game_id=move.game_id)
