"""Move timers, seats left and taken back, forfeits.

The timer never blocks anything: each committed move schedules a Celery task per person
who must act, carrying the seq it was set at. When it fires at that same seq, the
computer plays one move for the seat (through ``games.services`` like any move) and the
seat counts as away. The player takes it back by acting or reconnecting within the
reconnect window; after the window the seat is forfeit, the computer finishes the game
for it, and the result lists it under ``forfeits`` (a loss in any standings).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games import clocks, computer, snapshots, store
from games import services as game_services
from games.deadlines import AWAY_MOVE_AFTER, people_due, people_of, seat_deadline  # noqa: F401  (AWAY_MOVE_AFTER: the timers' own rule, read by views too)
from games.engine import State, actors
from games.models import Game, SeatAbsence
from games.selectors import game_state, seats_of
from games.signals import MoveCommitted
from games.tasks import enqueue_ai_turn

logger = logging.getLogger(__name__)



def seat_returned(*, game_id: int, seat: int) -> bool:
    """The seat's player is back (acted or connected): the computer stops standing in,
    unless the window has closed already. Returns whether an absence ended."""
    return bool(SeatAbsence.objects.filter(
        game_id=game_id, seat=seat, returned_at__isnull=True, forfeited_at__isnull=True,
    ).update(returned_at=timezone.now()))


def seat_away(*, game_id: int, seat: int) -> bool:
    """Whether the computer stands in for the seat now (its clock ran out, its player has
    not come back, and the window has not closed)."""
    return SeatAbsence.objects.filter(game_id=game_id, seat=seat, returned_at__isnull=True,
                                      forfeited_at__isnull=True).exists()


def _open_absence(game_id: int, seat: int) -> SeatAbsence | None:
    return SeatAbsence.objects.filter(game_id=game_id, seat=seat, returned_at__isnull=True).first()


def timers_hook(move: MoveCommitted) -> None:
    """The ``timers`` stage of a committed move (``games.signals``): only timed tables
    have anything to do, and they do it with the move's own row, seats and state. The
    move is committed already, so a failure here is logged, never raised: the sweep fires
    timers that were never set."""
    if not move.timed:
        return
    try:
        if move.mover is not None:
            seat_returned(game_id=move.game_id, seat=move.mover)
        latest = snapshots.latest(move.game_id, move.game.created_at)
        if latest is not None and latest[0] > move.seq:
            return  # a later move (a computer's, answered inline) has set the clocks
        _clocks_set(move.game, frozenset(move.people), move.state)
    except Exception:
        logger.exception("Live hook failed for game %s at seq %s", move.game_id, move.seq)


def _game_moved(game_id: int, seq: int) -> None:
    """What a move's timers hook does, for the game as stored, when it is still at
    ``seq`` (else a later move's hook does the work)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.move_timer is None or game.seq != seq:
        return
    last_action = store.last_action(game_id)
    if last_action is not None and last_action[1] is not None:
        seat_returned(game_id=game_id, seat=last_action[0])
    state = game_state(game) if game.status == Game.Status.ACTIVE else None
    _clocks_set(game, people_of(seats_of(game)), state)


def _clocks_set(game: Game, holders: frozenset[int], state: State | None) -> None:
    """After a move at a timed table: start the clocks of people who must act at
    ``game.seq``, or note the forfeits once it is finished. ``holders``: the seats people
    hold, given up or not."""
    if game.status == Game.Status.FINISHED:
        _record_forfeits(game)
        return
    if game.status != Game.Status.ACTIVE or state is None:
        return
    due = people_due(state, holders)  # a seat given up is the computer's: no clock
    if not due:
        return
    absences = {a.seat: a for a in SeatAbsence.objects.filter(game_id=game.pk, returned_at__isnull=True)}
    for seat in due:
        # The move timer, or sooner the seat's time bank (``games.banks``).
        countdown = seat_deadline(game, holders, seat, absences.get(seat))
        if countdown is not None:
            clocks.later(clocks.SEAT_TIMEOUT, (game.pk, seat, game.seq), countdown)


def _record_forfeits(game: Game) -> None:
    # Seats given up by leaving are in the result already (``games.leaving``): kept.
    forfeits = sorted(set(SeatAbsence.objects.filter(game=game, forfeited_at__isnull=False)
                          .values_list("seat", flat=True)) | set((game.result or {}).get("forfeits") or ()))
    if forfeits and game.result is not None and game.result.get("forfeits") != forfeits:
        Game.objects.filter(pk=game.pk).update(result={**game.result, "forfeits": forfeits})


def seat_timed_out(*, game_id: int, seat: int, expected_seq: int, wait_out: bool = True) -> bool:
    """The timer set at ``expected_seq`` ran out (the move timer, or the seat's time bank):
    if the game is still there and the seat still must act, the computer plays one move
    for it and the seat counts as away.
    Safe to run twice or late: any other seq is a no-op; a seat with time left (it came
    back) gets a timer for the rest, unless ``wait_out`` is off (the sweep's calls)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.move_timer is None or game.seq != expected_seq or game.status != Game.Status.ACTIVE:
        return False
    absence = _open_absence(game_id, seat)
    # A bank that ran out times the seat out exactly as its move timer would.
    holders = people_of(seats_of(game)) if game.time_bank is not None else frozenset()
    deadline = seat_deadline(game, holders, seat, absence)
    if deadline is None:
        return False
    left = _left(game.last_event_at, deadline)
    if left > 0:
        if not wait_out:
            return False
        # Early for this seat: it came back since the short timer was set. Its full
        # time runs from the same move, so wait out the rest.
        clocks.later(clocks.SEAT_TIMEOUT, (game_id, seat, expected_seq), left)
        return False
    with transaction.atomic():
        if absence is None:
            absence = SeatAbsence.objects.create(game_id=game_id, seat=seat, away_since=timezone.now())
            window = float(game.reconnect_window)
            transaction.on_commit(lambda: clocks.later(clocks.ABSENCE_EXPIRE, (absence.pk,), window))
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
    is forfeit, and if it must act now the computer moves for it at once.

    A game that ended while the window was still open keeps its result: the seat was not
    given up while there was play, and a finished game's result is final (a tournament
    derives its rounds from it: a forfeit written after the next round was seated would
    make a player who went on one who left)."""
    absence = SeatAbsence.objects.filter(pk=absence_id, returned_at__isnull=True,
                                         forfeited_at__isnull=True).select_related("game").first()
    if absence is None or absence.game.status == Game.Status.FINISHED:
        return False
    if not _past(absence.away_since, float(absence.game.reconnect_window)):
        return False
    absence.forfeited_at = timezone.now()
    absence.save(update_fields=["forfeited_at"])
    _game_moved(absence.game_id, absence.game.seq)
    return True


def timers_sweep() -> int:
    """Fire timers whose tasks were lost (a broker that lost its data): every active game
    with a timer whose person to act is past the deadline. Returns the timers fired."""
    fired = 0
    for game in Game.objects.filter(move_timer__isnull=False, status=Game.Status.ACTIVE):
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


def table_nudge(game_id: int) -> int:
    """A table that may be stuck (staff asked, or a seat was just disqualified): a clock
    past its deadline fires now (a forfeited seat's move at once), an absence past its
    window expires, and a computer turn that was lost is enqueued again. Returns what
    fired; safe at any time."""
    fired = 0
    for absence_id in SeatAbsence.objects.filter(game_id=game_id, returned_at__isnull=True,
                                                 forfeited_at__isnull=True).values_list("pk", flat=True):
        fired += absence_expire(absence_id=absence_id)
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None:
        return fired
    seats = seats_of(game)
    state = game_state(game)
    people = {s.number for s in seats if s.player_id is not None}
    for seat in actors(state):
        if seat in people and seat_timed_out(game_id=game_id, seat=seat, expected_seq=game.seq, wait_out=False):
            return fired + 1
    if computer.seats_to_act(state, seats):
        enqueue_ai_turn(game_id, game.seq)
        fired += 1
    return fired
