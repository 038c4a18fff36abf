"""How long a seat has for its move, and the clock every view shows
(``"clock": {"seat", "deadline", "server_time"} | null`` and ``"away"``).

The timers (``games.timers``) run the clock; this module only reads it, so views can
show it without importing what runs it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from games.models import Game, Seat, SeatAbsence

# While a seat is away the computer moves for it after this long, not the full timer:
# the table should not wait for someone who already missed a move.
AWAY_MOVE_AFTER = 3.0


def move_deadline(game: Game, absence: SeatAbsence | None) -> float | None:
    """Seconds a person's seat has for the move due at ``game.seq`` (None: no limit)."""
    if absence is not None and absence.forfeited:
        return 0.0
    if absence is not None:
        return min(AWAY_MOVE_AFTER, float(game.move_timer or AWAY_MOVE_AFTER))
    return None if game.move_timer is None else float(game.move_timer)


def clock_of(game: Game, seats: list[Seat], to_act: list[int], given_up: int) -> dict[str, Any]:
    """``{"clock", "away"}`` for a view of ``game``: the first person who must move, when
    their time runs out and the server's time now (null: no timer, or nobody's move
    is timed); and the seats the computer stands in for (their clock ran out and the
    player has not come back yet). One query, at timed tables only."""
    if game.move_timer is None or game.status != Game.Status.ACTIVE:
        return {"clock": None, "away": []}
    open_absences = {a.seat: a for a in SeatAbsence.objects.filter(game_id=game.pk, returned_at__isnull=True)}
    away = sorted(seat for seat, a in open_absences.items() if a.forfeited_at is None)
    people = {s.number for s in seats if s.player_id is not None and not given_up >> s.number & 1}
    now = timezone.now()
    for seat in to_act:
        if seat not in people or game.last_event_at is None:
            continue
        seconds = move_deadline(game, open_absences.get(seat))
        if seconds is not None:
            deadline = game.last_event_at + timedelta(seconds=seconds)
            return {"clock": {"seat": seat, "deadline": deadline.isoformat(), "server_time": now.isoformat()},
                    "away": away}
    return {"clock": None, "away": away}
