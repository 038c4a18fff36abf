"""Calls made at one moment: two moves at one seq, two deliveries of one task."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from django.db import connections

T = TypeVar("T")


def at_once(*calls: Callable[[], T]) -> list[T]:
    """Run every call in a thread of its own, all released together by one barrier, and
    return what each returned, in the calls' order. Each thread closes its database
    connections when done (Django opens one per thread); the first call that raised makes
    this raise the same error once every thread is over."""
    barrier = threading.Barrier(len(calls))
    results: list[T | None] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = calls[index]()
        except BaseException as error:  # handed to the caller below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results  # type: ignore[return-value]
