"""The Celery app. Tasks read their settings from Django's (``CELERY_`` prefix).

A worker must ride out a Redis restart (the broker and the channel layer both live
there). Celery's consumer reconnects on its own, with two settings and one repair here:

- retry the broker forever (``broker_connection_max_retries=None``; the default gives
  up after 100 attempts and shuts the worker down);
- on a lost connection, cancel running ``acks_late`` tasks (their ack cannot reach the
  broker, so they are delivered again: ours are safe to run twice, by expected seq);
- the repair: after a lost connection Celery first collects the broker connection, which
  detaches its transport, then closes it; closing the channel restores unacknowledged
  messages through a new Redis client, built from the detached transport's
  ``client``, which is None by then. The ``AttributeError`` is not a connection error,
  so the worker stops with "Unrecoverable error" (seen with Celery 5.7 / kombu 5.7 on
  every Redis restart while a task was unacknowledged). ``SturdyRedisTransport`` makes
  that a connection error, which the close ignores; the messages stay in Redis's
  unacked set and come back after the visibility timeout like any unacked message.

And one speed repair: in a prefork worker Celery's Django fix-up closes the whole
database connection pool before and after every task (celery/celery#10554), so every
computer turn paid new PostgreSQL connections (15–25 ms of a turn here). The fix-up's
per-task close is turned off (``CELERY_DB_REUSE_MAX``; it still closes inherited
connections in each new child, which is what fork safety needs) and each task instead
hands its connection back to the pool (``close_old_connections``) before and after.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery, Task
from celery.signals import task_postrun, task_prerun, worker_process_init, worker_ready
from kombu.transport import redis as kombu_redis

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "durak_platform.settings.local")


class SturdyRedisChannel(kombu_redis.Channel):  # type: ignore[misc]
    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection.client is None:
            raise kombu_redis.get_redis_ConnectionError()("The broker connection was closed after it was lost.")
        return super()._connparams(asynchronous=asynchronous)


class SturdyRedisTransport(kombu_redis.Transport):  # type: ignore[misc]
    Channel = SturdyRedisChannel


def _sturdy_redis_broker(sender: Celery, **kwargs: Any) -> None:
    url = str(sender.conf.broker_url or "")
    if url.startswith(("redis://", "rediss://")) and not sender.conf.broker_transport:
        sender.conf.broker_transport = f"{__name__}:SturdyRedisTransport"


app = Celery("durak_platform")
app.on_after_configure.connect(_sturdy_redis_broker, weak=False)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    broker_connection_max_retries=None,
    worker_cancel_long_running_tasks_on_connection_loss=True,
)
# Read by Celery's Django fix-up under this old-style name: close the connections
# (and, in prefork, the pool) only every 2 × this many task boundaries.
app.conf["CELERY_DB_REUSE_MAX"] = 1_000_000_000
app.autodiscover_tasks()


@worker_ready.connect  # the solo pool's tasks run in the worker's own process
@worker_process_init.connect  # each child of a prefork pool
def _collector_settled(**kwargs: Any) -> None:
    """A started worker's garbage collector, as a server process's (``collector``): its full
    collections stalled the computer's moves of its tables at intervals of some 28 s."""
    from durak_platform import collector

    collector.settle()


@task_prerun.connect
@task_postrun.connect
def _connections_back_to_the_pool(sender: Task | None = None, **kwargs: Any) -> None:
    """A worker's task hands its database connection back (a broken one is dropped);
    the pool itself, and its open connections, stay for the next task."""
    if sender is None or getattr(sender.request, "is_eager", False):
        return  # an eager task runs inside the caller's request and transaction
    from django.db import close_old_connections

    close_old_connections()
