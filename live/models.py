"""Live-table state that is not game history: per-table options and seats left empty.

Neither belongs in the event log: the log says what was played, these say how the table
is run (a move timer, a delay for spectators) and who walked away from it.
"""

from __future__ import annotations

from django.db import models

from games.models import Game


class TableSettings(models.Model):
    """Options given when the game was created; a game without a row has none of them."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="live_settings")
    # Seconds a person has for each move; null: no timer (they may think forever).
    move_timer = models.PositiveIntegerField(null=True, blank=True)
    # Seconds a seat taken over by the computer stays the player's to take back.
    reconnect_window = models.PositiveIntegerField(default=60)
    # Spectators see the game as it stood this many actions ago (tournament tables).
    spectator_delay = models.PositiveSmallIntegerField(default=0)
    # Whether the hint button may ask a computer for a move (off at tournament tables).
    hints = models.BooleanField(default=True)

    class Meta:
        verbose_name = "настройки стола"
        verbose_name_plural = "настройки столов"

    def __str__(self) -> str:
        return f"table settings of game {self.game_id}"


class SeatAbsence(models.Model):
    """A person's seat the computer plays for since their move timer ran out.

    Open while ``returned_at`` and ``forfeited_at`` are both null. The player takes the
    seat back by acting or reconnecting within the window; after it, the seat is forfeit:
    the computer finishes the game for it and the result counts it as a loss.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="absences")
    seat = models.PositiveSmallIntegerField()
    away_since = models.DateTimeField()
    returned_at = models.DateTimeField(null=True, blank=True)
    forfeited_at = models.DateTimeField(null=True, blank=True)

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
        verbose_name = "отсутствие"
        verbose_name_plural = "отсутствия"

    def __str__(self) -> str:
        return f"seat {self.seat} of game {self.game_id} away since {self.away_since:%H:%M:%S}"

    @property
    def forfeited(self) -> bool:
        return self.forfeited_at is not None
