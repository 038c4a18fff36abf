"""Each player's next server seed, for a fair deal you can check (the contract).

A player sees ``next_commitment``, the SHA-256 of the secret seed that the next game it
creates will use, before it creates that game or gives its own seed; creating the game
takes the seed (``deal_seed_take``) and makes a fresh one. Accounts know no games: the
games app takes the seed and keeps it with the game until the end.

In play a seed is 32 random bytes in hex (``secrets``). With ``DURAK_DEAL_SEED`` set
(test settings only) every seed is a function of that run seed and of what it replaces,
so a test run's deals can be dealt again exactly.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import transaction

from accounts.models import Player


def new_server_seed(salt: str) -> str:
    """A fresh server seed: 64 hex characters. ``salt`` matters in tests alone."""
    run_seed = getattr(settings, "DURAK_DEAL_SEED", None)
    if run_seed is None:
        return secrets.token_hex(32)
    return hashlib.sha256(f"durak-server-seed:{run_seed}:{salt}".encode()).hexdigest()


def commitment_of(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def _seed_made(player: Player) -> str:
    """The player's next seed, made now if it has none yet (first come wins)."""
    if not player.deal_seed:
        Player.objects.filter(pk=player.pk, deal_seed="").update(deal_seed=new_server_seed(f"player:{player.pk}"))
        player.deal_seed = Player.objects.values_list("deal_seed", flat=True).get(pk=player.pk)
    return player.deal_seed


def next_commitment(player: Player) -> str:
    """The commitment to the seed of the next game ``player`` creates."""
    return commitment_of(_seed_made(player))


@transaction.atomic
def deal_seed_take(player: Player) -> str:
    """The seed whose commitment ``player`` was shown, for the game it creates now; a
    fresh one (and so a new commitment) replaces it. Locks the player's row, so two
    games created at once never share a seed."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    seed = _seed_made(locked)
    fresh = new_server_seed(f"player:{player.pk}:{seed}")
    Player.objects.filter(pk=player.pk).update(deal_seed=fresh)
    player.deal_seed = fresh
    return seed
