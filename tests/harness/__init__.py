"""The one harness every platform test (and the live benchmark) builds on.

- ``tables``: a table through the services (people and computer seats, rules, options),
  or opened over the REST API by API clients.
- ``moves``: the seat that must act and a legal move for it, played through the services
  or over the API.
- ``races``: calls released at one moment, each in a thread of its own.
- ``clients``: the in-process API client; ``fixtures``: the fixtures every conftest shares.
- ``ports``: a free loopback port.
- ``stack``: a real platform in processes (PostgreSQL, Redis, uvicorn, a Celery worker);
  ``remote``: its clients over real HTTP and websockets.

``ports``, ``stack`` and ``remote`` need no Django settings, so a benchmark imports them
as they are; the rest are for tests under pytest-django.
"""
