"""The coin ledger: double-entry transfers between accounts, balances as sums.

Every movement is ``move(key, kind, source, target, amount)``: one ``Transfer`` and two
``Posting``s (−amount from the source, +amount to the target), written together in the
caller's transaction. The ``key`` names what the movement is for (``"fee:7:42:1"``: the
first entry fee of player 42 in tournament 7); a second call with the same key finds the
first and moves nothing, so a payout, a refund or a retried request changes nothing
twice. A spend first locks the paying account's row, so two requests cannot spend the
same coins: the second waits, then sees the first one's posting.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.db.models import Sum

from accounts.models import Player
from tournaments.errors import InsufficientFunds
from tournaments.models import Account, Posting, Tournament, Transfer


def _account(kind: str, *, player_id: int | None = None, tournament: Tournament | None = None) -> Account:
    lookup = {"kind": kind, "player_id": player_id, "tournament": tournament}
    account = Account.objects.filter(**lookup).first()
    if account is not None:
        return account
    try:
        with transaction.atomic():  # a savepoint: a racing creator's row wins
            return Account.objects.create(**lookup)
    except IntegrityError:
        return Account.objects.get(**lookup)


def wallet(player: Player | int) -> Account:
    return _account(Account.Kind.WALLET, player_id=player if isinstance(player, int) else player.pk)


def pool(tournament: Tournament) -> Account:
    return _account(Account.Kind.POOL, tournament=tournament)


def hold(tournament: Tournament) -> Account:
    """The organiser's guarantee, held from creation until the start says what it covers."""
    return _account(Account.Kind.HOLD, tournament=tournament)


def house() -> Account:
    return _account(Account.Kind.HOUSE)


def issuer() -> Account:
    """Where welcome coins and staff grants come from (it goes below zero by what it issued)."""
    return _account(Account.Kind.ISSUER)


def balance(account: Account) -> int:
    total = Posting.objects.filter(account=account).aggregate(total=Sum("amount"))["total"]
    return int(total or 0)


def locked_balance(account: Account) -> int:
    """The account's balance with its row locked until the transaction ends."""
    Account.objects.select_for_update().filter(pk=account.pk).first()
    return balance(account)


def done(key: str) -> bool:
    return Transfer.objects.filter(key=key).exists()


def move(key: str, kind: str, source: Account, target: Account, amount: int, *,
         tournament: Tournament | None = None, note: str = "", by_id: int | None = None,
         spend: bool = False) -> bool:
    """Move ``amount`` coins from ``source`` to ``target`` once for ``key``. With
    ``spend`` the source must hold them (its row is locked first): otherwise
    ``InsufficientFunds``. Returns whether coins moved (False: nothing to move, or done)."""
    if amount < 0:
        raise ValueError("A transfer moves a positive number of coins; swap the accounts instead.")
    if amount == 0 or done(key):
        return False
    if spend:
        held = locked_balance(source)
        if held < amount:
            raise InsufficientFunds(held, amount)
    try:
        with transaction.atomic():
            transfer = Transfer.objects.create(key=key, kind=kind, tournament=tournament, note=note, by_id=by_id)
            Posting.objects.bulk_create([Posting(transfer=transfer, account=source, amount=-amount),
                                         Posting(transfer=transfer, account=target, amount=amount)])
    except IntegrityError:
        if done(key):
            return False  # a racing retry wrote it first
        raise
    return True


def moves(items: Iterable[tuple[str, str, Account, Account, int]], *, tournament: Tournament | None = None,
          note: str = "") -> int:
    """Several ``move``s (no spend checks: for payouts and refunds out of a pool). Returns
    how many moved."""
    return sum(move(key, kind, source, target, amount, tournament=tournament, note=note)
               for key, kind, source, target, amount in items)


def wallet_balance(player_id: int) -> int:
    return int(Posting.objects.filter(account__kind=Account.Kind.WALLET, account__player_id=player_id)
               .aggregate(total=Sum("amount"))["total"] or 0)


def wallet_postings(player_id: int, limit: int = 50) -> list[Posting]:
    return list(Posting.objects.filter(account__kind=Account.Kind.WALLET, account__player_id=player_id)
                .select_related("transfer").order_by("-id")[:limit])


def paid_in(tournament: Tournament) -> dict[int, int]:
    """Coins each wallet has put into the tournament's pool and hold, less what came back."""
    rows = (Posting.objects.filter(transfer__tournament=tournament, account__kind=Account.Kind.WALLET)
            .values_list("account__player_id").annotate(total=Sum("amount")))
    return {player_id: -int(total) for player_id, total in rows if total}


def total_sum() -> int:
    """The sum over every account: zero, always (the issuer is below zero by what it issued)."""
    return int(Posting.objects.aggregate(total=Sum("amount"))["total"] or 0)


def unbalanced_transfers() -> list[int]:
    """Ids of transfers whose postings do not sum to zero (there should be none)."""
    return [pk for pk, total in Transfer.objects.annotate(total=Sum("postings__amount"))
            .values_list("pk", "total") if total]
