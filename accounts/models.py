"""A ``Player`` is the game's face of a Django user: a name at the table, guest or not."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.names import NAME_KEY_MAX, NAME_MAX

# A device's name as the app gives it (longer ones are cut).
DEVICE_NAME_MAX = 64


class Player(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, verbose_name=_("пользователь"), on_delete=models.CASCADE, related_name="player")
    name = models.CharField(_("имя"), max_length=NAME_MAX)
    # The name's look-alike skeleton (accounts.names.name_key; a guest's: "#guest-<random>"):
    # the unique constraint that keeps «Иван» and «ИВАН» one name, even when two sign-ups race.
    name_key = models.CharField(_("ключ имени"), max_length=NAME_KEY_MAX, unique=True)
    # A guest has no password: the token in one browser's storage is the whole account.
    is_guest = models.BooleanField(_("гость"), default=False, db_index=True)
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)
    # Where the account was made from (accounts.network.client_ip): the admin's report of
    # accounts made in bursts from one address reads it.
    created_ip = models.GenericIPAddressField(_("адрес при создании"), null=True, blank=True, db_index=True)
    # The secret server seed of the next game this player creates (a fair deal: its
    # SHA-256 is shown beforehand as "next_commitment"); made when first needed, replaced
    # when a game takes it. Never shown itself, nor in the admin.
    deal_seed = models.CharField(_("ключ следующей раздачи"), max_length=64, blank=True, default="")
    # When the account was deleted (accounts.services.account_delete): its name, password and
    # devices are gone, its games, results and coins stay under an anonymous name.
    deleted_at = models.DateTimeField(_("удалён"), null=True, blank=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("игрок")
        verbose_name_plural = _("игроки")

    def __str__(self) -> str:
        return gettext("%(name)s (гость)") % {"name": self.name} if self.is_guest else self.name


class Device(models.Model):
    """One signed-in app or browser and its token: every sign-in makes its own, so one can be
    signed out, or revoked from another, without the rest (accounts.devices)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("пользователь"), on_delete=models.CASCADE,
                             related_name="devices")
    name = models.CharField(_("название"), max_length=DEVICE_NAME_MAX, blank=True, default="")
    # The token's SHA-256 (hex), never the token: a copy of the table signs no one in.
    key_digest = models.CharField(_("отпечаток токена"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)
    # Moved forward at most once a minute (accounts.devices.TOUCH_EVERY); a token unused for
    # DURAK_TOKEN_IDLE_SECONDS stops working.
    last_used_at = models.DateTimeField(_("последний раз"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("устройство")
        verbose_name_plural = _("устройства")

    def __str__(self) -> str:
        return self.name or gettext("устройство %(id)s") % {"id": self.pk}
