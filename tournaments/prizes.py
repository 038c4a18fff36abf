"""The prize pool and its split, exact to the coin. Standard library only.

Pool: ``entry_fees = entry_fee × entrants``; the house's ``rake`` is ``rake_percent`` (0 to 50)
of the fees, rounded down; the organiser adds ``added_prize`` and, when a ``guarantee`` is
not met, the ``overlay = max(0, guarantee - (entry_fees - rake + added_prize))``;
``total = entry_fees - rake + added_prize + overlay``.

Split (``prizes``):
1. The percentages (``payouts``, best place first) are cut to the field; the percentages
   of places beyond the field go to first place, so nothing is lost.
2. Each place's coins are ``total × percent / 100`` rounded down; the coins left over go one
   each to the places with the largest remainders, the better place first on equal
   remainders (so the amounts never increase down the places).
3. Tied players pool the coins of the places they cover and share them equally; the odd
   coins go one each to the tied players in the order the ranking lists them.
The prizes add up to the total exactly and never increase down the ranking.

The payout table (``payout_table``, when the organiser gives none): 15% of the field paid
(rounded half up), at least 1 place and at most 30 (whole percentages run out beyond that);
place i weighted 1/(i + 1), rounded to whole percentages by largest remainders: 2 paid →
60/40, 3 → 46/31/23, 30 → 17/11/8/…/1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

RAKE_MAX = 50
PAID_PERCENT = 15
MAX_PAID = 30
MAX_PAYOUTS = 100


@dataclass(frozen=True)
class Pool:
    entry_fees: int
    rake: int
    added_prize: int
    overlay: int
    total: int


def _whole(name: str, value: object, top: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (top is not None and value > top):
        span = f"from 0 to {top}" if top is not None else "0 or more"
        raise ValueError(f"{name} must be a whole number {span}.")
    return value


def pool(*, entry_fee: int, entrants: int, rake_percent: int = 0, added_prize: int = 0, guarantee: int = 0) -> Pool:
    """The pool of a tournament with ``entrants`` paying ``entry_fee`` (module docstring)."""
    fees = _whole("entry_fee", entry_fee) * _whole("entrants", entrants)
    rake = fees * _whole("rake_percent", rake_percent, RAKE_MAX) // 100
    added = _whole("added_prize", added_prize)
    overlay = max(0, _whole("guarantee", guarantee) - (fees - rake + added))
    return Pool(fees, rake, added, overlay, fees - rake + added + overlay)


def _largest_remainders(quotas: Sequence[Fraction], whole: int) -> list[int]:
    """Whole numbers summing to ``whole`` near the quotas (which sum to it): floors, then one
    more to each of the largest remainders, earlier first on equal remainders."""
    floors = [q.numerator // q.denominator for q in quotas]
    rest = whole - sum(floors)
    ahead = sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - floors[i]), i))
    for i in ahead[:rest]:
        floors[i] += 1
    return floors


def paid_places(entrants: int) -> int:
    """How many places the payout table pays: 15% of the field, rounded, between 1 and 30."""
    return max(1, min(MAX_PAID, (PAID_PERCENT * entrants + 50) // 100))


def payout_table(entrants: int) -> list[int]:
    """The default payouts for a field of ``entrants`` (module docstring)."""
    weights = [Fraction(1, place + 1) for place in range(1, paid_places(entrants) + 1)]
    whole = sum(weights)
    return _largest_remainders([100 * w / whole for w in weights], 100)


def check_payouts(value: object) -> list[int]:
    """Payouts as given: whole percentages, best place first, never rising, adding up to 100."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PAYOUTS:
        raise ValueError(f"payouts must be a list of 1 to {MAX_PAYOUTS} whole percentages, best place first.")
    if any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in value):
        raise ValueError("payouts holds whole percentages, 0 or more.")
    percents: list[int] = list(value)
    if sum(percents) != 100:
        raise ValueError(f"payouts must add up to 100, not {sum(percents)}.")
    for place in range(1, len(percents)):
        if percents[place] > percents[place - 1]:
            raise ValueError(f"payouts must not pay place {place + 1} more than place {place}.")
    return percents


def payouts_for(value: object, entrants: int) -> list[int]:
    """The payouts in force: the organiser's (checked), or the table for the field if None."""
    return payout_table(entrants) if value is None else check_payouts(value)


def place_amounts(total: int, percents: Sequence[int], places: int) -> list[int]:
    """Coins for each of ``places`` places (steps 1 and 2 of the module docstring)."""
    if places <= 0:
        return []
    shares = [*percents[:places], *[0] * (places - len(percents))]
    shares[0] += sum(percents[places:])
    return _largest_remainders([Fraction(total * p, 100) for p in shares], total)


def prizes(total: int, percents: Sequence[int], ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """Coins each player wins (players winning nothing are left out): ``ranking`` is groups of
    tied players, best first; ``percents`` are checked payouts. Sums to ``total`` exactly."""
    _whole("total", total)
    players = [p for group in ranking for p in group]
    if len(set(players)) != len(players):
        raise ValueError("a player is ranked twice.")
    amounts = place_amounts(total, percents, len(players))
    won: dict[int, int] = {}
    first = 0
    for group in ranking:
        coins = sum(amounts[first : first + len(group)])
        share, odd = divmod(coins, len(group)) if group else (0, 0)
        for i, player in enumerate(group):
            if share + (i < odd):
                won[player] = share + (i < odd)
        first += len(group)
    return won
