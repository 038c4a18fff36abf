"""A per-process cache of rebuilt states: for each game, the latest state this process
has seen, with its seq.

Events are never changed, so the state after seq N of a game is fixed forever: a cached
state can only be missing or old, never wrong. An old one is brought up to date by
folding just the events after it (another worker process appended them), which is the
same replay, started later. ``created_at`` is in the key because SQLite may reuse the id
of a game whose creation rolled back. States are immutable, so sharing one between
threads is safe. Entries go in only after the transaction that wrote them commits.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime

from django.conf import settings

from games.engine import State

_Key = tuple[int, datetime | None]
_lock = threading.Lock()
_states: OrderedDict[_Key, tuple[int, State]] = OrderedDict()


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


def forget_all() -> None:
    with _lock:
        _states.clear()
