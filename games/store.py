"""The event store: every SQL statement of a move's append and of the log's reads.

A game is its ``GameEvent`` rows (seq 1, 2, 3, ...) plus a summary on the ``Game`` row
(seq, status, result, times) written in the same statement or transaction as the
events. The append names the seq it expects: the first writer wins, every later one
finds nothing to update and appends nothing (see ``events_append``).

Plain SQL here, and only here: a move's writes and the reads every move and view start
with are the whole cost of a request, and the ORM's compilers and per-row converters
cost several times the statements. The instances handed out are built as the ORM would
(``from_db``), so callers cannot tell.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import DEFERRED

from accounts.models import Player
from games import snapshots
from games.engine import State
from games.errors import GameNotFound
from games.models import Game, GameEvent, Seat, SeatAbsence

# A move's event rows: (seq, type, schema version, payload, actor seat, actor id).
Row = tuple[int, str, int, dict[str, Any], int | None, int | None]

# The table's options, its deal's commitment and whether it is private: columns of the
# game row that never change once it is created (``private`` read with them, so a game
# loaded here can be checked against its viewer with no query: ``games.privacy``).
OPTION_COLUMNS = ["move_timer", "reconnect_window", "spectator_delay", "hints", "rated", "deal_commitment", "private",
                  "time_bank", "time_increment"]
_GAME_COLUMNS = ["id", "rules", "status", "seq", "creator_id", "result", "created_at", "started_at",
                 "last_event_at", "finished_at", *OPTION_COLUMNS]
_SEAT_COLUMNS = ["id", "game_id", "number", "player_id", "ai_level", "client_seed"]


def _aware(value: Any) -> datetime | None:
    """A datetime column read by plain SQL: SQLite gives it naive (stored as UTC), as the
    ORM's converter would before making it aware."""
    if value is None or not isinstance(value, datetime) or value.tzinfo is not None:
        return value  # type: ignore[no-any-return]
    return value.replace(tzinfo=UTC)


def _json(value: Any) -> Any:
    # PostgreSQL's jsonb arrives as text through Django's psycopg setup, SQLite's as text.
    return json.loads(value) if isinstance(value, str | bytes) else value


# --- the append ---------------------------------------------------------------------------

def _summary(game: Game) -> list[Any]:
    """The game's new summary as parameters: seq, status, started_at, finished_at, result, last_event_at."""
    ops = connection.ops
    # The status as plain text: psycopg looks a TextChoices member's dumper up through its classes.
    return [game.seq, str(game.status), ops.adapt_datetimefield_value(game.started_at),
            ops.adapt_datetimefield_value(game.finished_at),
            None if game.result is None else ops.adapt_json_value(game.result, None),
            ops.adapt_datetimefield_value(game.last_event_at)]


def _event_values(rows: list[Row], now: datetime) -> list[list[Any]]:
    """Each row's parameters after the game id: seq, type, v, payload, actor seat, actor id, created_at."""
    ops = connection.ops
    created_at = ops.adapt_datetimefield_value(now)
    return [[seq, kind, version, ops.adapt_json_value(payload, None), actor_seat, actor_id, created_at]
            for seq, kind, version, payload, actor_seat, actor_id in rows]


_SET_SUMMARY = ("SET seq = %s, status = %s, started_at = %s, finished_at = %s, result = %s, last_event_at = %s"
                " WHERE id = %s AND seq = %s")
_EVENT_COLUMNS = "(game_id, seq, type, schema_version, payload, actor_seat, actor_id, created_at)"


def _values_typed(count: int) -> str:
    """The VALUES list of ``count`` event rows on PostgreSQL: the first row's casts type
    its columns (NULLs would otherwise be text)."""
    return ", ".join(["(%s::integer, %s::varchar, %s::smallint, %s::jsonb, %s::smallint, %s::bigint,"
                      " %s::timestamptz)"] + ["(%s, %s, %s, %s, %s, %s, %s)"] * (count - 1))


def events_append(game: Game, expected: int, rows: list[Row], now: datetime) -> bool:
    """Store a move atomically: the game's new summary, only if the stored game is still
    at seq ``expected``, and its events. False, with nothing stored, if it has moved on.

    On PostgreSQL it is one statement (a data-modifying CTE: the insert takes its game
    id from the guarded update, so no row updated means no event inserted). On SQLite both
    statements run in one transaction, which ``BEGIN IMMEDIATE`` makes writers queue for.
    The caller runs it in a transaction (or savepoint) of the move's own, with what is
    stored with the move (``games.services._append``): a refused statement spoils only that."""
    game_table, event_table = Game._meta.db_table, GameEvent._meta.db_table
    if connection.vendor == "postgresql":
        sql = (f"WITH moved AS (UPDATE {game_table} {_SET_SUMMARY} RETURNING id)"
               f" INSERT INTO {event_table} {_EVENT_COLUMNS} SELECT moved.id, e.* FROM moved,"
               f" (VALUES {_values_typed(len(rows))}) AS e")
        with connection.cursor() as cursor:
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


@dataclass(frozen=True)
class Rider:
    """What an app above stores with a move, as SQL that rides in the move's own statement
    (``events_append_alone``): its CTEs (``ctes``, written after the move's own), the SELECT
    of the rows it wants back (``rows``), their parameters in the order they appear, and
    what it does with those rows once the statement has committed (``landed``).

    Its CTEs may read ``moved``, which holds the game's id when the move is stored and
    nothing when the game had moved on: they must then write nothing (``WHERE EXISTS
    (SELECT 1 FROM moved)``). The names ``moved`` and ``appended`` are the move's."""

    ctes: str
    rows: str
    params: list[Any]
    landed: Callable[[list[tuple[Any, ...]]], None]


def events_append_alone(game: Game, expected: int, rows: list[Row], now: datetime,
                        rider: Rider | None) -> list[tuple[Any, ...]] | None:
    """``events_append`` and what ``rider`` stores, as one statement, on PostgreSQL with no
    transaction open: the statement commits by itself, so a move costs one round trip,
    not the five of a transaction (BEGIN, the move, a savepoint, its turns, COMMIT). The
    statement is atomic: the database stores all of it or none. Returns the rider's rows
    (an empty list with no rider), or None when the game has moved on and nothing was
    stored. An error (a twin key, a deadlock) stored nothing either: it propagates."""
    assert connection.vendor == "postgresql" and not connection.in_atomic_block
    game_table, event_table = Game._meta.db_table, GameEvent._meta.db_table
    sql = (f"WITH moved AS (UPDATE {game_table} {_SET_SUMMARY} RETURNING id),"
           f" appended AS (INSERT INTO {event_table} {_EVENT_COLUMNS} SELECT moved.id, e.* FROM moved,"
           f" (VALUES {_values_typed(len(rows))}) AS e RETURNING 1)")
    if rider is None:
        sql += " SELECT count(*) FROM appended"
    else:
        # One row at least (the LEFT JOIN), so the count arrives when the rider has no row.
        sql += (f", {rider.ctes} SELECT (SELECT count(*) FROM appended), r.*"
                f" FROM (SELECT 1) AS one LEFT JOIN ({rider.rows}) AS r ON true")
    params = [*_summary(game), game.pk, expected, *(value for row in _event_values(rows, now) for value in row)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params + (rider.params if rider is not None else []))
        fetched = cursor.fetchall()
    if fetched[0][0] != len(rows):
        return None
    return [row[1:] for row in fetched if any(value is not None for value in row[1:])]


# Event rows per INSERT when many games start at once: 8 parameters a row stays under
# SQLite's oldest limit (999), and one statement still carries a hundred rows.
_STARTED_BATCH = 100


def games_started(started: list[tuple[Game, int, list[Row]]], now: datetime) -> None:
    """Store the opening events of many new games and their summaries at once (a round's
    tables): the rows ``events_append`` would write one game at a time, in a statement per
    distinct summary and one per hundred events, not three round trips per game. Each game
    is ``(game, expected seq, rows)``; only games created in the caller's transaction are
    passed, so no other writer can have moved them, and a mismatch is a bug: it raises."""
    if not started:
        return
    game_table, event_table = Game._meta.db_table, GameEvent._meta.db_table
    # Games dealt together mostly end up alike (same seq, status and times): an UPDATE each
    # group (of at most 500 ids: SQLite's parameter limit), not one per game.
    alike: dict[tuple[Any, ...], list[Game]] = {}
    for game, expected, _rows in started:
        key = (game.seq, game.status, game.started_at, game.finished_at, json.dumps(game.result, sort_keys=True),
               game.last_event_at, expected)
        alike.setdefault(key, []).append(game)
    groups = [(key[-1], group[i:i + 500]) for key, group in alike.items() for i in range(0, len(group), 500)]
    values = [[game.pk, *row] for game, _expected, rows in started for row in _event_values(rows, now)]
    with transaction.atomic(), connection.cursor() as cursor:
        for expected, games in groups:
            ids = [game.pk for game in games]
            marks = ", ".join(["%s"] * len(ids))
            cursor.execute(f"UPDATE {game_table} SET seq = %s, status = %s, started_at = %s, finished_at = %s,"
                           f" result = %s, last_event_at = %s WHERE id IN ({marks}) AND seq = %s",
                           [*_summary(games[0]), *ids, expected])
            if cursor.rowcount != len(ids):
                raise RuntimeError(f"new games moved before their deal was stored: {ids}")
        for start in range(0, len(values), _STARTED_BATCH):
            batch = values[start:start + _STARTED_BATCH]
            marks = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s)"] * len(batch))
            cursor.execute(f"INSERT INTO {event_table} {_EVENT_COLUMNS} VALUES {marks}",
                           [value for row in batch for value in row])


def game_seq(game_id: int) -> int | None:
    """The seq the stored game is at now (None: there is no such game)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT seq FROM {Game._meta.db_table} WHERE id = %s", [game_id])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def games_seqs(game_ids: list[int]) -> dict[int, int]:
    """The seq each stored game is at now, in a statement per 500 games (SQLite's parameter
    limit); a game that is not stored is left out."""
    seqs: dict[int, int] = {}
    for first in range(0, len(game_ids), 500):
        part = game_ids[first:first + 500]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id, seq FROM {Game._meta.db_table} WHERE id IN ({', '.join(['%s'] * len(part))})",
                           part)
            seqs.update((int(game_id), int(seq)) for game_id, seq in cursor.fetchall())
    return seqs


# --- the game and its table -----------------------------------------------------------------

def _seats(game: Game, table: snapshots.GameSetup) -> list[Seat]:
    alias = connection.alias
    seats = []
    for seat_id, number, player_id, ai_level, client_seed, name in table.seats:
        seat = Seat.from_db(alias, _SEAT_COLUMNS, [seat_id, game.pk, number, player_id, ai_level, client_seed])
        seat.game = game  # one Game instance, so updates through any seat agree
        if player_id is not None:
            seat.player = Player.from_db(alias, ["id", "name"], [player_id, name])
        seats.append(seat)
    return seats


def _game(game_id: int, table: snapshots.GameSetup, seq: int, status: str, result: Any,
          last_event_at: Any, finished_at: Any) -> Game:
    return Game.from_db(connection.alias, _GAME_COLUMNS, [
        game_id, table.rules, status, seq, table.creator_id, result, table.created_at, table.started_at,
        last_event_at, finished_at, *table.options,
    ])


def game_with_seats(game_id: int) -> tuple[Game, list[Seat]]:
    """A game, its seats and their players' names, read without a lock (writes are
    guarded by the seq they expect). One query: the game row alone when this process has
    the started game's table cached, else the game with its seats and players."""
    table = snapshots.table(game_id)
    if table is not None:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT seq, status, result, last_event_at, finished_at FROM {Game._meta.db_table}"
                           " WHERE id = %s", [game_id])
            row = cursor.fetchone()
        if row is None:
            raise GameNotFound(game_id)
        seq, status, result, last_event_at, finished_at = row
        game = _game(game_id, table, seq, status, _json(result), _aware(last_event_at), _aware(finished_at))
        return game, _seats(game, table)
    game_table, seat_table = Game._meta.db_table, Seat._meta.db_table
    player_table = Player._meta.db_table
    columns = ", ".join(f"g.{column}" for column in _GAME_COLUMNS)
    with connection.cursor() as cursor:
        # Each name by its key (a subquery, not a join): a join let the planner hash every
        # player for two seats whenever its row counts were stale, as on a young database
        # whose players are being made (0.2 ms a read, the most of any read at 150 tables).
        cursor.execute(
            f"SELECT {columns}, s.id, s.number, s.player_id, s.ai_level, s.client_seed,"
            f" (SELECT p.name FROM {player_table} p WHERE p.id = s.player_id) FROM {seat_table} s"
            f" JOIN {game_table} g ON g.id = s.game_id WHERE s.game_id = %s ORDER BY s.number",
            [game_id],
        )
        rows = cursor.fetchall()
    if not rows:
        raise GameNotFound(game_id)
    width = len(_GAME_COLUMNS)
    (pk, rules, status, seq, creator_id, result, created_at, started_at, last_event_at,
     finished_at) = rows[0][:10]
    (move_timer, reconnect_window, spectator_delay, hints, rated, deal_commitment, private, time_bank,
     time_increment) = rows[0][10:width]
    table = snapshots.GameSetup(
        created_at=_aware(created_at), started_at=_aware(started_at), creator_id=creator_id, rules=_json(rules),
        options=(move_timer, reconnect_window, spectator_delay, bool(hints), bool(rated), deal_commitment,
                 bool(private), time_bank, time_increment),
        seats=tuple((seat_id, number, player_id, ai_level, client_seed, name)
                    for *_, seat_id, number, player_id, ai_level, client_seed, name in rows),
        read_at=time.monotonic(),
    )
    if status != Game.Status.WAITING:  # seats are final once the game has started
        snapshots.remember_table(pk, table)
    game = _game(pk, table, seq, status, _json(result), _aware(last_event_at), _aware(finished_at))
    return game, _seats(game, table)


def game_recalled(game_id: int, seq: int) -> tuple[Game, list[Seat], State] | None:
    """The active game at ``seq`` from this process's caches alone (its table and its
    state at exactly that seq), or None. The game may have moved on since (another
    process appended): a write from here must be guarded by ``seq``, as every write is."""
    table = snapshots.table(game_id)
    if table is None:
        return None
    state = snapshots.recall(game_id, table.created_at, seq)
    if state is None or state.result is not None:
        return None
    game = _game(game_id, table, seq, Game.Status.ACTIVE, None, DEFERRED, None)
    return game, _seats(game, table), state


# --- the seats left empty ----------------------------------------------------------------------

_ABSENCE_COLUMNS = ["id", "game_id", "seat", "away_since", "returned_at", "forfeited_at"]


def open_absences(game_ids: list[int]) -> list[SeatAbsence]:
    """The open absences (not returned; forfeited ones included) at these games' tables,
    in a statement per 500 games (SQLite's parameter limit): read with every timed move's
    turns, and almost always none."""
    table, alias = SeatAbsence._meta.db_table, connection.alias
    rows: list[Any] = []
    for first in range(0, len(game_ids), 500):
        part = game_ids[first:first + 500]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {', '.join(_ABSENCE_COLUMNS)} FROM {table}"
                           f" WHERE game_id IN ({', '.join(['%s'] * len(part))}) AND returned_at IS NULL", part)
            rows += cursor.fetchall()
    return [SeatAbsence.from_db(alias, _ABSENCE_COLUMNS, [pk, game_id, seat, _aware(away), _aware(returned),
                                                          _aware(forfeited)])
            for pk, game_id, seat, away, returned, forfeited in rows]


# --- the log --------------------------------------------------------------------------------

def stored_payloads(game_id: int, seq: int, after: int = 0) -> list[dict[str, Any]]:
    """The stored events' payloads after ``after`` up to ``seq``, in order: the hot read
    of every state rebuild (a 200-event game: ~1 ms of SQL, ~8 ms through the ORM)."""
    table = GameEvent._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT payload FROM {table} WHERE game_id = %s AND seq > %s AND seq <= %s ORDER BY seq",
                       [game_id, after, seq])
        rows = cursor.fetchall()
    return [_json(value) for (value,) in rows]


def stored_events(game_id: int, after: int = 0, upto: int | None = None) -> list[tuple[int, dict[str, Any], int | None]]:
    """The committed events after ``after`` (up to ``upto``; None: every one), in order:
    (seq, payload, actor seat)."""
    table = GameEvent._meta.db_table
    sql = f"SELECT seq, payload, actor_seat FROM {table} WHERE game_id = %s AND seq > %s"
    with connection.cursor() as cursor:
        if upto is None:
            cursor.execute(f"{sql} ORDER BY seq", [game_id, after])
        else:
            cursor.execute(f"{sql} AND seq <= %s ORDER BY seq", [game_id, after, upto])
        rows = cursor.fetchall()
    return [(seq, _json(payload), actor_seat) for seq, payload, actor_seat in rows]


def stored_timeline(game_id: int, seq: int, after: int = 0) -> list[tuple[int, dict[str, Any], int | None, datetime]]:
    """The stored events after ``after`` up to ``seq``, in order, with when each was
    stored: (seq, payload, actor seat, created_at), what the time banks are folded from
    (``games.banks``)."""
    table = GameEvent._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT seq, payload, actor_seat, created_at FROM {table}"
                       " WHERE game_id = %s AND seq > %s AND seq <= %s ORDER BY seq", [game_id, after, seq])
        rows = cursor.fetchall()
    return [(number, _json(payload), actor_seat, _created(created_at))
            for number, payload, actor_seat, created_at in rows]


def _created(value: Any) -> datetime:
    moment = _aware(value)
    assert moment is not None, "an event row always has its created_at"
    return moment


def action_starts(game_id: int, upto: int, last: int | None = None) -> list[int]:
    """The seqs, up to ``upto`` and in order, at which a seat's action starts (the deal
    and follow-ups have no actor); only the ``last`` ones when given."""
    table = GameEvent._meta.db_table
    sql = f"SELECT seq FROM {table} WHERE game_id = %s AND seq <= %s AND actor_seat IS NOT NULL"
    with connection.cursor() as cursor:
        if last is None:
            cursor.execute(f"{sql} ORDER BY seq", [game_id, upto])
            return [seq for (seq,) in cursor.fetchall()]
        cursor.execute(f"{sql} ORDER BY seq DESC LIMIT %s", [game_id, upto, last])
        return sorted(seq for (seq,) in cursor.fetchall())


def last_action(game_id: int) -> tuple[int, int | None] | None:
    """The seat and player id (None: the computer) of the game's last action, if any."""
    table = GameEvent._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT actor_seat, actor_id FROM {table} WHERE game_id = %s AND actor_seat IS NOT NULL"
                       " ORDER BY seq DESC LIMIT 1", [game_id])
        row = cursor.fetchone()
    return None if row is None else (int(row[0]), row[1])
