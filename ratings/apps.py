from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Рейтинги")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import game_finished

        game_finished.connect(_rate_game, dispatch_uid="ratings.rate_game")


def _rate_game(sender: Any, game_id: int, **kwargs: Any) -> None:
    from ratings.services import rating_update

    rating_update(game_id=game_id)
