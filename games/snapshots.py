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
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from django.conf import settings

from games.engine import State

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class _Lru(Generic[_K, _V]):
    """A map shared by a process's threads that keeps the ``DURAK_STATE_CACHE_SIZE``
    entries used last. With ``seq_of``, an entry is never replaced by an older one: two
    threads may fold the same game to different seqs and remember them in either order."""

    def __init__(self, seq_of: Callable[[_V], int] | None = None) -> None:
        self._entries: OrderedDict[_K, _V] = OrderedDict()
        self._lock = threading.Lock()
        self._seq_of = seq_of

    def get(self, key: _K) -> _V | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def put(self, key: _K, value: _V) -> None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or self._seq_of is None or self._seq_of(entry) <= self._seq_of(value):
                self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > settings.DURAK_STATE_CACHE_SIZE:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


_Key = tuple[int, datetime | None]
_states: _Lru[_Key, tuple[int, State]] = _Lru(seq_of=lambda entry: entry[0])

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


_tables: _Lru[int, GameSetup] = _Lru()


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


_banks: _Lru[_Key, BankFold] = _Lru(seq_of=lambda fold: fold.seq)


def latest(game_id: int, created_at: datetime | None) -> tuple[int, State] | None:
    """The newest cached (seq, state) of a game, if any."""
    return _states.get((game_id, created_at))


def recall(game_id: int, created_at: datetime | None, seq: int) -> State | None:
    """The cached state at exactly ``seq``, if that is the newest one cached."""
    entry = latest(game_id, created_at)
    return entry[1] if entry is not None and entry[0] == seq else None


def remember(game_id: int, created_at: datetime | None, seq: int, state: State) -> None:
    _states.put((game_id, created_at), (seq, state))


def table(game_id: int) -> GameSetup | None:
    """The game's cached table, if it was read less than ``TABLE_NAMES_FOR`` seconds ago."""
    entry = _tables.get(game_id)
    if entry is None or time.monotonic() - entry.read_at > TABLE_NAMES_FOR:
        return None
    return entry


def remember_table(game_id: int, entry: GameSetup) -> None:
    _tables.put(game_id, entry)


def bank_fold(game_id: int, created_at: datetime | None) -> BankFold | None:
    """The newest cached fold of a game's banks, if any."""
    return _banks.get((game_id, created_at))


def remember_bank_fold(game_id: int, created_at: datetime | None, fold: BankFold) -> None:
    _banks.put((game_id, created_at), fold)


def forget_all() -> None:
    for cache in (_states, _tables, _banks):
        cache.clear()
