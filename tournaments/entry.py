"""Late registration and re-entry (poker-style), and the money they move.

- ``late_until_round: N``: while the tournament runs, entries are still taken until round
  N opens (in an arena, each seating is a round), or an elimination's final does. A late entrant pays the fee like anyone
  and sits from the next round: in a swiss with no points yet, in an elimination among
  those still in, in an arena in the waiting pool.
- ``reentry`` (eliminations with late registration): a player knocked out may enter again,
  for the fee, while late registration is open. The new entry sits from the next round;
  the old one's result is replaced by the new one's (a player has one place).
- Money: every fee is a ledger transfer keyed by the entry (``fee:<t>:<player>:<n>``). The
  house's rake is a share of all fees, so each late fee tops the rake up to the share of
  the fees so far (``prizes.pool``'s rounding, never more). The guarantee stays held while
  late registration is open: the overlay is what the fees at its close do not cover, and
  the rest goes back to the organiser then (``settle_guarantee``). So at the end the pool
  is exactly ``prizes.pool`` of every fee paid, and the prizes empty it.
"""

from __future__ import annotations

from typing import Final

from django.db.models import Sum

from coins import ledger
from coins.models import Account, Movement
from tournaments import prizes
from tournaments.models import Entry, Round, Tournament


def current_round(tournament: Tournament) -> int:
    """The number of the latest round opened (0: none yet)."""
    return Round.objects.filter(tournament=tournament).order_by("-number").values_list("number", flat=True).first() or 0


def late_open(tournament: Tournament) -> bool:
    """Whether a running tournament still takes entries (round N has not opened)."""
    late = tournament.late_until_round
    return (tournament.status == Tournament.Status.RUNNING and late is not None
            and current_round(tournament) < late
            and not Round.objects.filter(tournament=tournament, final=True).exists())  # nobody joins a final


def fees_paid(tournament: Tournament) -> int:
    """How many entry fees are in the pool: one per entry not withdrawn, one per re-entry."""
    kept = tournament.entries.exclude(status=Entry.Status.WITHDRAWN)
    return kept.count() + int(kept.aggregate(total=Sum("reentries"))["total"] or 0)


def money(tournament: Tournament) -> prizes.Pool:
    """The pool of every fee paid so far (``prizes.pool``)."""
    return prizes.pool(entry_fee=tournament.entry_fee, entrants=fees_paid(tournament),
                       rake_percent=tournament.rake_percent, added_prize=tournament.added_prize,
                       guarantee=tournament.guarantee)


def _rake_taken(tournament: Tournament) -> int:
    return int(ledger.house().postings.filter(movement__tournament=tournament, movement__kind=Movement.Kind.RAKE)
               .aggregate(total=Sum("amount"))["total"] or 0)


def rake_top_up(tournament: Tournament) -> None:
    """The house's share of the fees paid so far, less what it took already."""
    fees = fees_paid(tournament)
    due = money(tournament).rake - _rake_taken(tournament)
    ledger.move(f"rake:{tournament.pk}:fees:{fees}", Movement.Kind.RAKE, ledger.pool(tournament), ledger.house(),
                due, tournament=tournament)


def settle_guarantee(tournament: Tournament) -> None:
    """The overlay into the pool and the rest of the guarantee back to the organiser, once
    the fees are known (at the start, or when late registration closes). Once only."""
    overlay = money(tournament).overlay
    hold = ledger.hold(tournament)
    ledger.move(f"overlay:{tournament.pk}", Movement.Kind.OVERLAY, hold, ledger.pool(tournament), overlay,
                tournament=tournament)
    ledger.move(f"release:{tournament.pk}", Movement.Kind.RELEASE, hold, ledger.wallet(tournament.organiser_id),
                tournament.guarantee - overlay, tournament=tournament)


# What a fee may be paid with, where its refund goes and its movement's key suffix (the
# wallets' keys carry none: a cancel's keys predate welcome coins and must stay the same).
_PAID_WITH: Final = ((Account.Kind.WALLET, ledger.wallet, ""), (Account.Kind.WELCOME, ledger.welcome, ":welcome"))


def refund_everything(tournament: Tournament, key: str) -> None:
    """Every coin not paid out goes back to whoever paid it in (movements ``key:…``, each
    once): the rake from the house, the guarantee still held, then the pool to each wallet
    by what it put in, and welcome coins back as welcome coins. A cancel does this, and so
    does an end with every entrant disqualified (nobody may win the pool)."""
    pool, hold = ledger.pool(tournament), ledger.hold(tournament)
    ledger.move(f"{key}:rake", Movement.Kind.REFUND, ledger.house(), pool, _rake_taken(tournament),
                tournament=tournament)
    ledger.move(f"{key}:hold", Movement.Kind.REFUND, hold, pool, ledger.balance(hold), tournament=tournament)
    for kind, account, suffix in _PAID_WITH:
        for player_id, coins in sorted(ledger.paid_in(tournament, kind).items()):
            if coins > 0:
                ledger.move(f"{key}:{player_id}{suffix}", Movement.Kind.REFUND, pool, account(player_id), coins,
                            tournament=tournament)


def late_closes(tournament: Tournament, number: int) -> None:
    """Round ``number`` opens (or, with 0, the tournament ends): late registration closes
    with round N, and the guarantee is settled then."""
    late = tournament.late_until_round
    if late is not None and (number == 0 or number >= late):
        settle_guarantee(tournament)


def late_entry(tournament: Tournament, entry: Entry | None, player_id: int, seed: str) -> Entry:
    """A late entry or a re-entry into the running ``tournament`` (its row locked); the
    caller has checked it is open and moves the fee. Returns the entry, playing from the
    next round."""
    begins = current_round(tournament) + 1
    if entry is None:
        return Entry.objects.create(tournament=tournament, player_id=player_id, client_seed=seed,
                                    status=Entry.Status.PLAYING, entered_for=[begins])
    again = entry.status == Entry.Status.ELIMINATED
    entry.status, entry.client_seed, entry.out_in_round = Entry.Status.PLAYING, seed, None
    entry.joins += 1
    entry.reentries += int(again)
    entry.entered_for = [*(entry.entered_for or [1] if again else []), begins]
    entry.save(update_fields=["status", "client_seed", "out_in_round", "joins", "reentries", "entered_for"])
    return entry


def arrivals(tournament: Tournament) -> dict[int, list[int]]:
    """Players who entered later, by the round their entry began with (round 1: none)."""
    out: dict[int, list[int]] = {}
    for player, rounds in tournament.entries.exclude(status=Entry.Status.WITHDRAWN).values_list(
            "player_id", "entered_for"):
        for number in rounds or []:
            if number > 1:
                out.setdefault(number, []).append(player)
    return out


def first_round_field(tournament: Tournament) -> list[int]:
    """The entrants who began with round 1."""
    return sorted(p for p, rounds in tournament.entries.exclude(status=Entry.Status.WITHDRAWN)
                  .values_list("player_id", "entered_for") if not rounds or rounds[0] == 1)
