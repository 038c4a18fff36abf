from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from games.signals import MoveCommitted


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Рейтинги")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import move_committed

        move_committed.connect("rate", _rate_game, uid="ratings.rate_game")


def _rate_game(move: MoveCommitted) -> None:
    from ratings.services import rating_update

    rating_update(game_id=move.game_id)
