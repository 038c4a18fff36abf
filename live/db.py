"""Database calls from the sockets' event loop.

asgiref runs sync code "thread-sensitively" by default: every call of the process in one
thread, one after another. A move's commit waits some milliseconds for the disk's flush,
so every socket of the process waited behind each commit and each read (at 500 tables the
one thread, not the CPU, set the pace). On PostgreSQL each call runs in a thread of the
loop's pool instead, on a connection from the process's pool (``DJANGO_DB_POOL``), so the
waits overlap. SQLite keeps the one thread: it has one writer anyway, and the tests'
in-memory database is the one thread's.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

from channels.db import DatabaseSyncToAsync
from django.db import connection

P = ParamSpec("P")
R = TypeVar("R")


def db_call(func: Callable[P, R]) -> Callable[P, Coroutine[Any, Any, R]]:
    """``func`` as a coroutine function that runs it in a thread (module docstring)."""
    return DatabaseSyncToAsync(func, thread_sensitive=connection.vendor == "sqlite")  # type: ignore[return-value]
