from __future__ import annotations

from celery import shared_task

from retries.middleware import kept_answers_forget


@shared_task(ignore_result=True)
def kept_answers_sweep() -> int:
    """Delete the kept answers past ``DURAK_IDEMPOTENCY_TTL`` (the beat's hourly entry)."""
    return kept_answers_forget()
