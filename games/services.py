"""Writes: create, join and fill a game, play an action, play a computer turn.

Each write follows check-then-do (Zulip style): read the game, check seat, status and
seq, let the engine decide, then atomically update the game's summary *only if it is
still at the seq the move expects* and append every resulting event with what is stored
with it (``games.store``: on PostgreSQL outside a transaction in one statement, else in
one transaction; ``games.appending.stored_alone``); after commit run the move's hooks
(``games.signals``: live viewers hear of it, a computer turn and move clocks start, a
finished game is announced).

Two moves racing at one seq: both may read and decide, but only one update finds the
game at that seq (PostgreSQL makes the second wait for the first's commit, then matches
no row; SQLite queues writers at ``BEGIN IMMEDIATE``). The loser appends nothing and gets
``409 stale_seq``; the unique (game, seq) constraint stays the backstop everywhere.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.deal_seeds import deal_seed_take
from accounts.models import Player
from games import appending, computer, deal, store
from games.engine import (
    Action,
    Event,
    IllegalAction,
    InvalidAction,
    Rules,
    State,
    commitment_of,
    decide,
    legal_actions,
    start,
)
from games.engine.ai import Level
from games.errors import (
    AlreadySeated,
    GameNotFound,
    GameNotStarted,
    InvalidActionError,
    NoOpenSeat,
    NotCreator,
    SeatGivenUpError,
    StaleSeq,
    TableExpired,
    TooManyWaitingTables,
    engine_refusal,
)
from games.models import Game, Seat
from games.options import TableOptions
from games.selectors import (
    game_state,
    seated_number,
    seats_of,
    waiting_expired,
    waiting_expired_before,
    waiting_tables_of,
)

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Played:
    """A game right after a write: the row, its seats and the state at ``game.seq``."""

    game: Game
    seats: list[Seat]
    state: State | None


def _game_locked(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist as error:
        raise GameNotFound(game_id) from error


def _append(game: Game, seats: list[Seat], state: State | None, events: list[Event], *,
            actor_seat: int | None, actor: Player | None) -> State:
    """Append ``events`` after ``game.seq`` and update the game's summary, atomically;
    returns the new state. Raises ``StaleSeq`` when the game is no longer at
    ``game.seq``: the summary's update names the seq it expects, so the first writer wins
    and every later one finds nothing to update (on PostgreSQL it waits for the first to
    commit and then sees the new seq; on SQLite writers queue at BEGIN)."""
    expected = game.seq
    now = timezone.now()
    state, rows = appending.folded(game, state, events, actor_seat=actor_seat, actor=actor, now=now)
    move = appending.move_of(game, seats, state, rows, events, mover=actor_seat if actor is not None else None)
    # On PostgreSQL outside a transaction, one statement that commits by itself; else one
    # transaction for the move and what is stored with it (``signals.moves_stored``).
    appended = appending.stored_alone(game, expected, rows, now, move)
    if appended is None:
        with transaction.atomic():
            appended = store.events_append(game, expected, rows, now)
            if appended:
                appending.stored([move])
                transaction.on_commit(partial(appending.after_commit, game.pk, game.created_at, move))
        # A stale move wrote nothing, so its transaction commits rather than rolls back:
        # psycopg forgets every statement it prepared on a connection that rolls back, and
        # moves that race (the attacker throws in while the defender beats) are normal play.
    elif appended:
        appending.after_commit(game.pk, game.created_at, move)
    if not appended:
        raise _stale(game.pk)
    return state


def _start(game: Game, seats: list[Seat]) -> State:
    """Every seat is filled: the fair deal's deck (``games.deal``), dealt, and the first bout."""
    deck, fairness = deal.deck_dealt(game, seats)
    events = start(Rules.from_dict(game.rules), deck, fairness)
    return _append(game, seats, None, events, actor_seat=None, actor=None)


@transaction.atomic
def game_create(*, creator: Player, rules: Rules, opponents: Sequence[Level] = (),
                options: TableOptions | None = None, client_seed: str | None = None) -> Played:
    """A new game: the creator in seat 0, computer opponents next, the rest open, with
    the table's ``options`` (``games.options``; none: no timer, no delay, and the
    table's defaults for hints and rating).
    It takes the creator's next server seed (the commitment it was shown) before any
    seat's seed is known; ``client_seed`` is the creator's (None: the server picks).
    With no open seat left it starts at once."""
    parsed = rules
    if len(opponents) > parsed.players - 1:
        raise InvalidActionError(f"A {parsed.players}-player game has room for {parsed.players - 1} opponents.",
                                 field="opponents")
    levels = [Level(level) for level in opponents]
    seed = deal.client_seed_checked(client_seed)
    table = (options or TableOptions()).for_table(players=parsed.players, computers=len(levels))
    if 1 + len(levels) < parsed.players:  # it will wait for players
        _waiting_limit_checked(creator)
    server_seed = deal_seed_take(creator)
    game = Game.objects.create(rules=parsed.to_dict(), creator=creator, deal_commitment=commitment_of(server_seed),
                               **table.fields())
    deal.secret_keep(game, server_seed)
    seats = [Seat(game=game, number=0, player=creator, client_seed=seed or deal.client_seed_pick(game.pk, 0))]
    seats += [Seat(game=game, number=n, ai_level=level) for n, level in enumerate(levels, start=1)]
    seats += [Seat(game=game, number=n) for n in range(len(seats), parsed.players)]
    Seat.objects.bulk_create(seats)
    state = _start(game, seats) if not any(seat.is_open for seat in seats) else None
    return Played(game, seats, state)


def _waiting_limit_checked(creator: Player) -> None:
    """Refuse one waiting table more than ``DURAK_MAX_WAITING_TABLES`` (a lobby flood).
    The creator's row is locked first, so two creates at once count one after the other."""
    Player.objects.select_for_update().filter(pk=creator.pk).first()
    limit = settings.DURAK_MAX_WAITING_TABLES
    if waiting_tables_of(creator).count() >= limit:
        raise TooManyWaitingTables(limit)


def waiting_tables_expire() -> int:
    """Mark every waiting table past ``DURAK_WAITING_TABLE_TTL`` expired (the sweep; reads
    already treat them so). Returns how many it marked."""
    return Game.objects.filter(status=Game.Status.WAITING, expired_at__isnull=True,
                               created_at__lte=waiting_expired_before()).update(expired_at=timezone.now())


def _seat_open(game: Game, seats: list[Seat]) -> Seat:
    if game.status != Game.Status.WAITING:
        raise NoOpenSeat()
    if waiting_expired(game):
        raise TableExpired()
    for seat in seats:
        if seat.is_open:
            return seat
    raise NoOpenSeat()


@transaction.atomic
def game_join(*, game_id: int, player: Player, client_seed: str | None = None) -> Played:
    """Take the next open seat with the player's ``client_seed`` (None: the server
    picks one); the last one to sit down starts the game."""
    seed = deal.client_seed_checked(client_seed)
    game = _game_locked(game_id)
    seats = seats_of(game)
    if any(seat.player_id == player.id for seat in seats):
        raise AlreadySeated()
    seat = _seat_open(game, seats)
    seat.player = player
    seat.client_seed = seed or deal.client_seed_pick(game.pk, seat.number)
    seat.save(update_fields=["player", "client_seed"])
    state = _start(game, seats) if not any(s.is_open for s in seats) else None
    return Played(game, seats, state)


@transaction.atomic
def game_fill(*, game_id: int, player: Player, level: Level) -> Played:
    """The creator gives every open seat to a computer player and the game starts."""
    ai = Level(level).value
    game = _game_locked(game_id)
    if game.creator_id != player.id:
        raise NotCreator()
    seats = seats_of(game)
    _seat_open(game, seats)
    for seat in seats:
        if seat.is_open:
            seat.ai_level = ai
            seat.save(update_fields=["ai_level"])
    if game.rated:  # a computer joined: the game can no longer be rated
        game.rated = False
        game.save(update_fields=["rated"])
    return Played(game, seats, _start(game, seats))


def _check_current(game: Game, expected_seq: int) -> None:
    if game.status == Game.Status.WAITING:
        raise GameNotStarted()
    if game.seq != expected_seq:
        raise StaleSeq(game.seq)


def _stale(game_id: int) -> StaleSeq:
    """Someone appended first: the refusal carries the seq the game is at now."""
    seq = store.game_seq(game_id)
    if seq is None:
        raise GameNotFound(game_id)
    return StaleSeq(seq)


def _stale_after_race(game_id: int, expected_seq: int, error: IntegrityError) -> StaleSeq:
    """The unique (game, seq) backstop fired: someone appended at this seq first."""
    stale = _stale(game_id)
    if stale.extra["seq"] == expected_seq:
        raise error  # not a race at all: a real integrity bug, let it surface
    return stale


def action_play(*, game_id: int, player: Player, action: Action, expected_seq: int) -> Played:
    """A seated player's action at ``expected_seq``: decided by the engine, appended
    with its follow-up events, or refused.

    Usually this process has the game's table and its state at ``expected_seq`` cached
    (it answered the mover's last move or view), and nothing is read: the write names
    the seq it expects (see ``_append``), so a move decided on a game that has moved on
    appends nothing and is refused with the seq that won. Otherwise the game is read,
    without a lock, and checked before the engine decides."""
    recalled = store.game_recalled(game_id, expected_seq)
    if recalled is not None:
        game, seats, state = recalled
        seat = seated_number(seats, player)  # seats are final once a game has started
    else:
        game, seats = store.game_with_seats(game_id)
        seat = seated_number(seats, player)
        _check_current(game, expected_seq)
        state = game_state(game)
    if state.given_up >> seat & 1:
        raise SeatGivenUpError()
    try:
        events = decide(state, seat, action)
    except (InvalidAction, IllegalAction) as error:
        if recalled is not None:
            # Decided on a cached state: if the game has moved on, that is the answer.
            _check_current(store.game_with_seats(game_id)[0], expected_seq)
        raise engine_refusal(error) from error
    try:
        state = _append(game, seats, state, events, actor_seat=seat, actor=player)
    except IntegrityError as error:
        raise _stale_after_race(game_id, expected_seq, error) from error
    return Played(game, seats, state)


def _active_at(game_id: int, expected_seq: int) -> tuple[Game, list[Seat], State] | None:
    """The game, its seats and its state if it is in play at ``expected_seq``, else None:
    from this process's caches alone when it made the last move (``store.game_recalled``,
    the usual case for a worker answering its own table), else in one read. The game may
    move on meanwhile: the append is guarded by the seq, as every write is."""
    recalled = store.game_recalled(game_id, expected_seq)
    if recalled is not None:
        return recalled
    try:
        game, seats = store.game_with_seats(game_id)
    except GameNotFound:
        return None
    if game.status != Game.Status.ACTIVE or game.seq != expected_seq:
        return None
    return game, seats, game_state(game)


def ai_turn_play(*, game_id: int, expected_seq: int) -> bool:
    """One computer move at ``expected_seq``, if the game is still there and a computer
    seat must act. Returns whether a move was appended; stale calls do nothing, so a
    task delivered twice moves once."""
    current = _active_at(game_id, expected_seq)
    if current is None:
        return False
    game, seats, state = current
    due = computer.seats_to_act(state, seats)
    if not due:
        return False
    seat = due[0]
    # Think outside the transaction: a search level may take a while.
    level = computer.level_of(seat)
    action = computer.move_for(game, state, seat.number, level)
    try:
        events = decide(state, seat.number, action)
    except (InvalidAction, IllegalAction) as error:
        # The kind of action and the refusal's code, never its cards: a log line shows no
        # card its reader could not see at the table (the action holds the computer's hand).
        logger.error("AI %s chose an illegal %s in game %s (%s)", level, type(action).__name__, game_id,
                     error.code)
        events = decide(state, seat.number, legal_actions(state, seat.number)[0])
    try:
        _append(game, seats, state, events, actor_seat=seat.number, actor=None)
    except (StaleSeq, IntegrityError):
        return False
    return True


def seat_stand_in_play(*, game_id: int, seat: int, expected_seq: int, level: str = "experienced") -> bool:
    """The computer plays one move for a person's seat at ``expected_seq`` (their move
    timer ran out; see ``games.timers``). Appended like a computer turn, with no actor:
    the person did not make it. Stale calls do nothing, so a task run twice moves once."""
    current = _active_at(game_id, expected_seq)
    if current is None:
        return False
    game, seats, state = current
    if not legal_actions(state, seat):
        return False
    action = computer.move_for(game, state, seat, level)
    events = decide(state, seat, action)
    try:
        _append(game, seats, state, events, actor_seat=seat, actor=None)
    except (StaleSeq, IntegrityError):
        return False
    return True
