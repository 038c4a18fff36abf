from __future__ import annotations

import logging
from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Турниры и монеты")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import game_finished
        from tournaments import tasks  # noqa: F401  (registers the tasks scheduled by name)

        game_finished.connect(_on_game_finished, dispatch_uid="tournaments.game_finished")
        # The lobby of games to watch shows tournament tables first.
        from live.lobby import featured_by

        if _tournament_tables not in featured_by:
            featured_by.append(_tournament_tables)


def _tournament_tables(game_ids: list[int]) -> set[int]:
    from tournaments.models import Table

    return set(Table.objects.filter(game_id__in=game_ids).values_list("game_id", flat=True))


def _on_game_finished(sender: Any, game_id: int, **kwargs: Any) -> None:
    from tournaments import rounds

    rounds.table_finished(game_id=game_id)
