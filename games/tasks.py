"""Computer turns as Celery tasks, and the sweep that revives stalled ones.

``ai_turn(game_id, expected_seq)`` re-reads the game and plays one computer move if the
game is still at that seq; anything else is a no-op, so a redelivered task (``acks_late``)
or a duplicate enqueue does no harm. Each committed move enqueues the next turn itself.
"""

from __future__ import annotations

import threading
from collections import deque

from celery import current_app, shared_task
from django.conf import settings

from games import computer, services
from games.signals import MoveCommitted

_local = threading.local()


@shared_task(acks_late=True, ignore_result=True)
def ai_turn(game_id: int, expected_seq: int) -> bool:
    return services.ai_turn_play(game_id=game_id, expected_seq=expected_seq)


@shared_task(ignore_result=True)
def ai_turns_sweep() -> int:
    """Re-enqueue computer turns whose game has been still for too long."""
    stalled = computer.games_stalled(settings.DURAK_AI_STALLED_AFTER)
    for game in stalled:
        enqueue_ai_turn(game.pk, game.seq)
    return len(stalled)


@shared_task(ignore_result=True)
def waiting_tables_expire() -> int:
    """Mark waiting tables past ``DURAK_WAITING_TABLE_TTL`` expired (``services``)."""
    return services.waiting_tables_expire()


def computer_turn_hook(move: MoveCommitted) -> None:
    """The ``computer_turn`` stage of a committed move (``games.signals``)."""
    if move.computer_due:
        enqueue_ai_turn(move.game_id, move.seq)


def enqueue_ai_turn(game_id: int, seq: int) -> None:
    """Hand a computer turn to Celery.

    With a broker this is ``delay``. Eager (embedded) mode runs the task right here, and
    every move it commits enqueues the next one: a whole computer-vs-computer game would
    nest hundreds of calls deep. So the outermost eager call drains a queue in a loop and
    nested calls only add to it.
    """
    if not current_app.conf.task_always_eager:
        ai_turn.delay(game_id, seq)
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
