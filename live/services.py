"""Writes for live tables: options, move timers, seats left and taken back, forfeits.

The timer never blocks anything: each committed move schedules a Celery task per person
who must act, carrying the seq it was set at. When it fires at that same seq, the
computer plays one move for the seat (through ``games.services`` like any move) and the
seat counts as away. The player takes it back by acting or reconnecting within the
reconnect window; after the window the seat is forfeit, the computer finishes the game
for it, and the result lists it under ``forfeits`` (a loss in any standings).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games import services as game_services
from games.engine import actors
from games.errors import InvalidActionError
from games.models import Game
from games.selectors import game_state, seats_of
from live import tasks
from live.models import SeatAbsence, TableSettings

logger = logging.getLogger(__name__)

TIMER_RANGE = (5, 600)
DELAY_RANGE = (0, 20)
# While a seat is away the computer moves for it after this long, not the full timer:
# the table should not wait for someone who already missed a move.
AWAY_MOVE_AFTER = 3.0


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidActionError(f"'{name}' must be a whole number from {low} to {high}.")
    return value


@dataclass(frozen=True)
class TableOptions:
    move_timer: int | None = None
    spectator_delay: int = 0
    hints: bool = True


def table_options_parse(body: dict[str, object]) -> TableOptions:
    """The live options of a create request: ``timer`` (seconds per move, or null) and
    ``spectator_delay`` (actions). Checked before the game exists."""
    timer = body.get("timer")
    delay = body.get("spectator_delay", 0)
    hints = body.get("hints", True)
    if not isinstance(hints, bool):
        raise InvalidActionError("'hints' must be true or false.")
    return TableOptions(
        move_timer=None if timer is None else _whole("timer", timer, *TIMER_RANGE),
        spectator_delay=_whole("spectator_delay", delay, *DELAY_RANGE),
        hints=hints,
    )


def table_configure(*, game_id: int, options: TableOptions) -> None:
    """Store a new game's options. Call inside the create transaction, so the first
    move's hook (run on commit) already sees the timer."""
    if options == TableOptions():
        return
    TableSettings.objects.create(game_id=game_id, move_timer=options.move_timer,
                                 spectator_delay=options.spectator_delay, hints=options.hints)


def seat_returned(*, game_id: int, seat: int) -> bool:
    """The seat's player is back (acted or connected): the computer stops standing in,
    unless the window has closed already. Returns whether an absence ended."""
    return bool(SeatAbsence.objects.filter(
        game_id=game_id, seat=seat, returned_at__isnull=True, forfeited_at__isnull=True,
    ).update(returned_at=timezone.now()))


def _open_absence(game_id: int, seat: int) -> SeatAbsence | None:
    return SeatAbsence.objects.filter(game_id=game_id, seat=seat, returned_at__isnull=True).first()


def move_deadline(game: Game, settings: TableSettings, absence: SeatAbsence | None) -> float | None:
    """Seconds a person's seat has for the move due at ``game.seq`` (None: no limit)."""
    if absence is not None and absence.forfeited:
        return 0.0
    if absence is not None:
        return min(AWAY_MOVE_AFTER, float(settings.move_timer or AWAY_MOVE_AFTER))
    return None if settings.move_timer is None else float(settings.move_timer)


def game_moved(game_id: int, seq: int) -> None:
    """After every committed move (the platform's on-commit hook): take back seats whose
    player just acted, start the timers of people who must act, note forfeits at the end.
    The move is committed already, so a failure here is logged, never raised: the sweep
    fires timers that were never set."""
    try:
        _game_moved(game_id, seq)
    except Exception:
        logger.exception("Live hook failed for game %s at seq %s", game_id, seq)


def _game_moved(game_id: int, seq: int) -> None:
    settings = TableSettings.objects.filter(game_id=game_id).first()
    if settings is None or settings.move_timer is None:
        return
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.seq != seq:
        return  # a later move's hook does the work
    last_action = game.events.filter(actor_seat__isnull=False).order_by("-seq").values_list(
        "actor_seat", "actor_id").first()
    if last_action is not None and last_action[0] is not None and last_action[1] is not None:
        seat_returned(game_id=game_id, seat=last_action[0])
    if game.status == Game.Status.FINISHED:
        _record_forfeits(game)
        return
    if game.status != Game.Status.ACTIVE:
        return
    people = {s.number for s in seats_of(game) if s.player_id is not None}
    for seat in actors(game_state(game)):
        if seat in people:
            countdown = move_deadline(game, settings, _open_absence(game_id, seat))
            if countdown is not None:
                tasks.schedule(tasks.seat_timeout, (game_id, seat, seq), countdown)


def _record_forfeits(game: Game) -> None:
    forfeits = sorted(set(SeatAbsence.objects.filter(game=game, forfeited_at__isnull=False)
                          .values_list("seat", flat=True)))
    if forfeits and game.result is not None and game.result.get("forfeits") != forfeits:
        Game.objects.filter(pk=game.pk).update(result={**game.result, "forfeits": forfeits})


def seat_timed_out(*, game_id: int, seat: int, expected_seq: int, wait_out: bool = True) -> bool:
    """The timer set at ``expected_seq`` ran out: if the game is still there and the seat
    still must act, the computer plays one move for it and the seat counts as away.
    Safe to run twice or late: any other seq is a no-op; a seat with time left (it came
    back) gets a timer for the rest, unless ``wait_out`` is off (the sweep's calls)."""
    game = Game.objects.filter(pk=game_id).first()
    settings = TableSettings.objects.filter(game_id=game_id).first()
    if game is None or settings is None or game.seq != expected_seq or game.status != Game.Status.ACTIVE:
        return False
    absence = _open_absence(game_id, seat)
    deadline = move_deadline(game, settings, absence)
    if deadline is None:
        return False
    left = _left(game.last_event_at, deadline)
    if left > 0:
        if not wait_out:
            return False
        # Early for this seat: it came back since the short timer was set. Its full
        # time runs from the same move, so wait out the rest.
        tasks.schedule(tasks.seat_timeout, (game_id, seat, expected_seq), left)
        return False
    with transaction.atomic():
        if absence is None:
            absence = SeatAbsence.objects.create(game_id=game_id, seat=seat, away_since=timezone.now())
            window = float(settings.reconnect_window)
            transaction.on_commit(lambda: tasks.schedule(tasks.absence_expire, (absence.pk,), window))
        played = game_services.seat_stand_in_play(game_id=game_id, seat=seat, expected_seq=expected_seq)
        if not played:
            transaction.set_rollback(True)  # the player moved in time after all
    return played


def _left(since: datetime | None, seconds: float) -> float:
    """Seconds until ``since + seconds``; a little slack, as a timer task may start a few
    milliseconds early."""
    if since is None:
        return 0.0
    return (since + timedelta(seconds=seconds) - timezone.now()).total_seconds() - 0.05


def _past(since: datetime | None, seconds: float) -> bool:
    return _left(since, seconds) <= 0


def absence_expire(*, absence_id: int) -> bool:
    """The reconnect window of an absence closed: unless the player came back, the seat
    is forfeit, and if it must act now the computer moves for it at once."""
    absence = SeatAbsence.objects.filter(pk=absence_id, returned_at__isnull=True,
                                         forfeited_at__isnull=True).first()
    settings = TableSettings.objects.filter(game_id=absence.game_id).first() if absence else None
    if absence is None or settings is None:
        return False
    if not _past(absence.away_since, float(settings.reconnect_window)):
        return False
    absence.forfeited_at = timezone.now()
    absence.save(update_fields=["forfeited_at"])
    game = Game.objects.get(pk=absence.game_id)
    if game.status == Game.Status.FINISHED:
        _record_forfeits(game)
    else:
        _game_moved(game.pk, game.seq)
    return True


def timers_sweep() -> int:
    """Fire timers whose tasks were lost (a broker that lost its data): every active game
    with a timer whose person to act is past the deadline. Returns the timers fired."""
    fired = 0
    for settings in TableSettings.objects.filter(move_timer__isnull=False,
                                                 game__status=Game.Status.ACTIVE).select_related("game"):
        game = settings.game
        people = {s.number for s in seats_of(game) if s.player_id is not None}
        for seat in actors(game_state(game)):
            if seat in people and seat_timed_out(game_id=game.pk, seat=seat, expected_seq=game.seq,
                                                 wait_out=False):
                fired += 1
                break
    for absence in SeatAbsence.objects.filter(returned_at__isnull=True, forfeited_at__isnull=True,
                                              game__status=Game.Status.ACTIVE):
        fired += absence_expire(absence_id=absence.pk)
    return fired
