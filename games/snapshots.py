"""A per-process cache of rebuilt states, keyed by (game, created_at, seq).

Events are never changed, so the state after seq N of a game is fixed forever: a cached
state can only be missing, never wrong. ``created_at`` is in the key because SQLite may
reuse the id of a game whose creation rolled back. States are immutable, so sharing one
between threads is safe. Entries go in only after the transaction that wrote them commits.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime

from django.conf import settings

from games.engine import State

_Key = tuple[int, datetime | None, int]
_lock = threading.Lock()
_states: OrderedDict[_Key, State] = OrderedDict()


def recall(game_id: int, created_at: datetime | None, seq: int) -> State | None:
    key = (game_id, created_at, seq)
    with _lock:
        state = _states.get(key)
        if state is not None:
            _states.move_to_end(key)
        return state


def remember(game_id: int, created_at: datetime | None, seq: int, state: State) -> None:
    with _lock:
        _states[(game_id, created_at, seq)] = state
        _states.move_to_end((game_id, created_at, seq))
        while len(_states) > settings.DURAK_STATE_CACHE_SIZE:
            _states.popitem(last=False)


def forget_all() -> None:
    with _lock:
        _states.clear()
