"""Time banks, as chess clocks keep them: besides each move's timer, every person at a
table with a bank (``Game.time_bank``) has that many seconds for the whole game, and gets
``Game.time_increment`` seconds back for each move they make.

A bank is no counter stored anywhere: it is folded from the event log, whose rows say
when each was stored. The seconds between two consecutive events are charged to every
seat whose move was awaited in between (the engine's ``actors`` of the position before
the later event) that a person holds and has not given up: a computer's time is nobody's.
The first event of a move (the one with an ``actor_seat``) adds the increment to that
seat. A bank never goes below 0.

The fold is cached per process like the states (``games.snapshots``): a read at a seq
already folded costs nothing, a later one folds just the newer events. Events and their
times never change, so a cached fold can be old but never wrong.

Each game is folded once per process, banks and state together: a game with a bank gets
its state from here (``games.selectors.game_state``), and a fold brought on after a move
takes the state the move left in the cache. The events of one move are stored at one
moment, so nothing is charged between them: only the state before a pause is needed,
and a move's own events are folded here only when a later pause needs the state after
them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import datetime
from typing import Any

from games import snapshots, store
from games.engine import State, actors, apply, event_from_dict
from games.models import Game
from games.snapshots import BankFold

# (seq, payload, actor seat, created_at): ``store.stored_timeline``'s rows.
Moment = tuple[int, dict[str, Any], int | None, datetime]


def opening(players: int, bank: float) -> BankFold:
    """Every seat's bank before the first event: full."""
    return BankFold(seq=0, at=None, state=None, seconds=(float(bank),) * players)


def _charge(seconds: list[float], state: State, people: Collection[int], elapsed: float) -> None:
    """``elapsed`` seconds off the bank of every person's seat awaited in ``state``."""
    if elapsed <= 0:
        return
    for seat in actors(state):
        if seat in people and not state.given_up >> seat & 1:
            seconds[seat] = max(0.0, seconds[seat] - elapsed)


def folded(fold: BankFold, timeline: Iterable[Moment], *, people: Collection[int], increment: float,
           last: State | None = None) -> BankFold:
    """``fold`` brought on by the events of ``timeline`` (those after ``fold.seq``, in
    order). ``people``: the seats people hold, every one, given up or not (the state
    says which were given up, and when). ``last``: the state after the timeline's last
    event, when the caller has it already; the events after the last pause are then
    not folded again."""
    seq, at, state, seconds = fold.seq, fold.at, fold.state, list(fold.seconds)
    unfolded: list[dict[str, Any]] = []  # the events after ``state``: folded when a pause needs it
    for number, payload, actor_seat, created_at in timeline:
        if at is not None and created_at > at:
            state = _applied(state, unfolded)
            unfolded = []
            _charge(seconds, state, people, (created_at - at).total_seconds())
        if actor_seat is not None and increment:
            seconds[actor_seat] += increment
        unfolded.append(payload)
        seq, at = number, created_at
    if unfolded:
        state = last if last is not None else _applied(state, unfolded)
    return BankFold(seq=seq, at=at, state=state, seconds=tuple(seconds))


def _applied(state: State | None, payloads: list[dict[str, Any]]) -> State:
    for payload in payloads:
        state = apply(state, event_from_dict(payload))
    assert state is not None, "a fold with a time has folded the game's first event"
    return state


def left_at(fold: BankFold, people: Collection[int], now: datetime) -> tuple[float, ...]:
    """The banks at ``now``: the seats awaited since the fold's last event charged until then."""
    seconds = list(fold.seconds)
    if fold.state is not None and fold.at is not None:
        _charge(seconds, fold.state, people, (now - fold.at).total_seconds())
    return tuple(seconds)


def fold_of(game: Game, people: Collection[int]) -> BankFold | None:
    """The game's banks folded up to ``game.seq`` (None: no bank at this table), with the
    state there, which the state cache shares."""
    if game.time_bank is None:
        return None
    cached = snapshots.bank_fold(game.pk, game.created_at)
    if cached is not None and cached.seq == game.seq:
        return cached
    fold = _fold_upto(game, people, game.seq)
    snapshots.remember_bank_fold(game.pk, game.created_at, fold)
    if fold.state is not None:
        snapshots.remember(game.pk, game.created_at, fold.seq, fold.state)
    return fold


def fold_moved(game: Game, people: Collection[int], rows: Sequence[store.Row], state: State) -> BankFold | None:
    """The banks after a move being stored (None: no bank at this table): the fold before
    it brought on by its own ``rows`` (``games.appending.folded``: the game is at its new
    seq, and they are stored at its new ``last_event_at``), which are not read back.
    Nothing is cached here: the move is not committed yet, and a rolled-back seq could be
    reused; its append caches the fold once it is."""
    if game.time_bank is None:
        return None
    at = game.last_event_at
    moments: list[Moment] = []
    if rows:
        assert at is not None, "folded rows set the game's last event time"
        moments = [(seq, payload, actor_seat, at) for seq, _type, _v, payload, actor_seat, _actor in rows]
    return folded(_fold_upto(game, people, game.seq - len(rows)), moments, people=people,
                  increment=float(game.time_increment), last=state)


def _fold_upto(game: Game, people: Collection[int], seq: int) -> BankFold:
    """The banks folded up to ``seq``: this process's cached fold, brought on by the
    stored events after it (read in one query), or from the opening."""
    assert game.time_bank is not None
    cached = snapshots.bank_fold(game.pk, game.created_at)
    if cached is not None and cached.seq == seq:
        return cached
    base = cached if cached is not None and cached.seq < seq else opening(game.players, game.time_bank)
    if base.seq == seq:
        return base
    timeline = store.stored_timeline(game.pk, seq, after=base.seq)
    if len(timeline) != seq - base.seq:
        raise RuntimeError(f"Game {game.pk} misses events between seq {base.seq} and {seq}.")
    return folded(base, timeline, people=people, increment=float(game.time_increment),
                  last=snapshots.recall(game.pk, game.created_at, seq))


def banks_of(game: Game, people: Collection[int], fold: BankFold | None = None) -> dict[int, float] | None:
    """Seconds left in each person's bank when the game's last event was stored (what a
    deadline counts from: ``games.deadlines``); None: no bank at this table. ``fold``: the
    banks at ``game.seq`` when the caller has them (a move's own, ``MoveCommitted.banks``)."""
    if fold is None:
        fold = fold_of(game, people)
    if fold is None:
        return None
    return {seat: fold.seconds[seat] for seat in sorted(people)}

