"""The embedded mode's sweeper (``durak_platform.sweeps``): after a restart lost a table's
clock thread, the sweeper's pass moves the table; and the thread starts only in a server.
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone

from durak_platform import sweeps
from games.models import Game, GameEvent
from games.options import TableOptions
from tests.harness.moves import seat_due
from tests.harness.tables import table_create

pytestmark = pytest.mark.django_db(transaction=True)  # moves act in on-commit hooks


def test_the_sweepers_pass_moves_a_table_whose_clock_was_lost(scheduled: list[Any]) -> None:
    game = table_create(rules={"deck": 24}, options=TableOptions(move_timer=5)).game
    seat, seq = seat_due(game), game.seq
    # A restart: the clock thread is gone (``scheduled`` records it, nothing runs it) and
    # the move fell due long ago.
    Game.objects.filter(pk=game.pk).update(last_event_at=timezone.now() - timedelta(hours=1))
    entries = sweeps.schedule()
    assert {name for name, _ in entries} == set(sweeps.TASKS)  # every beat sweep, none left out
    due: dict[str, float] = {}
    sweeps.tick(due, entries, time.monotonic())
    game.refresh_from_db()
    assert game.seq > seq
    assert GameEvent.objects.filter(game=game, seq=seq + 1, actor_seat=seat).exists()  # played for the seat
    assert set(due) == set(sweeps.TASKS)  # each sweep's next time is set


def test_a_failing_sweep_is_logged_and_the_others_run(monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    ran: list[str] = []

    def boom() -> None:
        raise RuntimeError("down")

    monkeypatch.setattr(sweeps, "TASKS", {"a": boom, "b": lambda: ran.append("b")})
    sweeps.tick({}, [("a", 1.0), ("b", 1.0)], 0.0)
    assert ran == ["b"] and "embedded sweep a failed" in caplog.text


def test_the_sweeper_is_off_under_the_test_settings_and_in_commands() -> None:
    assert not sweeps.enabled()
    assert not sweeps.start()
    with override_settings(DURAK_EMBEDDED_SWEEPS=True):
        call_command("sweep_timers")  # a management command never starts it
        call_command("check")
        assert not sweeps.running()
    assert not any(t.name == "durak-embedded-sweeps" for t in threading.enumerate())


def test_in_an_embedded_server_it_starts_once(monkeypatch: pytest.MonkeyPatch) -> None:
    stop = threading.Event()
    monkeypatch.setattr(sweeps, "_run", stop.wait)
    monkeypatch.setattr(sweeps, "_started", None)
    try:
        with override_settings(DURAK_EMBEDDED_SWEEPS=True, CELERY_TASK_ALWAYS_EAGER=True):
            assert sweeps.start() and sweeps.start()
            assert sum(t.name == "durak-embedded-sweeps" for t in threading.enumerate()) == 1
        with override_settings(DURAK_EMBEDDED_SWEEPS=True, CELERY_TASK_ALWAYS_EAGER=False):
            assert not sweeps.enabled()  # a broker: celery beat runs the sweeps
    finally:
        stop.set()
