"""Every SQL statement of the account stream: append (exactly once, in order) and read.

Appending locks the players' ``StreamHead`` rows in player order (no deadlock between two
appends to overlapping players), skips events whose key the player already has, numbers
the rest after the head and writes them in the caller's transaction. The delivery runs
after that transaction commits (``stream.delivery``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from stream import delivery
from stream.models import StreamEvent, StreamHead


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
    wanted = [p for p in pending]
    if not wanted:
        return []
    now = at or timezone.now()
    players = sorted({p.player_id for p in wanted})
    with transaction.atomic():
        StreamHead.objects.bulk_create([StreamHead(player_id=p) for p in players], ignore_conflicts=True)
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
            transaction.on_commit(partial(delivery.delivered, [(r.player_id, r.number, r.as_dict()) for r in rows]))
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
