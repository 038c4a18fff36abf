"""Challenges: a private game of two, asked for and answered. Its expiry sweep is in the
settings' beat schedule."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengesConfig(AppConfig):
    name = "challenges"
    verbose_name = _("Вызовы")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from challenges import tasks  # noqa: F401  (registers the sweep)
