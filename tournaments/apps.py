from __future__ import annotations

import logging
from typing import Any

from django.apps import AppConfig

logger = logging.getLogger(__name__)


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "турниры"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import game_finished
        from tournaments import tasks  # noqa: F401  (registers the tasks scheduled by name)

        game_finished.connect(_on_game_finished, dispatch_uid="tournaments.game_finished")


def _on_game_finished(sender: Any, game_id: int, **kwargs: Any) -> None:
    from tournaments import rounds

    rounds.table_finished(game_id=game_id)
