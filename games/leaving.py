"""A person leaves a running game (``POST /api/v1/games/{id}/leave/``).

The page's «Новая игра» during a game, or a person who just walks away, should not
leave a game looking live. Leaving appends the engine's ``SeatGivenUp`` (and, with no
other person left playing, the end of the game) through the same guarded append as a
move, so the log, the replay, the ratings and a tournament all read the same outcome:

- at a table of one person against computers the game ends there, that person its
  durak, listed under ``forfeits`` ("left");
- at a table with other people still playing, the computer plays the seat from then on
  (``computer.seats_to_act``) and the seat ranks last (``forfeits``), as a seat given
  up after the reconnect window does.

Idempotent: leaving a seat already given up answers the view again. A game over
otherwise is a ``409 game_finished``; a table still waiting for players, ``409
game_not_started``.
"""

from __future__ import annotations

from django.db import IntegrityError

from accounts.models import Player
from games import store
from games.engine import IllegalAction, give_up
from games.errors import GameNotStarted, GameOver, IllegalActionError, StaleSeq
from games.models import Game
from games.selectors import game_state, seated_number
from games.services import Played, _append

# A computer may append between our read and our write: read again, a few times.
ATTEMPTS = 5


def game_leave(*, game_id: int, player: Player) -> Played:
    """``player`` leaves ``game_id``: their seat is given up (see the module)."""
    for _attempt in range(ATTEMPTS):
        game, seats = store.game_with_seats(game_id)
        seat = seated_number(seats, player)  # 403 not_a_player
        if game.status == Game.Status.WAITING:
            raise GameNotStarted()
        state = game_state(game)
        if state.given_up >> seat & 1:
            return Played(game, seats, state)  # left already: the same answer again
        if state.result is not None:
            raise GameOver()
        if state.out >> seat & 1:
            return Played(game, seats, state)  # out with a place won: nothing to give up
        others = [s.number for s in seats if s.player_id is not None and s.number != seat
                  and not state.out >> s.number & 1 and not state.given_up >> s.number & 1]
        try:
            events = give_up(state, seat, finish=not others)
        except IllegalAction as error:
            raise IllegalActionError(error.message, reason=error.code) from error
        try:
            state = _append(game, seats, state, events, actor_seat=seat, actor=player)
        except (StaleSeq, IntegrityError):
            continue
        return Played(game, seats, state)
    raise StaleSeq(store.game_seq(game_id) or 0)
