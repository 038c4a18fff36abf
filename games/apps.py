from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Игры"

    def ready(self) -> None:
        from games import signals, tasks

        signals.move_committed.connect("computer_turn", tasks.computer_turn_hook, uid="games.computer_turn")
