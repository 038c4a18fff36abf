"""A ``Player`` is the game's face of a Django user: a name at the table, guest or not."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.names import NAME_KEY_MAX, NAME_MAX


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

    class Meta:
        ordering = ["id"]
        verbose_name = _("игрок")
        verbose_name_plural = _("игроки")

    def __str__(self) -> str:
        return gettext("%(name)s (гость)") % {"name": self.name} if self.is_guest else self.name
