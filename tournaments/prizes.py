"""The prize pool and its split, exact to the coin. Standard library only.

Pool: ``entry_fees = entry_fee × entrants``; the house's ``rake`` is ``rake_percent`` (0 to 50)
of the fees, rounded down; the organiser adds ``added_prize`` and, when a ``guarantee`` is
not met, the ``overlay = max(0, guarantee - (entry_fees - rake + added_prize))``;
``total = entry_fees - rake + added_prize + overlay``.

Split (``prizes``):
0. Fixed prizes (``prize_amounts``: whole coins, best place first, never rising) are paid
   first: cut to the field, the fixed prizes of places beyond it go to first place, so
   nothing is lost. The percentages below split what is left, ``total - sum(fixed)``.
   The terms make the organiser's coins cover them (``check_prize_amounts``: at most the
   larger of the added prize and the guarantee, and ``total`` is at least each of those),
   so a fixed prize is never paid with coins the pool does not hold.
1. The percentages (``payouts``, best place first) are cut to the field; the percentages
   of places beyond the field go to first place, so nothing is lost.
2. Each place's coins are ``rest × percent / 100`` rounded down; the coins left over go one
   each to the places with the largest remainders, the better place first on equal
   remainders (so the amounts never increase down the places). A place's coins are its
   fixed prize plus its share of the rest: two sequences that never rise, so neither does
   their sum.
3. Tied players pool the coins of the places they cover and share them equally; the odd
   coins go one each to the tied players in the order the ranking lists them.
The prizes add up to the total exactly and never increase down the ranking.

The payout table (``payout_table``, when the organiser gives none): 15% of the field paid
(rounded half up), at least 1 place, however large the field (1,024 entrants: 154 places);
place i weighted 1/(i + 1), rounded by largest remainders to whole percentages while at most
``WHOLE_PAID`` places are paid (2 paid → 60/40, 3 → 46/31/23, 30 → 17/11/8/…/1), and to
hundredths of a percent beyond that (whole percentages run out: 154 places → 10.8/7.2/…/0.14).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

RAKE_MAX = 50
PAID_PERCENT = 15
WHOLE_PAID = 30
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
    """How many places the payout table pays: 15% of the field, rounded, at least 1."""
    return max(1, (PAID_PERCENT * entrants + 50) // 100)


Percent = int | Fraction  # a place's share of the pool, in percent


def payout_table(entrants: int) -> list[Percent]:
    """The default payouts for a field of ``entrants`` (module docstring): whole percentages,
    or hundredths of one when more than ``WHOLE_PAID`` places are paid."""
    weights = [Fraction(1, place + 1) for place in range(1, paid_places(entrants) + 1)]
    whole = sum(weights)
    if len(weights) <= WHOLE_PAID:
        return list(_largest_remainders([100 * w / whole for w in weights], 100))
    hundredths = _largest_remainders([10_000 * w / whole for w in weights], 10_000)
    return [Fraction(h, 100) for h in hundredths]


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


def payouts_for(value: object, entrants: int) -> Sequence[Percent]:
    """The payouts in force: the organiser's (checked), or the table for the field if None."""
    return payout_table(entrants) if value is None else check_payouts(value)


def check_prize_amounts(value: object, *, covered: int) -> list[int] | None:
    """Fixed prizes as given (None: none): whole coins, 1 or more, best place first, never
    rising, at most ``MAX_PAYOUTS`` places, adding up to at most ``covered`` (the coins the
    organiser puts up at creation: the larger of the added prize and the guarantee)."""
    if value is None:
        return None
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PAYOUTS:
        raise ValueError(f"prize_amounts must be a list of 1 to {MAX_PAYOUTS} whole coin amounts, best place first.")
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in value):
        raise ValueError("prize_amounts holds whole coins, 1 or more (leave out a place that gets no fixed prize).")
    amounts: list[int] = list(value)
    for place in range(1, len(amounts)):
        if amounts[place] > amounts[place - 1]:
            raise ValueError(f"prize_amounts must not pay place {place + 1} more than place {place}.")
    if sum(amounts) > covered:
        # The fees may not come: only coins already put up can promise a fixed prize.
        raise ValueError(f"prize_amounts add up to {sum(amounts)} coins, more than the added prize or the "
                         f"guarantee covers ({covered}): raise one of them to at least {sum(amounts)}.")
    return amounts


def _cut_to_field(values: Sequence[Percent], places: int) -> list[Percent]:
    """``values`` per place for a field of ``places`` (at least 1): the places beyond the
    field go to first place, so nothing is lost; missing places get 0."""
    cut: list[Percent] = [*values[:places], *[0] * (places - len(values))]
    cut[0] += sum(values[places:])
    return cut


def fixed_amounts(fixed: Sequence[int], places: int, total: int) -> list[int]:
    """The fixed prizes of ``places`` places (step 0 of the module docstring), cut to the
    field. Should they ever exceed ``total`` (the terms make that impossible) they are
    paid best place first until it runs out: never minted."""
    if places <= 0:
        return []
    amounts = [int(coins) for coins in _cut_to_field(fixed, places)]  # whole coins stay whole
    left = total
    for place, coins in enumerate(amounts):
        amounts[place] = min(coins, left)
        left -= amounts[place]
    return amounts


def place_amounts(total: int, percents: Sequence[Percent], places: int, fixed: Sequence[int] = ()) -> list[int]:
    """Coins for each of ``places`` places (steps 0 to 2 of the module docstring)."""
    if places <= 0:
        return []
    paid = fixed_amounts(fixed, places, total)
    rest = total - sum(paid)
    shares = _cut_to_field(percents, places)
    split = _largest_remainders([Fraction(rest * p, 100) for p in shares], rest)
    return [a + b for a, b in zip(paid, split, strict=True)]


def prizes(total: int, percents: Sequence[Percent], ranking: Sequence[Sequence[int]],
           fixed: Sequence[int] = ()) -> dict[int, int]:
    """Coins each player wins (players winning nothing are left out): ``ranking`` is groups of
    tied players, best first; ``fixed`` are checked fixed prizes, paid first, and ``percents``
    checked payouts of the rest. Sums to ``total`` exactly."""
    _whole("total", total)
    players = [p for group in ranking for p in group]
    if len(set(players)) != len(players):
        raise ValueError("a player is ranked twice.")
    amounts = place_amounts(total, percents, len(players), fixed)
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


def welcome_shares(won: dict[int, int], welcome: int) -> dict[int, int]:
    """How much of each prize is paid as welcome coins: ``welcome`` (at most the prizes'
    sum) split in proportion to the prizes, by largest remainders, exact to the coin."""
    total = sum(won.values())
    if total == 0 or welcome == 0:
        return {player: 0 for player in won}
    players = sorted(won)
    parts = _largest_remainders([Fraction(won[player] * welcome, total) for player in players], welcome)
    return dict(zip(players, parts, strict=True))
