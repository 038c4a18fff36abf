"""Fire move clocks that are past their deadline and absences past their window.

Celery beat runs the same sweep (``games.timer_tasks.timers_sweep``) in the scaled mode. In the
embedded mode the clocks are threads of the server process, lost on a restart: ``make
run`` runs this once at start so overdue tables move at once, and the server's own
sweeper (``durak_platform.sweeps``) keeps running it.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.timers import timers_sweep


class Command(BaseCommand):
    help = "Fire overdue move timers and absences (what celery beat's timers sweep does)."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"fired {timers_sweep()} timer(s)")
