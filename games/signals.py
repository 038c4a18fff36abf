"""What the games app tells the apps above it, without knowing them.

After the commit of every move, ``move_committed`` runs its hooks stage by stage, in the
order the stages are declared (``core.hooks``, the one way an app hooks in); the apps on
top of games (``live``, ``ratings``, ``tournaments``, and games' own computer turns and
clocks) connect in their ``ready()``. The order matters and is written here once, not
left to the order apps happen to load in:

1. ``announce``: live viewers hear of the new seq (``live.broadcast``), before anything
   else runs, so notices go out in seq order even when the computer answers inline;
2. ``computer_turn``: a computer seat that must act is given its turn (``games.tasks``);
   in the embedded mode it plays right here, and its own moves run these stages again;
3. ``timers``: people who must act get their move clocks (``games.timers``), after the
   computer's turn is on its way: a clock can wait, a computer move should not;
4. ``rate``: for a move that ended the game, the ratings change (``ratings``);
5. ``finished``: then the game's end is told on (``tournaments`` closes its round), last,
   so it sees the forfeits the timers recorded and the new ratings.
The state cache is filled before any of it (``games.services``): hooks read the game.

``moves_stored`` runs earlier, inside the transaction that stores the moves, before it
commits: what must be stored with a move or not at all (the account stream's turns), so a
process that dies after the commit loses none of it, and the move and what it tells cost
one commit. A round's tables dealt at once are told in one call. Its hooks log what they
cannot do, never raise: the move stands.

``move_riders`` is the same, written as SQL: on PostgreSQL a move made outside any
transaction (a player's move, a computer's turn) is stored in one statement that commits
by itself (``games.store.events_append_alone``), and what must be stored with it rides in
that statement (a ``games.store.Rider``). A hook of ``moves_stored`` that can ride connects
its rider here under the same uid; while any cannot, or more than one rides, the move is
stored in a transaction and ``moves_stored`` runs as above.

A hook of the first three stages that raises propagates like any error of the request
or task it runs in (each hook that must not fail the move catches its own errors); the
hooks of a finished game (``rate``, ``finished``) are each run on their own and what one
raises is logged, so a listener never undoes the move nor stops the next listener.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

from core.hooks import Hooks
from games.engine import Event, State
from games.models import Game
from games.snapshots import BankFold
from games.store import Rider

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class MoveCommitted:
    """A move just committed: the game at its new seq."""

    game_id: int
    seq: int
    state: State
    # A computer seat must act now.
    computer_due: bool
    # The table has a move timer (``Game.move_timer``).
    timed: bool
    # The game's row as the move wrote it, and seat number → player id for the seats people
    # hold: what a hook reads after every move, without a query. The row is a copy: the
    # one the move wrote goes on changing with the transaction's later moves. A hook that
    # must see what other hooks stored (forfeits, ratings) reads the row again.
    game: Game
    people: Mapping[int, int]
    # The seat whose person made the move (None: the deal, a computer's move, or one the
    # computer made for an away seat).
    mover: int | None = None
    # The time banks folded up to ``seq`` (None: no bank at the table), from the move's own
    # events: a deadline told with the move needs no read of them.
    banks: BankFold | None = None
    # The events the move appended, the last at ``seq``, and whether the first is a seat's
    # action (the deal and what follows an action by the rules are not): the sockets of the
    # process that made the move keep them instead of reading them back (``live.feed``).
    events: tuple[Event, ...] = ()
    acted: bool = False

    @property
    def finished(self) -> bool:
        return self.state.result is not None


# The stages of a game that ended: each hook's error is logged, never raised.
AFTER_THE_END = ("rate", "finished")


class MoveHooks(Hooks[MoveCommitted, None]):
    """Hooks run after each committed move, by stage in declared order."""

    def __init__(self) -> None:
        super().__init__("announce", "computer_turn", "timers", *AFTER_THE_END)

    def run(self, move: MoveCommitted) -> None:
        for stage in self.stages:
            if stage not in AFTER_THE_END:
                for hook in self.at(stage):
                    hook(move)
            elif move.finished:
                for hook in self.at(stage):
                    try:
                        hook(move)
                    except Exception:
                        logger.exception("game %s finished: %r failed", move.game_id, hook)


move_committed = MoveHooks()


# Hooks run in the transaction that stores the moves (the module's docstring).
moves_stored: Hooks[list[MoveCommitted], None] = Hooks("record")


# What rides in the statement that stores one move (the module's docstring); None: nothing
# to store with this move.
move_riders: Hooks[MoveCommitted, Rider | None] = Hooks("record")
