"""Every SQL statement of the account stream: append (exactly once, in order) and read.

Appending locks the players' ``StreamHead`` rows in player order (no deadlock between two
appends to overlapping players), skips events whose key the player already has, numbers
the rest after the head and writes them in the caller's transaction. The delivery runs
after that transaction commits (``stream.delivery``).

On PostgreSQL the same append is first tried as one statement (``_APPEND_AT_ONCE``, in a
savepoint inside a transaction) instead of five to seven round trips: a turn is told with
every move. What it cannot do alone (a player with no head yet, a key written by another
append meanwhile, a deadlock) goes through the general path, which decides it as before.
A move's turns usually ride in the move's own statement instead (``rider``: the same
CTEs, written only if the move is).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from django.db import DatabaseError, IntegrityError, OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone

from games.store import Rider
from stream import delivery
from stream.models import StreamEvent, StreamHead

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Pending:
    """An event to append: who it concerns, its type and fields, and its once-only key."""

    player_id: int
    type: str
    data: dict[str, Any]
    key: str


# Events read per query; a longer backlog is read page by page.
PAGE = 500


class ResyncNeeded(Exception):
    """The events after the client's id are no longer kept."""


def append(pending: Iterable[Pending], *, at: datetime | None = None) -> list[StreamEvent]:
    """Append each pending event unless its player has its key already; returns the rows
    written. Runs in the caller's transaction (or its own); delivered after the commit."""
    wanted = _once(pending)
    if not wanted:
        return []
    now = at or timezone.now()
    if connection.vendor != "postgresql":
        return _append_locked(wanted, now)
    written = _append_at_once(wanted, now)
    if written is None:
        return _append_locked(wanted, now)
    done = {row.player_id for row in written}
    rest = [p for p in wanted if p.player_id not in done]
    if not rest:
        return written
    # Players new to the stream (no head yet: a round of fresh accounts) get their heads,
    # then the same one statement numbers their events: not 2,000 rows built one by one.
    _heads_made({p.player_id for p in rest})
    again = _append_at_once(rest, now)
    if again is None:
        return written + _append_locked(rest, now)
    done |= {row.player_id for row in again}
    last = [p for p in rest if p.player_id not in done]
    return written + again + (_append_locked(last, now) if last else [])


def _heads_made(players: set[int]) -> None:
    """A head for each of ``players`` that has none (a twin made meanwhile is kept). In a
    savepoint: a deadlock here fails the append (which the caller logs), never the move."""
    with transaction.atomic():
        StreamHead.objects.bulk_create([StreamHead(player_id=p) for p in sorted(players)], ignore_conflicts=True)


def head_wakes(player_id: int) -> None:
    """From now on the player's appends say they may wake devices (``StreamHead.wakes``):
    the push app calls it when it keeps a subscription, in that transaction. An append
    locks the head, so one running meanwhile reads the flag as it was or waits for it."""
    StreamHead.objects.bulk_create([StreamHead(player_id=player_id, wakes=True)], update_conflicts=True,
                                   unique_fields=["player"], update_fields=["wakes"])


def _once(pending: Iterable[Pending]) -> list[Pending]:
    """The pending events in order, each (player, key) once."""
    seen: set[tuple[int, str]] = set()
    wanted = []
    for p in pending:
        if (p.player_id, p.key) not in seen:
            seen.add((p.player_id, p.key))
            wanted.append(p)
    return wanted


# One statement: the new events (``fresh``: keys the players have not got yet) numbered
# after their players' heads, which are locked in player order (as ``_append_locked``
# does) and advanced. A player without a head gets nothing here (the general path makes
# heads). The key check reads the statement's snapshot: a twin committed by another
# append while this one waited for the lock breaks the key's unique constraint instead,
# and the general path then decides.
_EVENTS, _HEADS = StreamEvent._meta.db_table, StreamHead._meta.db_table
# ``{guard}``: more of ``fresh``'s condition (a ride's: only if the move is stored).
_AT_ONCE_CTES = f"""
wanted AS (
    SELECT * FROM jsonb_to_recordset(%s::jsonb) AS w(ord int, player_id bigint, type varchar, data jsonb, key varchar)
    LIMIT {{rows:d}}
), fresh AS (
    SELECT w.* FROM wanted w
    WHERE NOT EXISTS (SELECT 1 FROM {_EVENTS} e WHERE e.player_id = w.player_id AND e.key = w.key){{guard}}
), counts AS (
    SELECT player_id, count(*) AS n FROM fresh GROUP BY player_id
), locked AS (
    SELECT h.player_id FROM {_HEADS} h WHERE h.player_id IN (SELECT player_id FROM counts)
    ORDER BY h.player_id FOR UPDATE
), advanced AS (
    UPDATE {_HEADS} h SET last_number = h.last_number + c.n
    FROM counts c JOIN locked l ON l.player_id = c.player_id
    WHERE h.player_id = c.player_id
    RETURNING h.player_id, h.last_number, c.n, h.wakes
), inserted AS (
    INSERT INTO {_EVENTS} (player_id, number, type, data, at, key)
    SELECT f.player_id, a.last_number - a.n + row_number() OVER (PARTITION BY f.player_id ORDER BY f.ord),
           f.type, f.data, %s, f.key
    FROM fresh f JOIN advanced a ON a.player_id = f.player_id
    RETURNING id, player_id, number, key
)"""
_AT_ONCE_ROWS = "SELECT i.id, i.player_id, i.number, i.key, a.wakes FROM inserted i JOIN advanced a ON a.player_id = i.player_id"
_APPEND_AT_ONCE = f"WITH {_AT_ONCE_CTES} {_AT_ONCE_ROWS}"


def _as_json(wanted: list[Pending]) -> str:
    # The rows as one JSON text (psycopg quotes arrays element by element). The LIMIT of
    # ``_AT_ONCE_CTES`` tells the planner how many there are: a set-returning function
    # counts as 100 rows, for which it checked the keys by hashing the whole stream table,
    # not by the key's index (4.4 ms a move at 10,000 events and growing, not 0.2). It is
    # written in, not a parameter: a prepared statement's generic plan cannot see a
    # parameter's value, so PostgreSQL planned this one afresh on every move (a third of its
    # planning at 150 tables); one statement per count keeps its plan.
    return json.dumps([{"ord": n, "player_id": p.player_id, "type": p.type, "data": p.data, "key": p.key}
                       for n, p in enumerate(wanted)])


def _written(wanted: list[Pending], returned: list[tuple[Any, ...]], now: datetime) -> list[StreamEvent]:
    """The rows ``_AT_ONCE_ROWS`` returned, as ``StreamEvent`` instances in player and number order."""
    by_key = {(p.player_id, p.key): p for p in wanted}
    return sorted((StreamEvent(id=pk, player_id=player_id, number=number, type=by_key[player_id, key].type,
                               data=by_key[player_id, key].data, at=now, key=key)
                   for pk, player_id, number, key, _wakes in returned), key=lambda row: (row.player_id, row.number))


def _waking(returned: list[tuple[Any, ...]]) -> frozenset[int]:
    return frozenset(player_id for _pk, player_id, _number, _key, wakes in returned if wakes)


def rider(pending: Iterable[Pending], *, at: datetime | None = None) -> Rider | None:
    """The same append riding in a move's own statement (``games.store.Rider``: written
    only if the move is stored), on PostgreSQL; None: nothing to append. Once the statement
    has committed, its rows are delivered, and an event it could not write (its player has
    no head yet: the deal, in its transaction, makes them) is appended on its own then."""
    wanted = _once(pending)
    if not wanted:
        return None
    now = at or timezone.now()

    def landed(returned: list[tuple[Any, ...]]) -> None:
        rows = _written(wanted, returned, now)
        _delivered_on_commit(rows, _waking(returned))
        done = {(row.player_id, row.key) for row in rows}
        missed = [p for p in wanted if (p.player_id, p.key) not in done]
        if missed:  # a player with no head yet, or a key already there (which this skips)
            try:
                append(missed, at=now)
            except Exception:
                logger.exception("stream: the events of %s after their move", sorted({p.player_id for p in missed}))

    return Rider(ctes=_AT_ONCE_CTES.format(rows=len(wanted), guard=" AND EXISTS (SELECT 1 FROM moved)"),
                 rows=_AT_ONCE_ROWS, params=[_as_json(wanted), now], landed=landed)


def _append_at_once(wanted: list[Pending], now: datetime) -> list[StreamEvent] | None:
    """``_APPEND_AT_ONCE``, delivered after the commit; None: the general path must decide
    (a twin key or a deadlock: the statement changed nothing). Inside a transaction a
    savepoint keeps its failure from spoiling the caller's. It is rolled back to on a
    failure and otherwise left to the commit, which ends it: not released, since a RELEASE
    is a round trip of its own (with the SAVEPOINT, 5% of a REST move's CPU)."""
    savepoint = connection.savepoint() if connection.in_atomic_block else None
    try:
        with connection.cursor() as cursor:
            cursor.execute(_APPEND_AT_ONCE.format(rows=len(wanted), guard=""), [_as_json(wanted), now])
            returned = cursor.fetchall()
    except (IntegrityError, OperationalError):
        if savepoint is not None:
            _rolled_back_to(savepoint)
        return None
    rows = _written(wanted, returned, now)
    _delivered_on_commit(rows, _waking(returned))
    return rows


def _delivered_on_commit(rows: list[StreamEvent], waking: frozenset[int]) -> None:
    """Hand ``rows`` to delivery once the transaction commits (never before: a rolled-back
    event must not reach a socket or a phone); ``waking``: their players with a push
    subscription (``StreamHead.wakes``)."""
    if rows:
        transaction.on_commit(partial(delivery.delivered, [(r.player_id, r.number, r.as_dict()) for r in rows],
                                      waking=waking))


def _rolled_back_to(savepoint: str) -> None:
    """Back to ``savepoint``; when that fails too (the connection is gone), the caller's
    transaction is marked to roll back, as ``transaction.atomic`` does for its savepoint."""
    try:
        connection.savepoint_rollback(savepoint)
    except DatabaseError:
        connection.needs_rollback = True


def _append_locked(wanted: list[Pending], now: datetime) -> list[StreamEvent]:
    """The general append, in the caller's transaction or its own (module docstring)."""
    players = sorted({p.player_id for p in wanted})
    with transaction.atomic():
        _heads_made(set(players))
        heads = {h.player_id: h for h in StreamHead.objects.select_for_update().filter(player_id__in=players)
                 .order_by("player_id")}
        have = set(StreamEvent.objects.filter(player_id__in=players, key__in={p.key for p in wanted})
                   .values_list("player_id", "key"))
        rows: list[StreamEvent] = []
        for p in wanted:
            if (p.player_id, p.key) in have:
                continue
            have.add((p.player_id, p.key))
            head = heads[p.player_id]
            head.last_number += 1
            rows.append(StreamEvent(player_id=p.player_id, number=head.last_number, type=p.type, data=p.data,
                                    at=now, key=p.key))
        if rows:
            StreamEvent.objects.bulk_create(rows)
            _heads_advance(rows)
            _delivered_on_commit(rows, frozenset(player_id for player_id, head in heads.items() if head.wakes))
    return rows


def _heads_advance(rows: list[StreamEvent]) -> None:
    """Store each head's new number: an UPDATE per distinct count of new events (a round's
    thousand players with one each: one statement), not a CASE over every head. The rows
    are locked (``append``), so adding to the stored number gives the number just set."""
    added: dict[int, int] = {}
    for row in rows:
        added[row.player_id] = added.get(row.player_id, 0) + 1
    by_count: dict[int, list[int]] = {}
    for player_id, count in added.items():
        by_count.setdefault(count, []).append(player_id)
    for count, players in by_count.items():
        for first in range(0, len(players), 500):  # SQLite's parameter limit
            StreamHead.objects.filter(player_id__in=players[first:first + 500]).update(
                last_number=F("last_number") + count)


def events_after(player_id: int, after: int, *, limit: int = PAGE) -> list[dict[str, Any]]:
    """The player's events numbered above ``after``, oldest first (at most ``limit``).
    Raises ``ResyncNeeded`` when some of them were pruned."""
    pruned = StreamHead.objects.filter(player_id=player_id).values_list("pruned_through", flat=True).first() or 0
    if after < pruned:
        raise ResyncNeeded()
    rows = StreamEvent.objects.filter(player_id=player_id, number__gt=after).order_by("number")[:limit]
    return [row.as_dict() for row in rows]


def last_number(player_id: int) -> int:
    return StreamHead.objects.filter(player_id=player_id).values_list("last_number", flat=True).first() or 0


def prune(before: datetime) -> int:
    """Remove events older than ``before``, noting per player the last number removed (so
    a client behind it is told to resync). Returns how many were removed."""
    removed = 0
    players = (StreamEvent.objects.filter(at__lt=before).values_list("player_id", flat=True).distinct())
    for player_id in list(players):
        with transaction.atomic():
            head = StreamHead.objects.select_for_update().get(player_id=player_id)
            old = StreamEvent.objects.filter(player_id=player_id, at__lt=before)
            through = max(old.order_by("-number").values_list("number", flat=True).first() or 0, head.pruned_through)
            removed += old.delete()[0]
            head.pruned_through = through
            head.save(update_fields=["pruned_through"])
    return removed
