"""A timer of the embedded mode (and of the tests, which run tasks eagerly) runs its task
in a thread of its own: that thread gives its database connections back when it ends
(tests/live patches the timers away; here they run)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from celery import current_app

from games import clocks


def test_a_timer_thread_closes_its_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    ran = threading.Event()
    closed: list[str] = []
    task = current_app.tasks[clocks.SEAT_TIMEOUT]
    monkeypatch.setattr(task, "apply", lambda args: ran.set())
    monkeypatch.setattr(clocks.connections, "close_all", lambda: closed.append(threading.current_thread().name))
    clocks.later(clocks.SEAT_TIMEOUT, (1, 0, 0), countdown=0)
    assert ran.wait(5)
    for thread in threading.enumerate():
        if isinstance(thread, threading.Timer):
            thread.join(5)
    assert closed and closed[0] != threading.main_thread().name, closed


def test_a_failing_timer_task_still_closes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    closed = threading.Event()
    task = current_app.tasks[clocks.SEAT_TIMEOUT]

    def fails(args: Any) -> None:
        raise RuntimeError("the task broke")

    monkeypatch.setattr(task, "apply", fails)
    monkeypatch.setattr(clocks.connections, "close_all", closed.set)
    monkeypatch.setattr(threading, "excepthook", lambda hook_args: None)  # the thread's traceback is expected
    clocks.later(clocks.SEAT_TIMEOUT, (1, 0, 0), countdown=0)
    assert closed.wait(5)
