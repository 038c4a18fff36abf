from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Игроки"

    def ready(self) -> None:
        from games.signals import game_finished

        game_finished.connect(_rate_game, dispatch_uid="accounts.rate_game")


def _rate_game(sender: Any, game_id: int, **kwargs: Any) -> None:
    from accounts.ratings import rating_update

    rating_update(game_id=game_id)
