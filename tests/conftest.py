"""The whole suite: the deal seed of this run, shown where a failure can be replayed."""

from __future__ import annotations

import os
import threading
from collections.abc import Generator, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.db import connections

from games import clocks


def _seed() -> str:
    return str(getattr(settings, "DURAK_DEAL_SEED", None))


def pytest_configure(config: pytest.Config) -> None:
    # Servers the tests start (the browser tests' platform) deal from the same seed.
    os.environ.setdefault("DURAK_DEAL_SEED", _seed())


def pytest_report_header(config: pytest.Config) -> str:
    return f"deal seed: {_seed()} (DURAK_DEAL_SEED={_seed()} deals this run's games again)"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        report.sections.append(("deal seed", f"DURAK_DEAL_SEED={_seed()} deals this run's games again"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # ``make test`` runs the suite on two processes, a file at a time (pytest-xdist,
    # --dist loadfile): the long files go first, so that neither process is left with one
    # of them at the end while the other waits.
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(autouse=True)
def _timers_end_with_their_test() -> Iterator[None]:
    """A move clock or reconnect window a test started (in the embedded mode a timer thread
    of this process: ``games.clocks``) is cancelled when the test ends. Left running, it
    would fire inside a later test, whose database may hold another game of the same id."""
    before = set(threading.enumerate())
    yield
    for thread in threading.enumerate():
        if thread not in before and isinstance(thread, threading.Timer) and thread.function is clocks.run_timer:
            thread.cancel()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test database; on PostgreSQL, before it is dropped, every other session
    still on it is ended, as ``DROP DATABASE ... WITH (FORCE)`` would. A session left on it
    makes Django's drop fail ("being accessed by other users") and leaves the database behind.
    One known holder: a test's plain ``sync_to_async`` ORM call runs on asgiref's one thread
    (``SyncToAsync.single_thread_executor``), where nothing ever closes its connection
    (channels' ``database_sync_to_async`` does, asgiref does not)."""
    yield
    with django_db_blocker.unblock():
        connection = connections["default"]
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                           " WHERE datname = current_database() AND pid <> pg_backend_pid()")
