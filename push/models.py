"""Web Push: where to wake each player's phones and browsers, and the server's VAPID key."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class PushSubscription(models.Model):
    """A browser's or app's push subscription (RFC 8030 endpoint, RFC 8291 keys)."""

    player = models.ForeignKey(Player, verbose_name=_("игрок"), on_delete=models.CASCADE,
                               related_name="push_subscriptions")
    # The push service's resource: one of DURAK_PUSH_ORIGINS (``push.origins``). A secret:
    # whoever knows it can wake that device; never shown back.
    endpoint = models.URLField(_("адрес"), max_length=2048, unique=True)
    p256dh = models.CharField(_("ключ устройства"), max_length=128)
    auth = models.CharField(_("секрет устройства"), max_length=64)
    created_at = models.DateTimeField(_("создана"), auto_now_add=True)
    last_sent_at = models.DateTimeField(_("последняя отправка"), null=True, blank=True)

    class Meta:
        verbose_name = _("подписка на уведомления")
        verbose_name_plural = _("подписки на уведомления")


class VapidKey(models.Model):
    """The application server's VAPID key pair (RFC 8292): made once, on first need, and kept
    here so every process signs with the same key and subscriptions survive restarts."""

    # Always 1: there is one key.
    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    private_pem = models.TextField(_("закрытый ключ (PEM)"))
    # The uncompressed P-256 point, base64url without padding: what browsers subscribe with.
    public_key = models.CharField(_("открытый ключ"), max_length=128)
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)

    class Meta:
        verbose_name = _("ключ VAPID")
        verbose_name_plural = _("ключ VAPID")
