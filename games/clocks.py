"""Running a timer task later: a move clock running out, a reconnect window closing.

The timer services (``games.timers``) schedule tasks that call those services back, so
the tasks are named here rather than imported (``games.timer_tasks`` imports the
services, not the other way round); ``games.apps`` imports the tasks at start, so the
names are always registered.
"""

from __future__ import annotations

import threading
from typing import Any

from celery import current_app
from django.db import connections

SEAT_TIMEOUT = "games.timer_tasks.seat_timeout"
ABSENCE_EXPIRE = "games.timer_tasks.absence_expire"


def later(task_name: str, args: tuple[Any, ...], countdown: float) -> None:
    """Run the task ``task_name(*args)`` in ``countdown`` seconds.

    With a broker that is ``apply_async(countdown=...)``. Eager (embedded) mode would run
    it at once, which would make every timer expire immediately, so there a daemon
    timer thread of this process waits instead (lost on restart; nothing else is).
    """
    task = current_app.tasks[task_name]
    if not current_app.conf.task_always_eager:
        task.apply_async(args, countdown=max(0.0, countdown))
        return
    timer = threading.Timer(max(0.0, countdown), run_timer, args=(task, args))
    timer.daemon = True
    timer.start()


def run_timer(task: Any, args: tuple[Any, ...]) -> None:
    """Run the task in the timer's own thread, then give back that thread's database
    connections: the thread ends here, and a connection it kept would never return to
    the pool (PostgreSQL's pool ran dry in the scaled tests after enough timers fired)."""
    try:
        task.apply(args=args)
    finally:
        connections.close_all()
