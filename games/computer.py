"""The computer players' side of the platform: who must act, the seed and the history a
computer thinks with, games whose computer turn was lost, and hints.

A computer player sees only what its seat sees (the engine's ``choose_action`` takes an
observation of the state, never the others' hands). Its seed comes from (game, seq), so a
task delivered twice, or a hint asked twice, computes the same move. The turns
themselves are Celery tasks (``games.tasks``) that play through ``games.services``.
"""

from __future__ import annotations

import hashlib
import time
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from accounts.models import Player
from games import selectors, store
from games.engine import Action, Event, State, action_from_dict, actors, event_from_dict, legal_actions
from games.engine.ai import READERS, Level, choose_action
from games.errors import GameNotStarted, HintsOff
from games.models import Game, GameEvent, Seat

# Thinking time of a hint: the asker is waiting, and a hint is only advice.
HINT_BUDGET_MS = 200
# The master searches for as long as it is given (the other levels answer at once), and it
# thinks in the web process, next to everyone's moves: a hint at this level gets a small
# budget, so a few clients asking master hints cannot slow every other request down.
MASTER_HINT_BUDGET_MS = 50
# A hint computed once stays cached for (game, seq, seat, level): the seq moves on with
# the game, so an entry only serves repeated asks of one position.
HINT_CACHE_SECONDS = 600
# While one request computes a hint, another asking the same waits for its answer (polling
# the cache); a lock outliving its holder (a process died) expires and the waiter computes.
HINT_LOCK_SECONDS = 5
HINT_WAIT_SECONDS = 2.0
HINT_POLL_SECONDS = 0.02
_NOTHING = "none"  # cached "no hint" (the cache cannot tell a stored None from a miss)


# The level that plays a seat its person gave up (``games.leaving``), like a stand-in
# after a move timer.
GIVEN_UP_LEVEL = "experienced"


def seats_to_act(state: State, seats: list[Seat]) -> list[Seat]:
    """Computer seats that have something to do now, in the engine's actor order; a seat
    its person gave up counts as one (``level_of``)."""
    by_number = {seat.number: seat for seat in seats}
    return [by_number[n] for n in actors(state)
            if n in by_number and (by_number[n].ai_level or state.given_up >> n & 1)]


def level_of(seat: Seat) -> str:
    """The computer level that plays ``seat``: its own, or the given-up seats' one."""
    return seat.ai_level or GIVEN_UP_LEVEL


def seed(game_id: int, seq: int) -> int:
    """The computer player's seed for this game at this seq: a task run twice (or a
    hint asked twice) computes the same action."""
    digest = hashlib.blake2b(f"durak:{game_id}:{seq}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def history_for(game: Game, level: str) -> list[Event] | None:
    """The game's events up to ``game.seq`` for a computer level that reads the others'
    moves (``READERS``: the master); None for the levels that go by the state alone."""
    if level not in READERS:
        return None
    return [event_from_dict(payload) for payload in store.stored_payloads(game.pk, game.seq)]


def move_for(game: Game, state: State, seat: int, level: str, budget_ms: int | None = None) -> Action:
    """What a computer player of ``level`` plays in ``seat`` of ``game`` at ``game.seq``.

    A seat with one legal action (most often a thrower with nothing of a table rank, asked
    all the same: docs/rules.md#throwing-in) plays it at once: no history is read for the
    master and nothing is searched, so the extra passes cost the computer turn nothing."""
    options = legal_actions(state, seat)
    if len(options) == 1:
        return options[0]
    return choose_action(state, seat, level, seed=seed(game.pk, game.seq),
                         budget_ms=settings.DURAK_AI_BUDGET_MS if budget_ms is None else budget_ms,
                         history=history_for(game, level))


def games_stalled(stalled_for: float) -> list[Game]:
    """Active games where a computer seat must act and nothing happened for a while:
    the turn's task was lost (a worker died, the broker dropped it)."""
    cutoff = timezone.now() - timedelta(seconds=stalled_for)
    # A computer seat, or a seat its person gave up (the computer plays it: ``games.leaving``).
    given_up = Exists(GameEvent.objects.filter(game=OuterRef("pk"), type="seat_given_up"))
    candidates = Game.objects.filter(
        Q(seats__ai_level__gt="") | Q(given_up),
        Q(last_event_at__lt=cutoff) | Q(last_event_at__isnull=True),
        status=Game.Status.ACTIVE,
    ).distinct()
    return [game for game in candidates
            if seats_to_act(selectors.game_state(game), selectors.seats_of(game))]


def hint_for(game: Game, player: Player | None, level: Level) -> Action | None:
    """What a computer player of ``level`` would do in the caller's seat now (None:
    nothing to do). It sees only what the seat sees, like any computer player."""
    seat = selectors.seated_number(selectors.seats_of(game), player)
    if not game.seq:
        raise GameNotStarted()
    if not game.hints:
        raise HintsOff()
    key = f"hint:{game.pk}:{game.seq}:{seat}:{level}"
    cached = cache.get(key)
    if cached is None and not cache.add(f"{key}:lock", 1, HINT_LOCK_SECONDS):
        cached = _wait_for(key)
    if cached is not None:
        return None if cached == _NOTHING else action_from_dict(cached)
    try:
        action = _compute_hint(game, seat, level)
        cache.set(key, _NOTHING if action is None else action.to_dict(), HINT_CACHE_SECONDS)
    finally:
        cache.delete(f"{key}:lock")
    return action


def _wait_for(key: str) -> object:
    """The hint another request is computing now, once it is cached; None when it does
    not come in time (this request then computes it itself)."""
    deadline = time.monotonic() + HINT_WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(HINT_POLL_SECONDS)
        cached = cache.get(key)
        if cached is not None:
            return cached
        if cache.get(f"{key}:lock") is None:
            return None
    return None


def _compute_hint(game: Game, seat: int, level: str) -> Action | None:
    state = selectors.game_state(game)
    if not legal_actions(state, seat):
        return None
    budget = MASTER_HINT_BUDGET_MS if level == "master" else HINT_BUDGET_MS
    return move_for(game, state, seat, level, budget_ms=budget)
