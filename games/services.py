"""Writes: create, join and fill a game, play an action, play a computer turn.

Each write follows check-then-do (Zulip style): read the game, check seat, status and
seq, let the engine decide, then in one transaction update the game's summary *only if
it is still at the seq the move expects* and append every resulting event; after commit
announce the new seq and enqueue a computer turn if one is due.

Two moves racing at one seq: both may read and decide, but only one update finds the
game at that seq (PostgreSQL makes the second wait for the first's commit, then matches
no row; SQLite queues writers at ``BEGIN IMMEDIATE``). The loser appends nothing and gets
``409 stale_seq``; the unique (game, seq) constraint stays the backstop everywhere.
"""

from __future__ import annotations

import logging
import random
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache, partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from accounts.models import Player
from games import broadcast, signals, snapshots
from games.engine import (
    Action,
    Event,
    GameFinished,
    GameStarted,
    IllegalAction,
    InvalidAction,
    Rules,
    State,
    apply,
    decide,
    event_to_dict,
    legal_actions,
    shuffled_deck,
    start,
)
from games.engine.ai import LEVELS, choose_action
from games.errors import (
    AlreadySeated,
    GameNotFound,
    GameNotStarted,
    IllegalActionError,
    InvalidActionError,
    NoOpenSeat,
    NotCreator,
    StaleSeq,
)
from games.models import Game, GameEvent, Seat
from games.selectors import (
    ai_seats_to_act,
    ai_seed,
    game_recalled,
    game_state,
    game_with_seats,
    history_for,
    seated_number,
    seats_of,
)

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Played:
    """A game right after a write: the row, its seats and the state at ``game.seq``."""

    game: Game
    seats: list[Seat]
    state: State | None


def _engine_refusal(error: InvalidAction | IllegalAction) -> InvalidActionError | IllegalActionError:
    if isinstance(error, IllegalAction):
        return IllegalActionError(error.message, reason=error.code)
    return InvalidActionError(error.message, reason=error.code)


def _ai_levels(opponents: object, players: int) -> list[str]:
    if opponents is None:
        return []
    if not isinstance(opponents, list):
        raise InvalidActionError("'opponents' must be a list like [{\"ai\": \"novice\"}].")
    if len(opponents) > players - 1:
        raise InvalidActionError(f"A {players}-player game has room for {players - 1} opponents.")
    return [_ai_level(item.get("ai") if isinstance(item, dict) else None) for item in opponents]


def _ai_level(level: object) -> str:
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidActionError(f"A computer opponent is one of: {', '.join(LEVELS)}.")
    return level


def _game_locked(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist as error:
        raise GameNotFound(game_id) from error


@lru_cache(maxsize=4096)
def _timed_table(game_id: int, created_at: datetime | None) -> bool:
    """Whether the game's table has a move timer. The live hook (``live.services.game_moved``)
    has nothing to do without one, and a table's options are written with the game's
    creation and never change, so each process asks once per game."""
    from live.models import TableSettings  # live play builds on games: import late

    return TableSettings.objects.filter(game_id=game_id, move_timer__isnull=False).exists()


def _after_commit(game_id: int, created_at: datetime | None, seq: int, state: State, ai_due: bool) -> None:
    # Only committed states may enter the cache: a rolled-back seq could be reused.
    snapshots.remember(game_id, created_at, seq, state)
    broadcast.announce(game_id, seq)
    if ai_due:
        from games.tasks import enqueue_ai_turn  # tasks call services: import late

        enqueue_ai_turn(game_id, seq)
    if _timed_table(game_id, created_at):
        from live.services import game_moved  # live play (timers) builds on games: import late

        game_moved(game_id, seq)  # after the computer's turn is on its way: timers can wait
    if state.result is not None:
        # Last, so listeners (tournaments) see the forfeits the live hook recorded.
        for receiver, error in signals.game_finished.send_robust(sender=Game, game_id=game_id):
            if isinstance(error, Exception):
                logger.error("game %s finished: %r failed", game_id, receiver, exc_info=error)


# A move's event rows: (seq, type, schema version, payload, actor seat, actor id).
_Row = tuple[int, str, int, dict[str, Any], int | None, int | None]


def _summary(game: Game) -> list[Any]:
    """The game's new summary as parameters: seq, status, started_at, finished_at, result, last_event_at."""
    ops = connection.ops
    return [game.seq, game.status, ops.adapt_datetimefield_value(game.started_at),
            ops.adapt_datetimefield_value(game.finished_at),
            None if game.result is None else ops.adapt_json_value(game.result, None),
            ops.adapt_datetimefield_value(game.last_event_at)]


def _event_values(rows: list[_Row], now: datetime) -> list[list[Any]]:
    """Each row's parameters after the game id: seq, type, v, payload, actor seat, actor id, created_at."""
    ops = connection.ops
    created_at = ops.adapt_datetimefield_value(now)
    return [[seq, kind, version, ops.adapt_json_value(payload, None), actor_seat, actor_id, created_at]
            for seq, kind, version, payload, actor_seat, actor_id in rows]


_SET_SUMMARY = ("SET seq = %s, status = %s, started_at = %s, finished_at = %s, result = %s, last_event_at = %s"
                " WHERE id = %s AND seq = %s")
_EVENT_COLUMNS = "(game_id, seq, type, schema_version, payload, actor_seat, actor_id, created_at)"


def _store(game: Game, expected: int, rows: list[_Row], now: datetime) -> bool:
    """Store a move atomically: the game's new summary, only if the stored game is still
    at seq ``expected``, and its events. False, with nothing stored, if it has moved on.

    Plain SQL: these writes are the whole cost of a move's transaction, and the ORM's
    compilers cost several times the statements. On PostgreSQL it is one statement (a
    data-modifying CTE: the insert takes its game id from the guarded update, so no row
    updated means no event inserted), atomic by itself: no BEGIN/COMMIT round trips."""
    game_table, event_table = Game._meta.db_table, GameEvent._meta.db_table
    if connection.vendor == "postgresql":
        # The first row's casts type the VALUES list's columns; NULLs would be text.
        values = ", ".join(["(%s::integer, %s::varchar, %s::smallint, %s::jsonb, %s::smallint, %s::bigint,"
                            " %s::timestamptz)"] + ["(%s, %s, %s, %s, %s, %s, %s)"] * (len(rows) - 1))
        sql = (f"WITH moved AS (UPDATE {game_table} {_SET_SUMMARY} RETURNING id)"
               f" INSERT INTO {event_table} {_EVENT_COLUMNS} SELECT moved.id, e.* FROM moved, (VALUES {values}) AS e")
        # Inside an outer transaction a savepoint keeps a refused statement from spoiling it.
        with transaction.atomic() if connection.in_atomic_block else nullcontext(), connection.cursor() as cursor:
            cursor.execute(sql, [*_summary(game), game.pk, expected,
                                 *(value for row in _event_values(rows, now) for value in row)])
            return cursor.rowcount == len(rows)
    values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s)"] * len(rows))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"UPDATE {game_table} {_SET_SUMMARY}", [*_summary(game), game.pk, expected])
        if cursor.rowcount != 1:
            return False
        cursor.execute(f"INSERT INTO {event_table} {_EVENT_COLUMNS} VALUES {values}",
                       [value for row in _event_values(rows, now) for value in (game.pk, *row)])
    return True


def _append(game: Game, seats: list[Seat], state: State | None, events: list[Event], *,
            actor_seat: int | None, actor: Player | None) -> State:
    """Append ``events`` after ``game.seq`` and update the game's summary, atomically;
    returns the new state. Raises ``StaleSeq`` when the game is no longer at
    ``game.seq``: the summary's update names the seq it expects, so the first writer wins
    and every later one finds nothing to update (on PostgreSQL it waits for the first to
    commit and then sees the new seq; on SQLite writers queue at BEGIN)."""
    expected = game.seq
    now = timezone.now()
    rows: list[_Row] = []
    for index, event in enumerate(events):
        state = apply(state, event)
        game.seq += 1
        payload = event_to_dict(event)
        caused = index == 0 and actor_seat is not None
        rows.append((game.seq, event.type, payload["v"], payload, actor_seat if caused else None,
                     actor.pk if caused and actor is not None else None))
        if isinstance(event, GameStarted):
            game.status = Game.Status.ACTIVE
            game.started_at = now
        elif isinstance(event, GameFinished):
            game.status = Game.Status.FINISHED
            game.finished_at = now
            game.result = payload
    assert state is not None, "a game's first event is GameStarted"
    game.last_event_at = now
    if not _store(game, expected, rows, now):
        raise _stale(game.pk)
    ai_due = bool(ai_seats_to_act(state, seats))
    transaction.on_commit(partial(_after_commit, game.pk, game.created_at, game.seq, state, ai_due))
    return state


def _start(game: Game, seats: list[Seat]) -> State:
    """Every seat is filled: shuffle, deal and open the first bout."""
    rules = Rules.from_dict(game.rules)
    events = start(rules, shuffled_deck(rules, random.SystemRandom()))
    return _append(game, seats, None, events, actor_seat=None, actor=None)


@transaction.atomic
def game_create(*, creator: Player, rules: object, opponents: object = None) -> Played:
    """A new game: the creator in seat 0, computer opponents next, the rest open.
    With no open seat left it starts at once."""
    try:
        parsed = Rules.from_dict(rules)
    except InvalidAction as error:
        raise _engine_refusal(error) from error
    levels = _ai_levels(opponents, parsed.players)
    game = Game.objects.create(rules=parsed.to_dict(), creator=creator)
    seats = [Seat(game=game, number=0, player=creator)]
    seats += [Seat(game=game, number=n, ai_level=level) for n, level in enumerate(levels, start=1)]
    seats += [Seat(game=game, number=n) for n in range(len(seats), parsed.players)]
    Seat.objects.bulk_create(seats)
    state = _start(game, seats) if not any(seat.is_open for seat in seats) else None
    return Played(game, seats, state)


def _seat_open(game: Game, seats: list[Seat]) -> Seat:
    if game.status != Game.Status.WAITING:
        raise NoOpenSeat()
    for seat in seats:
        if seat.is_open:
            return seat
    raise NoOpenSeat()


@transaction.atomic
def game_join(*, game_id: int, player: Player) -> Played:
    """Take the next open seat; the last one to sit down starts the game."""
    game = _game_locked(game_id)
    seats = seats_of(game)
    if any(seat.player_id == player.id for seat in seats):
        raise AlreadySeated()
    seat = _seat_open(game, seats)
    seat.player = player
    seat.save(update_fields=["player"])
    state = _start(game, seats) if not any(s.is_open for s in seats) else None
    return Played(game, seats, state)


@transaction.atomic
def game_fill(*, game_id: int, player: Player, level: object) -> Played:
    """The creator gives every open seat to a computer player and the game starts."""
    ai = _ai_level(level)
    game = _game_locked(game_id)
    if game.creator_id != player.id:
        raise NotCreator()
    seats = seats_of(game)
    _seat_open(game, seats)
    for seat in seats:
        if seat.is_open:
            seat.ai_level = ai
            seat.save(update_fields=["ai_level"])
    return Played(game, seats, _start(game, seats))


def _check_current(game: Game, expected_seq: int) -> None:
    if game.status == Game.Status.WAITING:
        raise GameNotStarted()
    if game.seq != expected_seq:
        raise StaleSeq(game.seq)


def _stale(game_id: int) -> StaleSeq:
    """Someone appended first: the refusal carries the seq the game is at now."""
    seq = Game.objects.filter(pk=game_id).values_list("seq", flat=True).first()
    if seq is None:
        raise GameNotFound(game_id)
    return StaleSeq(seq)


def _stale_after_race(game_id: int, expected_seq: int, error: IntegrityError) -> StaleSeq:
    """The unique (game, seq) backstop fired: someone appended at this seq first."""
    stale = _stale(game_id)
    if stale.extra["seq"] == expected_seq:
        raise error  # not a race at all: a real integrity bug, let it surface
    return stale


def action_play(*, game_id: int, player: Player, action: Action, expected_seq: int) -> Played:
    """A seated player's action at ``expected_seq``: decided by the engine, appended
    with its follow-up events, or refused.

    Usually this process has the game's table and its state at ``expected_seq`` cached
    (it answered the mover's last move or view), and nothing is read: the write names
    the seq it expects (see ``_append``), so a move decided on a game that has moved on
    appends nothing and is refused with the seq that won. Otherwise the game is read,
    without a lock, and checked before the engine decides."""
    recalled = game_recalled(game_id, expected_seq)
    if recalled is not None:
        game, seats, state = recalled
        seat = seated_number(seats, player)  # seats are final once a game has started
    else:
        game, seats = game_with_seats(game_id)
        seat = seated_number(seats, player)
        _check_current(game, expected_seq)
        state = game_state(game)
    try:
        events = decide(state, seat, action)
    except (InvalidAction, IllegalAction) as error:
        if recalled is not None:
            # Decided on a cached state: if the game has moved on, that is the answer.
            _check_current(game_with_seats(game_id)[0], expected_seq)
        raise _engine_refusal(error) from error
    try:
        state = _append(game, seats, state, events, actor_seat=seat, actor=player)
    except IntegrityError as error:
        raise _stale_after_race(game_id, expected_seq, error) from error
    return Played(game, seats, state)


def ai_turn_play(*, game_id: int, expected_seq: int) -> bool:
    """One computer move at ``expected_seq``, if the game is still there and a computer
    seat must act. Returns whether a move was appended; stale calls do nothing, so a
    task delivered twice moves once."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.seq != expected_seq:
        return False
    seats = seats_of(game)
    state = game_state(game)
    due = ai_seats_to_act(state, seats)
    if not due:
        return False
    seat = due[0]
    # Think outside the transaction: a search level may take a while.
    action = choose_action(state, seat.number, seat.ai_level, seed=ai_seed(game_id, expected_seq),
                           budget_ms=settings.DURAK_AI_BUDGET_MS, history=history_for(game, seat.ai_level))
    try:
        events = decide(state, seat.number, action)
    except (InvalidAction, IllegalAction):
        logger.exception("AI %s chose an illegal action %r in game %s", seat.ai_level, action, game_id)
        events = decide(state, seat.number, legal_actions(state, seat.number)[0])
    try:
        _append(game, seats, state, events, actor_seat=seat.number, actor=None)
    except (StaleSeq, IntegrityError):
        return False
    return True


def seat_stand_in_play(*, game_id: int, seat: int, expected_seq: int, level: str = "experienced") -> bool:
    """The computer plays one move for a person's seat at ``expected_seq`` (their move
    timer ran out; see ``live.services``). Appended like a computer turn, with no actor:
    the person did not make it. Stale calls do nothing, so a task run twice moves once."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.seq != expected_seq:
        return False
    seats = seats_of(game)
    state = game_state(game)
    if not legal_actions(state, seat):
        return False
    action = choose_action(state, seat, level, seed=ai_seed(game_id, expected_seq),
                           budget_ms=settings.DURAK_AI_BUDGET_MS, history=history_for(game, level))
    events = decide(state, seat, action)
    try:
        _append(game, seats, state, events, actor_seat=seat, actor=None)
    except (StaleSeq, IntegrityError):
        return False
    return True
