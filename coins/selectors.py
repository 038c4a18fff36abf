"""Reads: a player's wallet."""

from __future__ import annotations

from typing import Any

from accounts.models import Player
from coins import ledger
from coins.models import Account, Posting
from core import pages


def _entry(posting: Posting) -> dict[str, Any]:
    return {"id": posting.pk, "amount": posting.amount, "kind": posting.movement.kind,
            "tournament": posting.movement.tournament_id, "note": posting.movement.note,
            "created_at": posting.movement.created_at.isoformat(),
            "welcome": posting.account.kind == Account.Kind.WELCOME}


def wallet(player: Player) -> dict[str, Any]:
    return {"balance": ledger.wallet_balance(player.pk),
            # Of the balance, the welcome coins: they pay entry fees only (coins.ledger.welcome).
            "welcome": ledger.welcome_balance(player.pk),
            "entries": [_entry(p) for p in ledger.wallet_postings(player.pk)]}


def wallet_entries_page(player: Player, query: dict[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    """One page of the wallet's ledger entries (its own coins and its welcome coins), newest
    first (``core.pages``)."""
    postings = Posting.objects.filter(account__kind__in=ledger.PLAYERS_KINDS, account__player_id=player.pk
                                      ).select_related("movement", "account")
    found = pages.page(postings, scope=f"wallet:{player.pk}", order=["id"], query=query)
    return [_entry(p) for p in found.items], found.next
