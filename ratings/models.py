"""Each player's rating per variant, and the audit trail of every rated game's change to it.

A rating is an openskill Plackett–Luce estimate of skill: ``mu`` (the estimate) and
``sigma`` (how unsure it is). ``value`` is the number people see, derived from both
(``ratings.skill.displayed``) and stored so the leaderboard can sort and index it.
"""

from __future__ import annotations

from django.db import models

from accounts.models import Player


class Rating(models.Model):
    """A player's rating in one variant (podkidnoy and perevodnoy are different games)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=16)
    mu = models.FloatField()
    sigma = models.FloatField()
    value = models.IntegerField(help_text="The displayed rating: 1000 + 25 × (mu − 3 sigma), rounded.")
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["variant", "-value"]
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="rating_one_per_variant")]
        indexes = [models.Index(fields=["variant", "-value"], name="rating_board")]
        verbose_name = "рейтинг"
        verbose_name_plural = "рейтинги"

    def __str__(self) -> str:
        return f"{self.player} ({self.variant}): {self.value}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the audit trail, the history a
    profile draws, and the reason a game is never rated twice (unique per game and player)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    variant = models.CharField(max_length=16)
    rank = models.PositiveSmallIntegerField(help_text="The player's (or team's) place at the table: 1 the best; "
                                                      "tied seats share one.")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    before = models.IntegerField(help_text="The displayed rating before the game.")
    after = models.IntegerField(help_text="The displayed rating after the game.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_once_per_game")]
        indexes = [models.Index(fields=["player", "variant", "id"], name="rating_change_history")]
        verbose_name = "изменение рейтинга"
        verbose_name_plural = "изменения рейтинга"

    def __str__(self) -> str:
        return f"{self.player} in game {self.game_id}: {self.before} → {self.after}"
