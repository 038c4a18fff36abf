"""A player's rating and the audit trail of every rated game's change to it."""

from __future__ import annotations

from django.db import models

from accounts.models import Player


class Rating(models.Model):
    """A player's Elo rating from rated games: two people, one table, played to the end."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, primary_key=True, related_name="rating")
    value = models.IntegerField(default=1500)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-value"]
        verbose_name = "рейтинг"
        verbose_name_plural = "рейтинги"

    def __str__(self) -> str:
        return f"{self.player}: {self.value}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the audit trail, and the reason a
    game is never rated twice (unique per game and player)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    before = models.IntegerField()
    after = models.IntegerField()
    score = models.FloatField(help_text="1 a win, 0.5 a draw, 0 a loss.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_once_per_game")]
        verbose_name = "изменение рейтинга"
        verbose_name_plural = "изменения рейтинга"

    def __str__(self) -> str:
        return f"{self.player} in game {self.game_id}: {self.before} → {self.after}"
