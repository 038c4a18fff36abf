"""The coin ledger: double-entry movements between accounts, balances as sums.

Every movement is ``move(key, kind, source, target, amount)``: one ``Movement`` and two
``Posting``s (−amount from the source, +amount to the target), written together in the
caller's transaction. The ``key`` names what the movement is for (``"fee:7:42:1"``: the
first entry fee of player 42 in tournament 7); a second call with the same key finds the
first and moves nothing, so a payout, a refund or a retried request changes nothing
twice. A spend first locks the paying account's row, so two requests cannot spend the
same coins: the second waits, then sees the first one's posting.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from django.db import IntegrityError, transaction
from django.db.models import Sum

from accounts.models import Player
from coins.errors import InsufficientFunds
from coins.models import Account, Movement, Posting


class Owner(Protocol):
    """What owns a pool or a hold: a tournament (named by its id, as this app sits below
    the tournaments)."""

    @property
    def pk(self) -> int: ...


def _id(owner: Owner | None) -> int | None:
    return None if owner is None else int(owner.pk)


def _account(kind: str, *, player_id: int | None = None, tournament: Owner | None = None) -> Account:
    lookup = {"kind": kind, "player_id": player_id, "tournament_id": _id(tournament)}
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


def welcome(player: Player | int) -> Account:
    """The player's welcome coins: they pay entry fees and nothing else (``fee_pay``), and a
    prize paid for them comes back here (``prize_pay``), so they never become coins that
    could fund an added prize or a guarantee: a new account moves no value to another."""
    return _account(Account.Kind.WELCOME, player_id=player if isinstance(player, int) else player.pk)


def pool(tournament: Owner) -> Account:
    return _account(Account.Kind.POOL, tournament=tournament)


def hold(tournament: Owner) -> Account:
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
    return Movement.objects.filter(key=key).exists()


def move(key: str, kind: str, source: Account, target: Account, amount: int, *,
         tournament: Owner | None = None, note: str = "", by_id: int | None = None,
         spend: bool = False) -> bool:
    """Move ``amount`` coins from ``source`` to ``target`` once for ``key``. With
    ``spend`` the source must hold them (its row is locked first): otherwise
    ``InsufficientFunds``. Returns whether coins moved (False: nothing to move, or done)."""
    if amount < 0:
        raise ValueError("A movement moves a positive number of coins; swap the accounts instead.")
    if amount == 0 or done(key):
        return False
    if spend:
        held = locked_balance(source)
        if held < amount:
            raise InsufficientFunds(held, amount)
    try:
        with transaction.atomic():
            movement = Movement.objects.create(key=key, kind=kind, tournament_id=_id(tournament), note=note,
                                               by_id=by_id)
            Posting.objects.bulk_create([Posting(movement=movement, account=source, amount=-amount),
                                         Posting(movement=movement, account=target, amount=amount)])
    except IntegrityError:
        if done(key):
            return False  # a racing retry wrote it first
        raise
    return True


def moves(items: Iterable[tuple[str, str, Account, Account, int]], *, tournament: Owner | None = None,
          note: str = "") -> int:
    """Several ``move``s (no spend checks: for payouts and refunds out of a pool). Returns
    how many moved."""
    return sum(move(key, kind, source, target, amount, tournament=tournament, note=note)
               for key, kind, source, target, amount in items)


PLAYERS_KINDS = (Account.Kind.WALLET, Account.Kind.WELCOME)


def wallet_balance(player_id: int) -> int:
    """All the player's coins: the wallet's and the welcome coins."""
    return int(Posting.objects.filter(account__kind__in=PLAYERS_KINDS, account__player_id=player_id)
               .aggregate(total=Sum("amount"))["total"] or 0)


def welcome_balance(player_id: int) -> int:
    """The part of the player's coins that are welcome coins (entry fees only)."""
    return int(Posting.objects.filter(account__kind=Account.Kind.WELCOME, account__player_id=player_id)
               .aggregate(total=Sum("amount"))["total"] or 0)


def wallet_postings(player_id: int, limit: int = 50) -> list[Posting]:
    return list(Posting.objects.filter(account__kind__in=PLAYERS_KINDS, account__player_id=player_id)
                .select_related("movement", "account").order_by("-id")[:limit])


def paid_in(tournament: Owner, kind: str = Account.Kind.WALLET) -> dict[int, int]:
    """Coins each player's wallet (or welcome coins) has put into the tournament's pool and
    hold, less what came back."""
    rows = (Posting.objects.filter(movement__tournament_id=tournament.pk, account__kind=kind)
            .values_list("account__player_id").annotate(total=Sum("amount")))
    return {player_id: -int(total) for player_id, total in rows if total}


def _moved(key: str) -> int:
    """The coins the movement ``key`` moved (0: none)."""
    amount = Posting.objects.filter(movement__key=key, amount__gt=0).values_list("amount", flat=True).first()
    return int(amount or 0)


def fee_pay(key: str, kind: str, player_id: int, target: Account, fee: int, *, tournament: Owner) -> None:
    """An entry fee, from the welcome coins first and the wallet for the rest (movements
    ``key:welcome`` and ``key``): ``InsufficientFunds`` unless the two together hold it."""
    if fee == 0 or done(key) or done(f"{key}:welcome"):
        return
    bonus, own = welcome(player_id), wallet(player_id)
    from_welcome = min(max(locked_balance(bonus), 0), fee)
    held = locked_balance(own)
    if held < fee - from_welcome:
        raise InsufficientFunds(held + from_welcome, fee)
    move(f"{key}:welcome", kind, bonus, target, from_welcome, tournament=tournament)
    move(key, kind, own, target, fee - from_welcome, tournament=tournament)


def fee_refund(paid_key: str, key: str, kind: str, player_id: int, source: Account, *, tournament: Owner) -> None:
    """An entry fee paid under ``paid_key`` back where each part came from."""
    move(f"{key}:welcome", kind, source, welcome(player_id), _moved(f"{paid_key}:welcome"), tournament=tournament)
    move(key, kind, source, wallet(player_id), _moved(paid_key), tournament=tournament)


def prize_pay(key: str, kind: str, player_id: int, source: Account, coins: int, welcome_part: int, *,
              tournament: Owner) -> None:
    """A prize: ``welcome_part`` of it (the welcome coins' share of the pool) as welcome
    coins, the rest to the wallet."""
    move(f"{key}:welcome", kind, source, welcome(player_id), welcome_part, tournament=tournament)
    move(key, kind, source, wallet(player_id), coins - welcome_part, tournament=tournament)


def total_sum() -> int:
    """The sum over every account: zero, always (the issuer is below zero by what it issued)."""
    return int(Posting.objects.aggregate(total=Sum("amount"))["total"] or 0)


def unbalanced_movements() -> list[int]:
    """Ids of movements whose postings do not sum to zero (there should be none)."""
    return [pk for pk, total in Movement.objects.annotate(total=Sum("postings__amount"))
            .values_list("pk", "total") if total]
