"""Playing a legal move, the one way every test does: the first seat (in seat order) that
must act, the legal action a chooser picks (the first by default), played through
``games.services.action_play`` or sent over the REST API.

A chooser takes the legal options and returns one: ``first``, ``last``, or a seeded
``random.Random(...).choice``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from accounts.models import Player
from games import computer, engine, selectors, services
from games.engine import Action, State
from games.models import Game
from games.services import Played

T = TypeVar("T")
Chooser = Callable[[Sequence[Any]], Any]


def first(options: Sequence[T]) -> T:
    return options[0]


def last(options: Sequence[T]) -> T:
    return options[-1]


# --- through the services ----------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """A legal move at a table: the seat, its person, the action and the seq it is made
    at. Played twice, the second one finds the game moved on."""

    game_id: int
    seat: int
    player: Player
    action: Action
    expected_seq: int


def _fresh(game: Game | int) -> Game:
    """The game read afresh: ``game`` itself refreshed, or the row of that id."""
    if isinstance(game, Game):
        game.refresh_from_db()
        return game
    return Game.objects.get(pk=game)


def seat_due(game: Game | int) -> int:
    """The first seat, in seat order, that must act now. A ``Game`` is refreshed from the
    database first, so its seq is the one that seat acts at."""
    game = _fresh(game)
    seats = engine.actors(selectors.game_state(game))
    assert seats, f"nobody may act in game {game.pk} at seq {game.seq}"
    return seats[0]


def move_due(game: Game | int, people: Mapping[int, Player] | None = None, choose: Chooser = first) -> Move:
    """The move of the first seat, in seat order, of ``people`` (seat → person; None: the
    game's seated people) that must act now: the legal action ``choose`` picks. A ``Game``
    is refreshed from the database first."""
    game = _fresh(game)
    state = selectors.game_state(game)
    if people is None:
        people = {seat.number: seat.player for seat in selectors.seats_of(game) if seat.player is not None}
    seat = next((number for number in engine.actors(state) if number in people), None)
    assert seat is not None, f"none of seats {sorted(people)} may act in game {game.pk} at seq {game.seq}"
    return Move(game.pk, seat, people[seat], choose(engine.legal_actions(state, seat)), game.seq)


def move_play(move: Move) -> Played:
    """``move`` through ``games.services.action_play``, at its seq."""
    return services.action_play(game_id=move.game_id, player=move.player, action=move.action,
                                expected_seq=move.expected_seq)


def play_move(game: Game | int, people: Mapping[int, Player] | None = None, choose: Chooser = first) -> Played:
    """The move due (``move_due``), played."""
    return move_play(move_due(game, people, choose))


def play_until(game: Game | int, until: Callable[[Game, State], bool], people: Mapping[int, Player] | None = None,
               choose: Chooser = first, limit: int = 400) -> Game:
    """Play the moves due (``move_due``) until ``until(game, state)`` holds, asked of the
    game read afresh before each move; returns the game then. Fails after ``limit`` moves,
    or when none of ``people`` may act before it holds."""
    for _ in range(limit):
        game = _fresh(game)
        if until(game, selectors.game_state(game)):
            return game
        play_move(game, people, choose)
    raise AssertionError(f"still not there after {limit} moves")


def computer_due(game: Game, state: State) -> bool:
    """A computer seat is among the seats that must act (an ``until`` for ``play_until``)."""
    return bool(computer.seats_to_act(state, selectors.seats_of(game)))


# --- over the API ------------------------------------------------------------------------

class ApiPlayer(Protocol):
    """A client seated at a table: the in-process ``Client`` or a stack's ``Guest``."""

    def view(self, game_id: int, /) -> dict[str, Any]: ...

    def act(self, game_id: int, action: dict[str, Any], expected_seq: int, /) -> Any: ...


@dataclass(frozen=True)
class Turn:
    """A move sent over the API: the seat, the view it was chosen from, and the answer."""

    seat: int
    view: dict[str, Any]
    answer: Any


def turn_over_rest(players: Mapping[int, ApiPlayer], game_id: int, choose: Chooser = first,
                   choose_seat: Chooser = first) -> Turn | None:
    """Of ``players`` (seat → client), those whose view offers a legal action now:
    ``choose_seat`` picks the mover (the first in seat order by default) and ``choose`` its
    action, sent at its view's seq. None when none of them may act."""
    views = {seat: players[seat].view(game_id) for seat in sorted(players)}
    movers = [seat for seat, view in views.items() if view["legal_actions"]]
    if not movers:
        return None
    seat = choose_seat(movers)
    view = views[seat]
    return Turn(seat, view, players[seat].act(game_id, choose(view["legal_actions"]), view["seq"]))


def play_out_over_rest(players: Mapping[int, ApiPlayer], game_id: int, choose: Chooser = first,
                       accepted: Collection[int] = (200, 409), limit: int = 2000) -> dict[str, Any]:
    """Turns (``turn_over_rest``) until the game is finished; returns the finished view of
    the first seat of ``players``. Every answer's status is one of ``accepted`` (409: the
    computer threw in first). Fails if the game is not over after ``limit`` rounds."""
    watcher = players[min(players)]
    for _ in range(limit):
        view = watcher.view(game_id)
        if view["status"] == "finished":
            return view
        turn = turn_over_rest(players, game_id, choose)
        if turn is not None:
            assert turn.answer.status_code in accepted, turn.answer.content
    raise AssertionError(f"game {game_id} did not finish")
