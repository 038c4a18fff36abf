"""One row per (account, Idempotency-Key): claimed before the request runs, then holding
its answer, so a retry replays the answer instead of doing the work again."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class KeptAnswer(models.Model):
    """A POST made with an ``Idempotency-Key``. ``status`` is null while the first request
    runs (the claim); then it and ``body`` are that request's answer."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    # SHA-256 of the method, path and canonical body: another body under one key is refused.
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField(null=True)
    body = models.BinaryField(default=b"")
    content_type = models.CharField(max_length=100, default="application/json")
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="kept_answer_one_per_key")]
        verbose_name = "kept answer"

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"
