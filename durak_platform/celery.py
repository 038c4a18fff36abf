"""The Celery app. Tasks read their settings from Django's (``CELERY_`` prefix)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "durak_platform.settings.local")

app = Celery("durak_platform")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
