"""What the games app tells the apps above it, without knowing them.

After the commit of every move, ``move_committed`` runs its hooks stage by stage, in the
order the stages are declared; the apps that live on top of games (``live``, and games'
own computer turns) connect in their ``ready()``. The order matters and is written here
once, not left to the order apps happen to load in:

1. ``announce``: live viewers hear of the new seq (``live.broadcast``), before anything
   else runs, so notices go out in seq order even when the computer answers inline;
2. ``computer_turn``: a computer seat that must act is given its turn (``games.tasks``);
   in the embedded mode it plays right here, and its own moves run these stages again;
3. ``timers``: people who must act get their move clocks (``live.services``), after the
   computer's turn is on its way: a clock can wait, a computer move should not.

Then, for a move that ended the game, ``game_finished`` (a Django signal: ratings and
tournaments listen) is sent last, so listeners see the forfeits the timers recorded.
The state cache is filled before any of it (``games.services``): hooks read the game.

A hook that raises propagates like any error of the request or task it runs in (each
hook that must not fail the move catches its own errors); ``game_finished`` uses
``send_robust`` and logs what a receiver raised, so a listener never undoes the move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.dispatch import Signal

from games.engine import State


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

    @property
    def finished(self) -> bool:
        return self.state.result is not None


Hook = Callable[[MoveCommitted], None]


class MoveHooks:
    """Hooks run after each committed move, by stage in ``STAGES`` order."""

    STAGES = ("announce", "computer_turn", "timers")

    def __init__(self) -> None:
        self._hooks: dict[str, dict[str, Hook]] = {stage: {} for stage in self.STAGES}

    def connect(self, stage: str, hook: Hook, *, uid: str) -> None:
        """Run ``hook`` at ``stage``; connecting the same ``uid`` again replaces it."""
        if stage not in self._hooks:
            raise ValueError(f"{stage!r} is not one of the stages {self.STAGES}.")
        self._hooks[stage][uid] = hook

    def disconnect(self, stage: str, uid: str) -> None:
        self._hooks[stage].pop(uid, None)

    def run(self, move: MoveCommitted) -> None:
        for stage in self.STAGES:
            for hook in list(self._hooks[stage].values()):
                hook(move)


move_committed = MoveHooks()

game_finished = Signal()
"""Sent (``game_id``) after the commit of the move that ended a game, after every hook."""
