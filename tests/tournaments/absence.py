"""An absent person at tournament tables, as the server sees one: nobody moves for their
seat, so its move clock runs out every time it must act, the computer stands in, and
once the reconnect window closes the seat is forfeit (``games.timers``).

Nothing here decides for the timers: ``ServerTime`` is the server's clock
(``timezone.now``, which the arena's clock reads too) moved on by the test, and the timer
tasks the code schedules (``games.clocks.later``) are kept with the time they fall due and
run, through their Celery tasks, once the clock reaches it. The people who are there
think a few seconds over each move, as people do, so the clock runs on while they play;
every table of the tournament in play plays at once, as they do in a real one, so no
present person's clock runs out while another table is played.
"""

from __future__ import annotations

import heapq
import itertools
import random
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.utils import timezone

from games import engine, selectors
from games.models import Game
from tests.harness.moves import play_move

from .playing import open_tables

# Seconds each present person thinks over a move: well inside the move timer and, with the
# tournament's increment, never draining the time bank, yet the clock runs on meanwhile.
THINKING = 4.0


class ServerTime:
    """The server's clock and the timer tasks due on it (module docstring)."""

    def __init__(self) -> None:
        self.at = timezone.now()
        self._due: list[tuple[datetime, int, str, tuple[Any, ...]]] = []
        self._order = itertools.count()  # tasks due at one moment run in the order asked

    def now(self) -> datetime:
        return self.at

    def later(self, task_name: str, args: tuple[Any, ...], countdown: float) -> None:
        """``games.clocks.later``: the task is kept until the clock reaches its time."""
        heapq.heappush(self._due, (self.at + timedelta(seconds=max(0.0, countdown)), next(self._order),
                                   task_name, args))

    def move(self, seconds: float) -> None:
        """Time passes; every task that falls due meanwhile runs, in the order of its time."""
        end = self.at + timedelta(seconds=seconds)
        while self._due and self._due[0][0] <= end:
            due, _, name, args = heapq.heappop(self._due)
            # A little past the due time: a timer that fires a few ms early waits out the rest.
            self.at = max(self.at, due + timedelta(seconds=0.1))
            current_app.tasks[name].apply(args=args)
        self.at = max(self.at, end)

    def next_timer(self) -> None:
        """Nothing happens at the table until the next timer runs out: it does."""
        assert self._due, "nothing is timed: the table would wait for ever"
        self.move(max(0.0, (self._due[0][0] - self.at).total_seconds()))


def step(tournament_id: int, absent: int | None, rng: random.Random, time: ServerTime) -> bool:
    """One moment at every table of the tournament in play, all at once: at each, a person
    there who must act moves (a seeded random legal move), and the clock runs on while they
    think (``THINKING``); where only ``absent`` (a player id, or None) is awaited, nobody
    moves, and once no present person has anything to do the clock runs on to the next
    timer. False when no table is in play."""
    games = open_tables(tournament_id)
    if not games:
        return False
    moved = False
    for game_id in games:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            continue
        there = {seat.number: seat.player for seat in selectors.seats_of(game)
                 if seat.player is not None and seat.player_id != absent}
        if set(engine.actors(selectors.game_state(game))) & set(there):
            play_move(game, there, rng.choice)
            moved = True
    if moved:
        time.move(THINKING)
    else:
        time.next_timer()
    return True


def moved_in_person(game_id: int, player_id: int) -> bool:
    """Whether ``player_id`` made any move of the game themselves (not the stand-in)."""
    return Game.objects.get(pk=game_id).events.filter(actor_id=player_id).exists()
