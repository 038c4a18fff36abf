from __future__ import annotations

from django.apps import AppConfig


class RetriesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "retries"
    verbose_name = "Повторы запросов / Request retries"
