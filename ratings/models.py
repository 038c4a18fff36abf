"""Each player's rating per variant, and the audit trail of every rated game's change to it.

A rating is an openskill Plackett–Luce estimate of skill: ``mu`` (the estimate) and
``sigma`` (how unsure it is). ``value`` is the number people see, derived from both
(``ratings.skill.displayed``) and stored so the leaderboard can sort and index it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class Rating(models.Model):
    """A player's rating in one variant (podkidnoy and perevodnoy are different games)."""

    player = models.ForeignKey(Player, verbose_name=_("игрок"), on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(_("вариант"), max_length=16)
    mu = models.FloatField("mu")
    sigma = models.FloatField("sigma")
    value = models.IntegerField(_("рейтинг"), help_text=_("Показываемый рейтинг: 1000 + 25 × (mu − 3 sigma), с округлением."))
    games = models.PositiveIntegerField(_("партий"), default=0)
    updated_at = models.DateTimeField(_("обновлён"), auto_now=True)

    class Meta:
        ordering = ["variant", "-value"]
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="rating_one_per_variant")]
        indexes = [models.Index(fields=["variant", "-value"], name="rating_board")]
        verbose_name = _("рейтинг")
        verbose_name_plural = _("рейтинги")

    def __str__(self) -> str:
        return f"{self.player} ({self.variant}): {self.value}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the audit trail, the history a
    profile draws, and the reason a game is never rated twice (unique per game and player)."""

    game = models.ForeignKey("games.Game", verbose_name=_("партия"), on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, verbose_name=_("игрок"), on_delete=models.CASCADE, related_name="rating_changes")
    variant = models.CharField(_("вариант"), max_length=16)
    rank = models.PositiveSmallIntegerField(_("место"), help_text=_("Место игрока (или команды) за столом: 1 — лучшее; "
                                                                   "у сидевших вровень место одно."))
    mu_before = models.FloatField(_("mu до"))
    sigma_before = models.FloatField(_("sigma до"))
    mu_after = models.FloatField(_("mu после"))
    sigma_after = models.FloatField(_("sigma после"))
    before = models.IntegerField(_("было"), help_text=_("Показываемый рейтинг до партии."))
    after = models.IntegerField(_("стало"), help_text=_("Показываемый рейтинг после партии."))
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_once_per_game")]
        indexes = [models.Index(fields=["player", "variant", "id"], name="rating_change_history")]
        verbose_name = _("изменение рейтинга")
        verbose_name_plural = _("изменения рейтинга")

    def __str__(self) -> str:
        return gettext("%(player)s, партия №%(game)s: %(before)s → %(after)s") % {"player": self.player, "game": self.game_id, "before": self.before, "after": self.after}
