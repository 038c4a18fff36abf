from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = _("Игра вживую")

    def ready(self) -> None:
        from games.signals import move_committed
        from live import broadcast

        # Live viewers hear of each move first (the stage order is games.signals').
        move_committed.connect("announce", broadcast.announce_hook, uid="live.announce")
