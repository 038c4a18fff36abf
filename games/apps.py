from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Игры")

    def ready(self) -> None:
        from games import (
            signals,
            tasks,
            timer_tasks,  # noqa: F401  (registers the tasks games.clocks schedules by name)
            timers,
        )

        signals.move_committed.connect("computer_turn", tasks.computer_turn_hook, uid="games.computer_turn")
        # The move clocks start after the computer's turn is on its way.
        signals.move_committed.connect("timers", timers.timers_hook, uid="games.timers")
        # Timer tasks lost with a broker's data are fired by beat's "timers-sweep" (settings).
