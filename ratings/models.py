"""A player's rating and the audit trail of every rated game's change to it."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class Rating(models.Model):
    """A player's Elo rating from rated games: two people, one table, played to the end."""

    player = models.OneToOneField(Player, verbose_name=_("игрок"), on_delete=models.CASCADE, primary_key=True, related_name="rating")
    value = models.IntegerField(_("рейтинг"), default=1500)
    games = models.PositiveIntegerField(_("партий"), default=0)
    updated_at = models.DateTimeField(_("обновлён"), auto_now=True)

    class Meta:
        ordering = ["-value"]
        verbose_name = _("рейтинг")
        verbose_name_plural = _("рейтинги")

    def __str__(self) -> str:
        return f"{self.player}: {self.value}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the audit trail, and the reason a
    game is never rated twice (unique per game and player)."""

    game = models.ForeignKey("games.Game", verbose_name=_("партия"), on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, verbose_name=_("игрок"), on_delete=models.CASCADE, related_name="rating_changes")
    before = models.IntegerField(_("было"))
    after = models.IntegerField(_("стало"))
    score = models.FloatField(_("очки за партию"), help_text=_("1 — победа, 0,5 — ничья, 0 — поражение."))
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_once_per_game")]
        verbose_name = _("изменение рейтинга")
        verbose_name_plural = _("изменения рейтинга")

    def __str__(self) -> str:
        return gettext("%(player)s, партия №%(game)s: %(before)s → %(after)s") % {"player": self.player, "game": self.game_id, "before": self.before, "after": self.after}
