"""A tournament's own clock: starting at ``starts_at``. Scheduled by name, like live play's
clocks (``games.clocks``), with the periodic sweep (``tournaments.tasks``) as the backstop
for a schedule lost with a restart or a broker."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games import clocks

STARTS_DUE = "tournaments.tasks.tournament_starts_due"


def start_at(tournament_id: int, when: datetime | None) -> None:
    """Check tournament ``tournament_id`` for its start at ``when``."""
    if when is None:
        return
    clocks.later(STARTS_DUE, (tournament_id,), max(0.0, (when - timezone.now()).total_seconds()))
