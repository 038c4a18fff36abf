from __future__ import annotations

from django.db import models


class Ping(models.Model):
    """One row per ceiling request: the cheapest write an authenticated API call can do."""

    user_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    # Spelled out: the type checker runs under the test settings, which do not install this app.
    objects: models.Manager[Ping] = models.Manager()
