"""Re-enqueue computer turns of games that have been still for a while.

Celery beat runs the same sweep (``games.tasks.ai_turns_sweep``) in the scaled mode. The
embedded mode has no beat: ``make run`` runs this once at start, so a game whose
computer turn was cut off by a restart carries on.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from games.computer import games_stalled
from games.tasks import enqueue_ai_turn


class Command(BaseCommand):
    help = "Re-enqueue stalled computer turns (what celery beat's sweep does)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--older-than", type=float, default=None,
                            help="seconds without an event (default: DURAK_AI_STALLED_AFTER)")

    def handle(self, *args: Any, **options: Any) -> None:
        older_than = options["older_than"]
        stalled = games_stalled(settings.DURAK_AI_STALLED_AFTER if older_than is None else older_than)
        for game in stalled:
            enqueue_ai_turn(game.pk, game.seq)
        self.stdout.write(f"re-enqueued {len(stalled)} computer turn(s)")
