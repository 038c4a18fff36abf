"""A move's append, apart from where its rows are written: the events folded into the
state and the rows to store (``folded``), what is stored with it (``stored``, or riding in
its one statement: ``stored_alone``) and what runs once it is committed (``move_of``,
``after_commit``). Shared by one game's move (``games.services``) and a round's tables
dealt at once (``games.arranged``)."""

from __future__ import annotations

import copy
from datetime import datetime

from django.db import IntegrityError, OperationalError, connection

from accounts.models import Player
from games import banks, computer, signals, snapshots, store
from games.engine import Event, GameFinished, GameStarted, State, apply, event_to_dict, given_up_seats
from games.models import Game, Seat


def stored(moves: list[signals.MoveCommitted]) -> None:
    """The moves are stored and their transaction not yet committed: the hooks that must
    store with them (``signals.moves_stored``)."""
    signals.moves_stored.call(moves)


def stored_alone(game: Game, expected: int, rows: list[store.Row], now: datetime,
                 move: signals.MoveCommitted) -> bool | None:
    """The move and what rides with it (``signals.move_riders``) stored in one statement
    that commits by itself: whether it was stored (False: the game had moved on, nothing
    was). None, with nothing stored, when the move must be stored in a transaction instead:
    on SQLite, inside a caller's transaction (the deal of a new game, a round's tables), when
    a hook stored with moves cannot ride or more than one would, and when the statement is
    refused (a twin stream key written meanwhile, a deadlock): the transaction's path then
    decides, as it always has."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    if signals.moves_stored.uids() - signals.move_riders.uids():
        return None
    riders = [rider for rider in signals.move_riders.call(move) if rider is not None]
    if len(riders) > 1:  # their CTEs could share names
        return None
    rider = riders[0] if riders else None
    try:
        returned = store.events_append_alone(game, expected, rows, now, rider)
    except (IntegrityError, OperationalError):
        if not connection.is_usable():
            raise  # the server is gone: whether the statement committed is unknown, not refused
        return None
    if returned is None:
        return False
    if rider is not None:
        rider.landed(returned)
    return True


def after_commit(game_id: int, created_at: datetime | None, move: signals.MoveCommitted) -> None:
    """The move is committed: cache its state and banks, then tell the apps above (``signals``)."""
    # Only committed states may enter the cache: a rolled-back seq could be reused.
    snapshots.remember(game_id, created_at, move.seq, move.state)
    if move.banks is not None:
        snapshots.remember_bank_fold(game_id, created_at, move.banks)
    signals.move_committed.run(move)


def move_of(game: Game, seats: list[Seat], state: State, rows: list[store.Row], events: list[Event],
            mover: int | None = None) -> signals.MoveCommitted:
    """What the move's hooks are told: the game at its new seq after ``rows``, the move's
    own (from ``folded``, of ``events``); ``mover``, the seat whose person made it."""
    people = {s.number: s.player_id for s in seats if s.player_id is not None}
    return signals.MoveCommitted(game_id=game.pk, seq=game.seq, state=state,
                                 computer_due=bool(computer.seats_to_act(state, seats)),
                                 timed=game.move_timer is not None, game=copy.copy(game), people=people,
                                 mover=mover,
                                 banks=banks.fold_moved(game, people, rows, state),
                                 events=tuple(events), acted=bool(rows) and rows[0][4] is not None)  # an actor seat


def folded(game: Game, state: State | None, events: list[Event], *, actor_seat: int | None,
           actor: Player | None, now: datetime) -> tuple[State, list[store.Row]]:
    """``events`` applied after ``game.seq``: the new state and the rows to store; the
    game's summary (seq, status, times, result) updated in memory, not yet stored."""
    rows: list[store.Row] = []
    for index, event in enumerate(events):
        state = apply(state, event)
        game.seq += 1
        payload = event_to_dict(event)
        caused = index == 0 and actor_seat is not None
        rows.append((game.seq, event.type, payload["v"], payload, actor_seat if caused else None,
                     actor.pk if caused and actor is not None else None))
        if isinstance(event, GameStarted):
            game.status = Game.Status.ACTIVE
            game.started_at = now
        elif isinstance(event, GameFinished):
            game.status = Game.Status.FINISHED
            game.finished_at = now
            game.result = payload
    assert state is not None, "a game's first event is GameStarted"
    if game.result is not None and state.given_up and game.status == Game.Status.FINISHED:
        # Seats their person left rank last, whatever the cards did (``games.leaving``).
        game.result = {**game.result, "forfeits": given_up_seats(state)}
    game.last_event_at = now
    return state, rows
