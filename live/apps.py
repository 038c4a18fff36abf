import os

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = _("Игра вживую")

    def ready(self) -> None:
        from durak_platform.celery import app
        from games.signals import move_committed
        from live import (
            broadcast,
            services,
            tasks,  # noqa: F401  (registers the tasks live.clocks schedules by name)
        )

        # Live viewers hear of each move first; the move clocks start after the computer's
        # turn is on its way (the stage order is games.signals').
        move_committed.connect("announce", broadcast.announce_hook, uid="live.announce")
        move_committed.connect("timers", services.timers_hook, uid="live.timers")
        # Timer tasks lost with a broker's data are fired by this sweep (beat runs it).
        app.conf.beat_schedule = {
            **app.conf.beat_schedule,
            "live-timers-sweep": {
                "task": "live.tasks.timers_sweep",
                "schedule": float(os.environ.get("DURAK_LIVE_SWEEP_EVERY", "10")),
            },
        }
