"""Computer turns as Celery tasks, and the sweep that revives stalled ones.

``ai_turn(game_id, expected_seq)`` re-reads the game and plays one computer move if the
game is still at that seq; anything else is a no-op, so a redelivered task (``acks_late``)
or a duplicate enqueue does no harm. Each committed move enqueues the next turn itself.

With ``DURAK_TABLE_QUEUES`` = n > 0, a game's turns go to one of n table queues (by its id),
each consumed by one worker process beside the shared queue: that process then plays the
table's next computer move from the state it cached at its own last one, instead of reading
the game, its seats and its time banks again after a move another process made. The sweep
revives a stalled turn on the shared queue, which every worker consumes: a table whose
worker died goes on elsewhere.

A turn that comes due in the move a task has just made is played by that same task (a *run*,
``play_run`` and ``hand_on``), while the run is short (``RUN_TURNS``, ``RUN_SECONDS``): it
spares the turn Celery's publish, delivery and acknowledgement, about a third of a worker's
time for a quick computer's move, and the game's state is still in this process's cache. Past
the bound the next turn is enqueued as before, behind the other tables of its queue, so a long
computer-only game does not hold them up, and a slow search ends its run after one move.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from celery import Task, current_app, shared_task
from django.conf import settings

from games import computer, services
from games.signals import MoveCommitted

_local = threading.local()

# A run plays at most this many turns of its game, and starts no turn after this long.
RUN_TURNS = 8
RUN_SECONDS = 0.03


@dataclass
class _Run:
    """The turns one task plays: its game, when it began, how many so far, the one handed on."""

    task: str  # its name: a task module's attribute is Celery's proxy, not the task itself
    game_id: int
    began: float
    turns: int = 1
    handed_on: int | None = None


def play_run(task: Task, play: Callable[[int, int], bool], game_id: int, seq: int) -> bool:
    """``play(game_id, seq)``, then each turn of the game that a move of the run hands on to
    it (``hand_on``). Returns what the first ``play`` returned."""
    run = _local.run = _Run(task.name, game_id, time.monotonic())
    try:
        played = play(game_id, seq)
        while run.handed_on is not None:
            seq, run.handed_on = run.handed_on, None
            play(game_id, seq)
    finally:
        _local.run = None
    return played


def hand_on(task: Task, game_id: int, seq: int, *, queue: str | None) -> None:
    """Let the running run of ``task`` on this game play its turn at ``seq``, while the run is
    short; else enqueue ``task(game_id, seq)`` on ``queue`` (None: the shared one)."""
    run: _Run | None = getattr(_local, "run", None)
    if (run is not None and run.task == task.name and run.game_id == game_id and run.handed_on is None
            and run.turns < RUN_TURNS and time.monotonic() - run.began < RUN_SECONDS):
        run.turns += 1
        run.handed_on = seq
        return
    task.apply_async((game_id, seq), queue=queue)


@shared_task(bind=True, acks_late=True, ignore_result=True)
def ai_turn(self: Task, game_id: int, expected_seq: int) -> bool:
    return play_run(self, _ai_turn_play, game_id, expected_seq)


def _ai_turn_play(game_id: int, seq: int) -> bool:
    return services.ai_turn_play(game_id=game_id, expected_seq=seq)


@shared_task(ignore_result=True)
def ai_turns_sweep() -> int:
    """Re-enqueue computer turns whose game has been still for too long."""
    stalled = computer.games_stalled(settings.DURAK_AI_STALLED_AFTER)
    for game in stalled:
        enqueue_ai_turn(game.pk, game.seq, shared=True)
    return len(stalled)


@shared_task(ignore_result=True)
def waiting_tables_expire() -> int:
    """Mark waiting tables past ``DURAK_WAITING_TABLE_TTL`` expired (``services``)."""
    return services.waiting_tables_expire()


def computer_turn_hook(move: MoveCommitted) -> None:
    """The ``computer_turn`` stage of a committed move (``games.signals``)."""
    if move.computer_due:
        enqueue_ai_turn(move.game_id, move.seq)


def table_queue(number: int) -> str:
    """The name of table queue ``number`` (module docstring)."""
    return f"{settings.CELERY_TASK_DEFAULT_QUEUE}.tables.{number}"


def queue_of(game_id: int) -> str | None:
    """The table queue of ``game_id``'s turns; None with no table queues (the shared one)."""
    queues: int = settings.DURAK_TABLE_QUEUES
    return table_queue(game_id % queues) if queues > 0 else None


def enqueue_ai_turn(game_id: int, seq: int, *, shared: bool = False) -> None:
    """Hand a computer turn to Celery: to the game's table queue, or with ``shared`` (or no
    table queues) to the queue every worker consumes.

    With a broker this is ``apply_async``. Eager (embedded) mode runs the task right here, and
    every move it commits enqueues the next one: a whole computer-vs-computer game would
    nest hundreds of calls deep. So the outermost eager call drains a queue in a loop and
    nested calls only add to it.
    """
    if not current_app.conf.task_always_eager:
        if shared:
            ai_turn.apply_async((game_id, seq))
        else:
            hand_on(ai_turn, game_id, seq, queue=queue_of(game_id))
        return
    pending: deque[tuple[int, int]] | None = getattr(_local, "pending", None)
    if pending is not None:
        pending.append((game_id, seq))
        return
    _local.pending = pending = deque([(game_id, seq)])
    try:
        while pending:
            ai_turn.delay(*pending.popleft())
    finally:
        _local.pending = None
