"""Per-process caches: for each game, the latest rebuilt state this process has seen,
with its seq; for each started game, its table (who sits where); and for each game with a
time bank, its banks as folded up to some seq (``games.banks``).

Events are never changed, so the state after seq N of a game is fixed forever: a cached
state can only be missing or old, never wrong. An old one is brought up to date by
folding just the events after it (another worker process appended them), which is the
same replay, started later. ``created_at`` is in the key because SQLite may reuse the id
of a game whose creation rolled back. States are immutable, so sharing one between
threads is safe. Entries go in only after the transaction that wrote them commits.

A started game's seats never change (joins and fills end when it starts), so its table
is cached too, with the seat names as read then: a guest who registers changes name,
so names older than ``TABLE_NAMES_FOR`` seconds are read again (see
``store.game_recalled``).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings

from games.engine import State

_Key = tuple[int, datetime | None]
_lock = threading.Lock()
_states: OrderedDict[_Key, tuple[int, State]] = OrderedDict()

# How long a cached table's seat names are shown before they are read again.
TABLE_NAMES_FOR = 5.0


@dataclass(frozen=True)
class GameSetup:
    """What a started game's row and seats say that does not change while it is played."""

    created_at: datetime | None
    started_at: datetime | None
    creator_id: int | None
    rules: dict[str, Any]
    # The table's options and its deal's commitment, in ``store.OPTION_COLUMNS`` order:
    # fixed at creation.
    options: tuple[Any, ...]
    # (seat id, number, player id, ai level, client seed, player name) in seat order
    seats: tuple[tuple[int, int, int | None, str, str, str | None], ...]
    read_at: float


_tables: OrderedDict[int, GameSetup] = OrderedDict()


@dataclass(frozen=True)
class BankFold:
    """A game's time banks folded up to ``seq`` (``games.banks``): fixed forever, as the
    events and their times are."""

    seq: int
    # When the event at ``seq`` was stored (None: nothing folded yet).
    at: datetime | None
    # The state after ``seq`` (None: before the first event).
    state: State | None
    # Seconds left in each seat's bank when the event at ``seq`` was stored.
    seconds: tuple[float, ...]


_banks: OrderedDict[_Key, BankFold] = OrderedDict()


def latest(game_id: int, created_at: datetime | None) -> tuple[int, State] | None:
    """The newest cached (seq, state) of a game, if any."""
    key = (game_id, created_at)
    with _lock:
        entry = _states.get(key)
        if entry is not None:
            _states.move_to_end(key)
        return entry


def recall(game_id: int, created_at: datetime | None, seq: int) -> State | None:
    """The cached state at exactly ``seq``, if that is the newest one cached."""
    entry = latest(game_id, created_at)
    return entry[1] if entry is not None and entry[0] == seq else None


def remember(game_id: int, created_at: datetime | None, seq: int, state: State) -> None:
    key = (game_id, created_at)
    with _lock:
        entry = _states.get(key)
        if entry is None or entry[0] <= seq:  # never replace a newer state by an older one
            _states[key] = (seq, state)
        _states.move_to_end(key)
        while len(_states) > settings.DURAK_STATE_CACHE_SIZE:
            _states.popitem(last=False)


def table(game_id: int) -> GameSetup | None:
    """The game's cached table, if it was read less than ``TABLE_NAMES_FOR`` seconds ago."""
    with _lock:
        entry = _tables.get(game_id)
        if entry is None or time.monotonic() - entry.read_at > TABLE_NAMES_FOR:
            return None
        _tables.move_to_end(game_id)
        return entry


def remember_table(game_id: int, entry: GameSetup) -> None:
    with _lock:
        _tables[game_id] = entry
        _tables.move_to_end(game_id)
        while len(_tables) > settings.DURAK_STATE_CACHE_SIZE:
            _tables.popitem(last=False)


def bank_fold(game_id: int, created_at: datetime | None) -> BankFold | None:
    """The newest cached fold of a game's banks, if any."""
    key = (game_id, created_at)
    with _lock:
        entry = _banks.get(key)
        if entry is not None:
            _banks.move_to_end(key)
        return entry


def remember_bank_fold(game_id: int, created_at: datetime | None, fold: BankFold) -> None:
    key = (game_id, created_at)
    with _lock:
        entry = _banks.get(key)
        if entry is None or entry.seq <= fold.seq:  # never replace a newer fold by an older one
            _banks[key] = fold
        _banks.move_to_end(key)
        while len(_banks) > settings.DURAK_STATE_CACHE_SIZE:
            _banks.popitem(last=False)


def forget_all() -> None:
    with _lock:
        _states.clear()
        _tables.clear()
        _banks.clear()
