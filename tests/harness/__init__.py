"""The one harness every platform test (and the live benchmark) builds on.

- ``clients``: the in-process API client; ``fixtures``: the fixtures every conftest shares.
- ``ports``: a free loopback port.
- ``stack``: a real platform in processes (PostgreSQL, Redis, uvicorn, a Celery worker);
  ``remote``: its clients over real HTTP and websockets.

``ports``, ``stack`` and ``remote`` need no Django settings, so a benchmark imports them
as they are; the rest are for tests under pytest-django.
"""
