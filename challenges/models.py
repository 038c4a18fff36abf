"""A challenge: one player asks another (or anyone with the link) to a private game."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from games.models import Game


class Challenge(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("ждёт ответа")
        ACCEPTED = "accepted", _("принят")
        DECLINED = "declined", _("отклонён")
        CANCELLED = "cancelled", _("отменён")
        EXPIRED = "expired", _("истёк")

    challenger = models.ForeignKey(Player, verbose_name=_("кто вызывает"), on_delete=models.CASCADE,
                                   related_name="challenges_made")
    # Null: anyone with the link may accept.
    challenged = models.ForeignKey(Player, verbose_name=_("кого вызывают"), null=True, blank=True,
                                   on_delete=models.CASCADE, related_name="challenges_received")
    # The engine's rules (``Rules.to_dict()``) and the table's options (``games.options``).
    rules = models.JSONField(_("правила"))
    options = models.JSONField(_("настройки стола"), default=dict)
    status = models.CharField(_("статус"), max_length=16, choices=Status.choices, default=Status.PENDING,
                              db_index=True)
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)
    expires_at = models.DateTimeField(_("истекает"), db_index=True)
    closed_at = models.DateTimeField(_("закрыт"), null=True, blank=True)
    # The finished game this one asks to play again, if any.
    rematch_of = models.ForeignKey(Game, verbose_name=_("реванш за"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="rematches")
    game = models.OneToOneField(Game, verbose_name=_("партия"), null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="challenge")

    class Meta:
        ordering = ["-id"]
        verbose_name = _("вызов")
        verbose_name_plural = _("вызовы")

    def __str__(self) -> str:
        return f"#{self.pk} {self.challenger_id} → {self.challenged_id or '*'} ({self.status})"
