"""What a websocket connection sends: its viewer, and the game's events rendered for it.

Every process serving sockets keeps each watched game's committed events in memory (a
growing prefix of the log: events never change, so it can only be short, never wrong).
A notice ``(game_id, seq)`` then costs one query per process instead of one per
connection (none in the process that made the move: it keeps the events it committed),
and 500 spectators of one table share both the query and the rendered text (redaction
depends only on the viewer's seat).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from accounts.models import Player
from games import privacy, selectors, snapshots, spectators, store
from games.engine import Event, GameFinished, State, apply, event_from_dict, legal_actions, redact, replay
from games.errors import GameNotFound
from games.models import Game
from live.db import db_call

# Games whose logs one process keeps; a game that falls out is simply read again.
CACHED_GAMES = 512


@dataclass(frozen=True)
class Stored:
    seq: int
    event: Event
    # An action starts here (a seat acted; the deal and follow-ups have no actor).
    acted: bool


@dataclass(frozen=True)
class Viewer:
    """Who a connection shows the game to. ``seat`` None: a spectator."""

    game_id: int
    created_at: datetime
    player: Player | None
    seat: int | None
    # Actions a spectator lags behind (0 for players: they see their own table live).
    delay: int
    # Seats can still change while the game waits for players.
    waiting: bool


@dataclass
class _Log:
    events: tuple[Stored, ...] = ()
    # Rendered ``event`` messages by (seq, seat): spectators all share seat None.
    texts: dict[tuple[int, int | None], str] = field(default_factory=dict)
    # Held while this game's log is read from the database: one read of a game at a time.
    loading: threading.Lock = field(default_factory=threading.Lock)
    # The state after the first ``folded`` events, for ``turn`` messages: touched on the
    # event loop only, and always consistent (the events are an immutable prefix).
    state: State | None = None
    folded: int = 0


# Guards the table of logs only, never a query: the event loop takes it for every event it
# renders, and a read held under it stalled every socket of the process (at 500 tables,
# reads queued behind each other and the loop behind them).
_lock = threading.Lock()
_logs: OrderedDict[tuple[int, datetime], _Log] = OrderedDict()
# Reads in flight, by game and event loop (tests run one loop per test).
_loading: dict[tuple[int, datetime, int], asyncio.Future[tuple[Stored, ...]]] = {}


def forget_all() -> None:
    with _lock:
        _logs.clear()


def viewer_of(game_id: int, player: Player | None) -> Viewer:
    """The viewer ``player`` is in game ``game_id``; raises ``GameNotFound``."""
    game = selectors.game_get(game_id)
    seats = selectors.seats_of(game)
    if not privacy.is_visible_to(game, player, seats):  # a private game: its players' alone
        raise GameNotFound(game_id)
    seat = selectors.seat_number_of(seats, player)
    delay = game.spectator_delay if seat is None else 0
    return Viewer(game.pk, game.created_at, player, seat, delay, game.status == Game.Status.WAITING)


def _log_of(viewer: Viewer) -> _Log:
    key = (viewer.game_id, viewer.created_at)
    with _lock:
        log = _logs.get(key)
        if log is None:
            log = _logs[key] = _Log()
            while len(_logs) > CACHED_GAMES:
                _logs.popitem(last=False)
        else:
            _logs.move_to_end(key)
        return log


def _load(viewer: Viewer, upto: int | None) -> tuple[Stored, ...]:
    """Extend the cached log to seq ``upto`` (None: to the last committed event)."""
    log = _log_of(viewer)
    with log.loading:
        have = log.events
        if upto is not None and len(have) >= upto:
            return have
        fresh = [
            Stored(seq, event_from_dict(payload), actor_seat is not None)
            for seq, payload, actor_seat in store.stored_events(viewer.game_id, after=len(have))
        ]
        # Appends commit whole and in seq order, so the rows read are the next ones.
        log.events = have + tuple(fresh)
        return log.events


def remember(game_id: int, created_at: datetime, seq: int, events: tuple[Event, ...], acted: bool) -> None:
    """A move this process just committed, its last event at ``seq``: a game whose log is
    cached here, up to the move, keeps its events, so the notice that follows reads
    nothing back (the mover's socket and any other of the game in this process). A log
    that is short or already past them is left for the database to extend."""
    with _lock:
        log = _logs.get((game_id, created_at))
    if log is None or not events:
        return
    first = seq - len(events) + 1
    with log.loading:
        if len(log.events) == first - 1:
            log.events = log.events + tuple(Stored(first + index, event, acted and index == 0)
                                            for index, event in enumerate(events))


async def events_upto(viewer: Viewer, seq: int | None) -> tuple[Stored, ...]:
    """The game's events, at least up to ``seq`` (None: every committed one).

    Read from the database only when the cache is short, and then once per process: the
    hundreds of connections a notice wakes at once wait for the one read in flight
    instead of queueing their own on the database thread."""
    if seq is None:
        return await db_call(_load)(viewer, None)
    while True:
        have = _log_of(viewer).events
        if len(have) >= seq:
            return have
        key = (viewer.game_id, viewer.created_at, id(asyncio.get_running_loop()))
        load = _loading.get(key)
        if load is None:
            load = _loading[key] = asyncio.ensure_future(db_call(_load)(viewer, seq))
            load.add_done_callback(lambda done, key=key: _loading.pop(key, None))  # type: ignore[misc]
        # A load that began before ``seq`` was committed may come back short: go again.
        await asyncio.shield(load)


def visible_seq(events: tuple[Stored, ...], delay: int) -> int:
    """The last seq of ``events`` a spectator lagging ``delay`` actions may see
    (``games.spectators`` decides, for sockets as for REST)."""
    if not events:
        return 0
    finished = isinstance(events[-1].event, GameFinished)
    starts = [stored.seq for stored in events if stored.acted] if delay > 0 and not finished else []
    return spectators.visible_seq(starts, events[-1].seq, delay, finished)


def event_text(viewer: Viewer, stored: Stored) -> str:
    """The ``event`` message for ``stored`` as ``viewer`` may see it, as JSON text."""
    log = _log_of(viewer)
    key = (stored.seq, viewer.seat)
    text = log.texts.get(key)
    if text is None:
        event = {"seq": stored.seq, **redact(stored.event, viewer.seat)}
        text = log.texts[key] = json.dumps({"type": "event", "event": event}, ensure_ascii=False)
    return text


def turn_text(viewer: Viewer, events: tuple[Stored, ...]) -> str | None:
    """The ``turn`` message for a seated viewer once ``events`` are sent: its legal actions
    then, as its view would list them (None for a spectator or a table not dealt yet).

    A socket that asks for them (``?turns=1``) need not read its view over REST after every
    move of the other side to learn what it may do: the state is folded here from the
    events this process holds anyway, with no database read. Only the viewer's own
    options, which its own hand decides, go to it."""
    if viewer.seat is None or viewer.waiting or not events:
        return None
    log = _log_of(viewer)
    state, folded = log.state, log.folded
    if state is None or folded > len(events):  # another socket of the game went further
        state = replay(stored.event for stored in events)
    else:
        for stored in events[folded:]:
            state = apply(state, stored.event)
    log.state, log.folded = state, len(events)
    # The seat's next move, if made over a socket of this process, then finds the game's
    # state at its seq here instead of reading the events the other side appended.
    snapshots.remember(viewer.game_id, viewer.created_at, len(events), state)
    legal = [action.to_dict() for action in legal_actions(state, viewer.seat)]
    status = Game.Status.FINISHED if state.result is not None else Game.Status.ACTIVE
    return json.dumps({"type": "turn", "seq": len(events), "status": str(status), "legal_actions": legal},
                      ensure_ascii=False)


def state_view(viewer: Viewer) -> dict[str, Any]:
    """The viewer's view now; for a lagging spectator, the view at the visible seq."""
    game = selectors.game_get(viewer.game_id)
    if viewer.delay <= 0 or viewer.seat is not None:
        return selectors.game_view_for(game, viewer.player)
    events = _load(viewer, game.seq)[: game.seq]
    seq = visible_seq(events, viewer.delay)
    if seq == game.seq:
        return selectors.game_view_for(game, viewer.player)
    return selectors.lagging_view(game, selectors.seats_of(game), seq)


def refreshed(viewer: Viewer) -> Viewer:
    """The viewer again, once more from the database (seats change before the start)."""
    fresh = viewer_of(viewer.game_id, viewer.player)
    return replace(fresh, created_at=viewer.created_at)
