"""Celery: the sweep that closes challenges past their time."""

from __future__ import annotations

from celery import shared_task

from challenges import services


@shared_task(name="challenges.tasks.challenges_expire")
def challenges_expire() -> int:
    return services.challenges_expire()
