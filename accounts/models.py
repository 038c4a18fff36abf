"""A ``Player`` is the game's face of a Django user: a name at the table, guest or not."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from accounts.names import NAME_KEY_MAX, NAME_MAX


class Player(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    name = models.CharField(max_length=NAME_MAX)
    # The name's look-alike skeleton (accounts.names.name_key; a guest's: "#guest-<random>"):
    # the unique constraint that keeps «Иван» and «ИВАН» one name, even when two sign-ups race.
    name_key = models.CharField(max_length=NAME_KEY_MAX, unique=True)
    # A guest has no password: the token in one browser's storage is the whole account.
    is_guest = models.BooleanField(default=False, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Where the account was made from (accounts.network.client_ip): the admin's report of
    # accounts made in bursts from one address reads it.
    created_ip = models.GenericIPAddressField(null=True, blank=True, db_index=True)
    # The secret server seed of the next game this player creates (a fair deal: its
    # SHA-256 is shown beforehand as "next_commitment"); made when first needed, replaced
    # when a game takes it. Never shown itself, nor in the admin.
    deal_seed = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["id"]
        verbose_name = "игрок"
        verbose_name_plural = "игроки"

    def __str__(self) -> str:
        return f"{self.name} (guest)" if self.is_guest else self.name
