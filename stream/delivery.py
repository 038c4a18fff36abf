"""After an append commits: wake the player's open streams, then tell the apps above.

The layer message names the player's newest number (and carries the append's events);
each open stream passes on carried events that follow exactly on the last one it sent
and otherwise reads the rows after that one (``stream.store``), so a lost or repeated
message loses or repeats nothing. An append for many players (a round's table_ready)
sends one message to every server process's hub instead (``stream.hub``).
``events_stored`` (a ``core.hooks.Hooks``: push connects) hears each append's events once,
together (a round's thousand in one call: one query for their subscriptions), after the
commit: what a hook raises is logged, the next runs.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from channels.layers import get_channel_layer

from core.hooks import Hooks
from live.broadcast import send_group
from live.notices import notify_many, player_group
from stream import hub

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class EventStored:
    """An event appended to a player's stream and committed, as the contract spells it."""

    player_id: int
    event: dict[str, Any]
    # Whether the player may have devices to wake (``StreamHead.wakes`` as the append read
    # it): False only when the player had never kept a push subscription.
    wakes: bool = True


events_stored: Hooks[list[EventStored], None] = Hooks("push")


def stream_group(player_id: int) -> str:
    return player_group(player_id)


# Events a wake-up carries at most; an append with more for one player names the newest
# only, and its streams read them from the store.
CARRIED = 20


# From this many players on, one message for every server process's hub (``stream.hub``)
# instead of one per player's group.
MANY = 32


def _send_many(wakes: list[tuple[int, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        send_group(layer, hub.GROUP, hub.message(wakes))
    except Exception:  # lost: each stream's keepalive read brings its events
        logger.exception("Could not wake the streams of %s players", len(wakes))


def delivered(rows: list[tuple[int, int, dict[str, Any]]], *, waking: frozenset[int] | None = None) -> None:
    """Wake each player's streams (every player in one go: a round tells a thousand at
    once), then the ``events_stored`` hooks. The message carries the events (ids and
    numbers, never a card) so that a stream that has sent everything before them passes
    them on without reading the store; any other stream reads the store as before.
    ``waking``: the players that may have devices to wake (None: any of them may)."""
    mine: dict[int, list[dict[str, Any]]] = {}
    for player_id, _number, event in sorted(rows, key=lambda row: (row[0], row[1])):
        mine.setdefault(player_id, []).append(event)
    wakes = [(player_id, {"type": "stream", "id": events[-1]["id"],
                          **({"events": events} if len(events) <= CARRIED else {})})
             for player_id, events in mine.items()]
    if len(wakes) >= MANY:
        _send_many(wakes)
    else:
        notify_many([(stream_group(player_id), data) for player_id, data in wakes])
    events_stored.call_logged([EventStored(player_id, event, waking is None or player_id in waking)
                               for player_id, _number, event in rows])
