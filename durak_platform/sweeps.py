"""The embedded mode's beat: the periodic sweeps in a daemon thread of the server process.

With a broker, celery beat runs the sweeps of ``app.conf.beat_schedule`` (the settings'
``CELERY_BEAT_SCHEDULE``). The embedded mode
(``CELERY_TASK_ALWAYS_EAGER``) has no beat, and its move clocks are threading timers lost
on a restart, so this thread runs the same tasks at the same intervals, each call on its
own (an error is logged, the others and the next tick go on). Its first tick is at once,
so a restart fires the clocks that fell due while the server was down.

It starts from the ASGI app's first call (``durak_platform.asgi``), not from
``AppConfig.ready()``: ready runs in every management command, migration, test and
worker, and before uvicorn forks its workers; the first ASGI call happens only in a
process that really serves, once per process. ``DURAK_EMBEDDED_SWEEPS`` turns it off
(the test settings do).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import close_old_connections

import games.tasks
import games.timer_tasks
import retries.tasks
import tournaments.tasks
from durak_platform.celery import app

log = logging.getLogger(__name__)

# The task names beat schedules, imported above so they are registered.
TASKS: dict[str, Callable[[], object]] = {
    "games.tasks.ai_turns_sweep": games.tasks.ai_turns_sweep,
    "games.timer_tasks.timers_sweep": games.timer_tasks.timers_sweep,
    "tournaments.tasks.tournaments_advance_sweep": tournaments.tasks.tournaments_advance_sweep,
    "retries.tasks.kept_answers_sweep": retries.tasks.kept_answers_sweep,
    "tournaments.tasks.arenas_sweep": tournaments.tasks.arenas_sweep,
}

_started: threading.Thread | None = None
_lock = threading.Lock()


def enabled() -> bool:
    """Whether this process should run the sweeps itself: the embedded mode, switched on."""
    return bool(getattr(settings, "DURAK_EMBEDDED_SWEEPS", True) and settings.CELERY_TASK_ALWAYS_EAGER)


def schedule() -> list[tuple[str, float]]:
    """(task name, seconds between runs) for each beat entry with a known task."""
    entries = []
    for entry in app.conf.beat_schedule.values():
        name, every = entry["task"], entry["schedule"]
        if name in TASKS and isinstance(every, int | float):
            entries.append((name, float(every)))
        else:
            log.warning("embedded sweeps: beat entry %s not run here", name)
    return entries


def sweep(name: str) -> None:
    """One run of one sweep, its errors logged (and its database connection handed back)."""
    close_old_connections()
    try:
        TASKS[name]()
    except Exception:
        log.exception("embedded sweep %s failed", name)
    finally:
        close_old_connections()


def tick(due: dict[str, float], entries: list[tuple[str, float]], now: float) -> None:
    """Run each sweep whose time has come (never run: at once) and set its next time."""
    for name, every in entries:
        if due.get(name, now) <= now:
            sweep(name)
            due[name] = now + every


def _run() -> None:
    entries = schedule()
    due: dict[str, float] = {}
    while True:
        tick(due, entries, time.monotonic())
        time.sleep(max(0.5, min(due.values(), default=time.monotonic() + 10) - time.monotonic()))


def start() -> bool:
    """Start the thread once per process if this process should run it. True if it runs."""
    global _started
    if not enabled():
        return False
    with _lock:
        if _started is None or not _started.is_alive():
            _started = threading.Thread(target=_run, name="durak-embedded-sweeps", daemon=True)
            _started.start()
    return True


def running() -> bool:
    return _started is not None and _started.is_alive()
