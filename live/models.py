"""Live-table state that is not game history: seats left empty.

It does not belong in the event log: the log says what was played, this says who walked
away from the table. (How the table is run, its timer and delays, is the game's own:
``games.options``.)
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class SeatAbsence(models.Model):
    """A person's seat the computer plays for since their move timer ran out.

    Open while ``returned_at`` and ``forfeited_at`` are both null. The player takes the
    seat back by acting or reconnecting within the window; after it, the seat is forfeit:
    the computer finishes the game for it and the result counts it as a loss.
    """

    game = models.ForeignKey(Game, verbose_name=_("партия"), on_delete=models.CASCADE, related_name="absences")
    seat = models.PositiveSmallIntegerField(_("место"))
    away_since = models.DateTimeField(_("отошёл"))
    returned_at = models.DateTimeField(_("вернулся"), null=True, blank=True)
    forfeited_at = models.DateTimeField(_("засчитано поражение"), null=True, blank=True)

    class Meta:
        ordering = ["game_id", "seat", "-away_since"]
        constraints = [
            # At most one open absence per seat: a second timeout extends the first.
            models.UniqueConstraint(
                fields=["game", "seat"],
                condition=models.Q(returned_at__isnull=True),
                name="absence_one_open_per_seat",
            ),
        ]
        verbose_name = _("отсутствие")
        verbose_name_plural = _("отсутствия")

    def __str__(self) -> str:
        return f"seat {self.seat} of game {self.game_id} away since {self.away_since:%H:%M:%S}"

    @property
    def forfeited(self) -> bool:
        return self.forfeited_at is not None


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
