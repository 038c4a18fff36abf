"""Timer tasks. Each takes ids, re-reads the world and is a no-op when it came too late
or twice (``acks_late``: a task whose worker died is delivered again)."""

from __future__ import annotations

import threading
from typing import Any

from celery import Task, current_app, shared_task


@shared_task(acks_late=True, ignore_result=True)
def seat_timeout(game_id: int, seat: int, expected_seq: int) -> bool:
    from live import services  # services schedule tasks: import late

    return services.seat_timed_out(game_id=game_id, seat=seat, expected_seq=expected_seq)


@shared_task(acks_late=True, ignore_result=True)
def absence_expire(absence_id: int) -> bool:
    from live import services

    return services.absence_expire(absence_id=absence_id)


@shared_task(ignore_result=True)
def timers_sweep() -> int:
    from live import services

    return services.timers_sweep()


def schedule(task: Task, args: tuple[Any, ...], countdown: float) -> None:
    """Run ``task(*args)`` in ``countdown`` seconds.

    With a broker that is ``apply_async(countdown=...)``. Eager (embedded) mode would run
    it at once, which would make every timer expire immediately, so there a daemon
    timer thread of this process waits instead (lost on restart; nothing else is).
    """
    if not current_app.conf.task_always_eager:
        task.apply_async(args, countdown=max(0.0, countdown))
        return
    timer = threading.Timer(max(0.0, countdown), task.apply, args=(args,))
    timer.daemon = True
    timer.start()
