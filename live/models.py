"""Who watches a live table now (the lobby's spectator counts). Seats left empty are the
game's own (``games.models.SeatAbsence``)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Spectator(models.Model):
    """A socket watching a game without a seat, while it is open: the lobby's count of
    spectators at each table. Made on connect, deleted on disconnect (``live.lobby``)."""

    game = models.ForeignKey(Game, verbose_name=_("партия"), on_delete=models.CASCADE, related_name="spectators")
    socket = models.CharField(_("соединение"), max_length=32, unique=True)
    since = models.DateTimeField(_("смотрит с"), auto_now_add=True)

    class Meta:
        verbose_name = _("зритель")
        verbose_name_plural = _("зрители")

    def __str__(self) -> str:
        return f"a spectator of game {self.game_id}"
