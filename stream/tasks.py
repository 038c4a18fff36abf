"""Celery: the retention sweep (``DURAK_STREAM_KEEP_DAYS``)."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from stream import store


@shared_task(name="stream.tasks.stream_prune")
def stream_prune() -> int:
    return store.prune(timezone.now() - timedelta(days=settings.DURAK_STREAM_KEEP_DAYS))
