"""The computer players' side of the platform: who must act, the seed and the history a
computer thinks with, games whose computer turn was lost, and hints.

A computer player sees only what its seat sees (the engine's ``choose_action`` takes an
observation of the state, never the others' hands). Its seed comes from (game, seq), so a
task delivered twice, or a hint asked twice, computes the same move. The turns
themselves are Celery tasks (``games.tasks``) that play through ``games.services``.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from accounts.models import Player
from games import selectors, store
from games.engine import Action, Event, State, actors, event_from_dict, legal_actions
from games.engine.ai import READERS, choose_action
from games.errors import GameNotStarted, HintsOff
from games.models import Game, Seat

# Thinking time of a hint: the asker is waiting, and a hint is only advice.
HINT_BUDGET_MS = 200


def seats_to_act(state: State, seats: list[Seat]) -> list[Seat]:
    """Computer seats that have something to do now, in the engine's actor order."""
    by_number = {seat.number: seat for seat in seats}
    return [by_number[n] for n in actors(state) if n in by_number and by_number[n].ai_level]


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
    """What a computer player of ``level`` plays in ``seat`` of ``game`` at ``game.seq``."""
    return choose_action(state, seat, level, seed=seed(game.pk, game.seq),
                         budget_ms=settings.DURAK_AI_BUDGET_MS if budget_ms is None else budget_ms,
                         history=history_for(game, level))


def games_stalled(stalled_for: float) -> list[Game]:
    """Active games where a computer seat must act and nothing happened for a while:
    the turn's task was lost (a worker died, the broker dropped it)."""
    cutoff = timezone.now() - timedelta(seconds=stalled_for)
    candidates = Game.objects.filter(
        Q(last_event_at__lt=cutoff) | Q(last_event_at__isnull=True),
        status=Game.Status.ACTIVE,
        seats__ai_level__gt="",
    ).distinct()
    return [game for game in candidates
            if seats_to_act(selectors.game_state(game), selectors.seats_of(game))]


def hint_for(game: Game, player: Player | None, level: str) -> Action | None:
    """What a computer player of ``level`` would do in the caller's seat now (None:
    nothing to do). It sees only what the seat sees, like any computer player."""
    seat = selectors.seated_number(selectors.seats_of(game), player)
    if not game.seq:
        raise GameNotStarted()
    if not game.hints:
        raise HintsOff()
    state = selectors.game_state(game)
    if not legal_actions(state, seat):
        return None
    return move_for(game, state, seat, level, budget_ms=HINT_BUDGET_MS)
