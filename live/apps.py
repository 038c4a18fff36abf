import os

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = "Игра вживую"

    def ready(self) -> None:
        from durak_platform.celery import app

        # Timer tasks lost with a broker's data are fired by this sweep (beat runs it).
        app.conf.beat_schedule = {
            **app.conf.beat_schedule,
            "live-timers-sweep": {
                "task": "live.tasks.timers_sweep",
                "schedule": float(os.environ.get("DURAK_LIVE_SWEEP_EVERY", "10")),
            },
        }
