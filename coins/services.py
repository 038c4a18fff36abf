"""Writes: the welcome coins and staff grants, each one ledger movement keyed by what it
is for (``coins.ledger``), so a request retried changes nothing twice."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.models import Player
from accounts.selectors import is_registered
from accounts.services import RegistrationRequired
from coins import ledger
from coins.models import Movement
from core.errors import NotStaff

WELCOME_COINS = 1000


def staff_only(user: Any) -> None:
    """Refuse (403 ``not_staff``) anyone but the platform's staff."""
    if user is None or not getattr(user, "is_staff", False):
        raise NotStaff()


@transaction.atomic
def wallet_welcome(*, player: Player) -> int:
    """The one-time welcome coins, for registered accounts only (a guest is free to make,
    so coins for guests would be coins for anyone); asking again changes nothing. They are
    kept apart (``ledger.welcome``): entry fees only, never an added prize or a guarantee,
    so an account made for them moves no value to another. Returns the balance."""
    if not is_registered(player):
        raise RegistrationRequired("Register to get the welcome coins.")
    ledger.move(f"welcome:{player.pk}", Movement.Kind.WELCOME, ledger.issuer(), ledger.welcome(player),
                WELCOME_COINS, note="Приветственные монеты")
    return ledger.wallet_balance(player.pk)


@transaction.atomic
def wallet_grant(*, player: Player, amount: int, by: Any, key: str, note: str = "") -> bool:
    """Staff give coins (a prize won elsewhere, a correction); ``key`` makes it once-only."""
    staff_only(by)
    return ledger.move(f"grant:{key}", Movement.Kind.GRANT, ledger.issuer(), ledger.wallet(player), amount,
                       note=note, by_id=by.pk)
