"""A person leaving the table during a game: the seat is given up.

Leaving is not a move of the game (it is in no seat's legal actions, and no rule of
Durak knows it), so it is decided here rather than in ``decide``: the platform asks for
it (``games.leaving``) and appends the events like any others, so the log says who left
and when, and a replay or a tournament reads the same outcome from it.

- With other people still playing, the seat goes on played by the computer, and ranks
  last whatever its cards do (the platform lists it under ``forfeits``).
- With no other person left in the game (one person against computers), the game ends
  there, the one who left its durak.
"""

from __future__ import annotations

from games.engine.errors import IllegalAction
from games.engine.events import Event, GameFinished, SeatGivenUp
from games.engine.state import State, partners


def given_up_seats(state: State) -> list[int]:
    """The seats given up so far, in seat order."""
    return [s for s in range(state.rules.players) if state.given_up >> s & 1]


def give_up(state: State, seat: int, *, finish: bool) -> list[Event]:
    """The events of ``seat`` leaving: ``SeatGivenUp``, and with ``finish`` (nobody else
    to play for) the end of the game with ``seat`` as its durak. Refused for a finished
    game, a seat that is out already (its place is won) or one given up before."""
    n = state.rules.players
    if not 0 <= seat < n:
        raise IllegalAction("no_such_seat", f"There is no seat {seat}.")
    if state.result is not None:
        raise IllegalAction("game_finished", "The game is over.")
    if state.out >> seat & 1:
        raise IllegalAction("seat_out", "This seat is out of the game already: its place is won.")
    if state.given_up >> seat & 1:
        raise IllegalAction("seat_given_up", "This seat was given up already.")
    events: list[Event] = [SeatGivenUp(seat)]
    if finish:
        # Whoever is still in ranks above the one who left, in seat order from their left.
        still_in = [(seat + k) % n for k in range(1, n) if not state.out >> (seat + k) % n & 1]
        losers = tuple(s for s in range(n) if s == seat or partners(state.rules, s, seat))
        events.append(GameFinished(seat, False, losers, state.places + tuple(s for s in still_in if s not in losers)))
    return events

