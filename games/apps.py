from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Игры")

    def ready(self) -> None:
        from games import signals, tasks

        signals.move_committed.connect("computer_turn", tasks.computer_turn_hook, uid="games.computer_turn")
