"""Reads for accounts: the player behind a request, its public data, whether it is registered."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts.models import Player
from accounts.names import NAME_MAX

STAFF_KEY_PREFIX = "#user-"


def player_of(user: AbstractBaseUser | AnonymousUser) -> Player | None:
    """The player behind a request's user; staff made by ``createsuperuser`` get one lazily."""
    if not user.is_authenticated:
        return None
    try:
        player: Player = user.player  # type: ignore[attr-defined]
    except Player.DoesNotExist:
        # Its key is one nobody can choose ("#" is no name's): staff names are never checked
        # against the players', and must not take one of theirs.
        player, _ = Player.objects.get_or_create(user_id=user.pk, defaults={
            "name": user.get_username()[:NAME_MAX], "name_key": f"{STAFF_KEY_PREFIX}{user.pk}"})
    return player


def player_data(player: Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "guest": player.is_guest}


def is_registered(player: Player | None) -> bool:
    """Whether the player has a registered account (a name and a password), not a guest's:
    welcome coins, prize tournaments and rated games are for registered accounts only."""
    return player is not None and not player.is_guest
