"""The account stream listens to the apps below it (games, tournaments, challenges) and
keeps one ordered list per player; see ``stream.listeners``. Its retention sweep is in the
settings' beat schedule."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StreamConfig(AppConfig):
    name = "stream"
    verbose_name = _("Лента событий игрока")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from stream import (
            listeners,
            tasks,  # noqa: F401  (registers the retention sweep)
        )

        listeners.connect()
