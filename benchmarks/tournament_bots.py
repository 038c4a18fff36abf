"""Computer novices in people's seats, for ``benchmarks/tournament.py``: after every
committed move at a table, the seat due plays through the platform's own stand-in service
(``games.services.seat_stand_in_play``, what a move clock running out does), as the novice
level, handed on as the platform's computer turns are: in the same Celery task while its run
is short, else in a new task on the table's queue (``games.tasks.hand_on``). The worker loads
this module with ``-I``; the driver imports it too, since the first round is dealt there.

The move clocks are switched off for the run (the bots answer in milliseconds, and a
clock task per move would only pile up no-ops in the broker); nothing else changes.
"""

from __future__ import annotations

from celery import Task, shared_task

from games.signals import MoveCommitted, move_committed
from games.tasks import hand_on, play_run, queue_of

LEVEL = "novice"


@shared_task(name="benchmarks.seat_turn", bind=True, acks_late=True, ignore_result=True)
def seat_turn(self: Task, game_id: int, seq: int) -> bool:
    """The seat due at ``seq`` plays one novice move, and the next ones as the platform's
    computer turns do (``games.tasks.play_run``)."""
    return play_run(self, _seat_play, game_id, seq)


def _seat_play(game_id: int, seq: int) -> bool:
    """The seat due at ``seq`` plays one novice move; stale or finished: nothing."""
    from games import engine, selectors, services, store
    from games.models import Game

    # As the platform's own turns do: this process's caches when it made the last move.
    recalled = store.game_recalled(game_id, seq)
    if recalled is not None:
        state = recalled[2]
    else:
        game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE, seq=seq).first()
        if game is None:
            return False
        state = selectors.game_state(game)
    due = engine.actors(state)
    if not due:
        return False
    return services.seat_stand_in_play(game_id=game_id, seat=due[0], expected_seq=seq, level=LEVEL)


def _bots(move: MoveCommitted) -> None:
    if not move.finished:
        # As the platform's computer turns go: on in this task's run, or to the table's queue.
        hand_on(seat_turn, move.game_id, move.seq, queue=queue_of(move.game_id))


move_committed.connect("computer_turn", _bots, uid="benchmarks.bots")
move_committed.disconnect("timers", "games.timers")
