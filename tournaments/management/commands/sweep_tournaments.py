"""Move tournaments on whose clock or signal was lost: start (or cancel) those past their
``starts_at``, close rounds whose games are all over.

Celery beat runs the same sweep (``tournaments.tasks.tournaments_advance_sweep``) in the
scaled mode. The embedded mode has no beat and keeps its timers in the process: ``make run``
runs this at start, so a tournament whose start a restart forgot still starts.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.tasks import tournaments_advance_sweep


class Command(BaseCommand):
    help = "Start tournaments past their starts_at and close finished rounds (what celery beat's sweep does)."

    def handle(self, *args: Any, **options: Any) -> None:
        moved = tournaments_advance_sweep()
        self.stdout.write(f"moved {moved} tournament(s) on")
