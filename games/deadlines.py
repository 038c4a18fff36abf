"""How long a seat has for its move, and the clock every view shows
(``"clock": {"seat", "deadline", "server_time"} | null``, ``"away"`` and ``"banks"``).

The timers (``games.timers``) run the clock; this module only reads it, so views can
show it without importing what runs it. A seat's deadline is its move timer's (or the
short one of an away seat), or sooner when its time bank (``games.banks``) runs out first.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from datetime import timedelta
from typing import Any

from django.utils import timezone

from games import store
from games.banks import banks_of, fold_of, left_at
from games.engine import State, actors
from games.models import Game, Seat, SeatAbsence
from games.snapshots import BankFold

# While a seat is away the computer moves for it after this long, not the full timer:
# the table should not wait for someone who already missed a move.
AWAY_MOVE_AFTER = 3.0


def move_deadline(game: Game, absence: SeatAbsence | None, bank: float | None = None) -> float | None:
    """Seconds, from the game's last event, a person's seat has for the move due at
    ``game.seq`` (None: no limit): the move timer, or the away seat's short one, and no
    more than ``bank``, the seconds left in the seat's time bank then (None: no bank)."""
    if absence is not None and absence.forfeited:
        return 0.0
    if absence is not None:
        seconds: float | None = min(AWAY_MOVE_AFTER, float(game.move_timer or AWAY_MOVE_AFTER))
    else:
        seconds = None if game.move_timer is None else float(game.move_timer)
    if bank is not None and seconds is not None:
        return min(seconds, max(0.0, bank))
    return seconds


def seat_deadline(game: Game, people: Collection[int], seat: int, absence: SeatAbsence | None,
                  fold: BankFold | None = None) -> float | None:
    """``move_deadline`` of ``seat`` with its time bank, if the table has one. ``people``:
    the seats people hold (every one, given up or not: ``games.banks``); ``fold``: the
    banks at ``game.seq`` when the caller has them (None: read them)."""
    banks = banks_of(game, people, fold) if game.move_timer is not None else None
    return move_deadline(game, absence, None if banks is None else banks.get(seat))


def people_due(state: State, holders: Collection[int]) -> list[int]:
    """The seats that must act now and whose person still holds them (``holders``: the
    seats people hold; a seat given up is the computer's: ``games.leaving``)."""
    return [seat for seat in actors(state) if seat in holders and not state.given_up >> seat & 1]


def people_of(seats: list[Seat]) -> frozenset[int]:
    """The seats people hold, given up or not."""
    return frozenset(s.number for s in seats if s.player_id is not None)


def clock_of(game: Game, seats: list[Seat], to_act: list[int], given_up: int) -> dict[str, Any]:
    """``{"clock", "away", "banks"}`` for a view of ``game``: the first person who must
    move, when their time runs out and the server's time now (null: no timer, or nobody's
    move is timed); the seats the computer stands in for (their clock ran out and the
    player has not come back yet); and each person's time bank now, in whole seconds
    (empty: no bank). One query at timed tables, one more when a bank has new events."""
    if game.move_timer is None or game.status != Game.Status.ACTIVE:
        return {"clock": None, "away": [], "banks": []}
    open_absences = {a.seat: a for a in store.open_absences([game.pk])}
    away = sorted(seat for seat, a in open_absences.items() if a.forfeited_at is None)
    holders = people_of(seats)
    people = {seat for seat in holders if not given_up >> seat & 1}
    now = timezone.now()
    # One fold read: the banks when the last event was stored (what a deadline counts
    # from) and, charged on to now, what each person has left.
    fold = fold_of(game, holders)
    left = None if fold is None else left_at(fold, holders, now)
    banks = [] if left is None else [{"seat": seat, "seconds": math.floor(left[seat])} for seat in sorted(people)]
    for seat in to_act:
        if seat not in people or game.last_event_at is None:
            continue
        seconds = move_deadline(game, open_absences.get(seat), None if fold is None else fold.seconds[seat])
        if seconds is not None:
            deadline = game.last_event_at + timedelta(seconds=seconds)
            return {"clock": {"seat": seat, "deadline": deadline.isoformat(), "server_time": now.isoformat()},
                    "away": away, "banks": banks}
    return {"clock": None, "away": away, "banks": banks}
