"""Settings of the live-play scaled tests' own server and worker: production, plus

- a short broker visibility timeout, so a task whose worker was killed comes back in
  seconds instead of the default hour (``acks_late`` keeps it unacknowledged);
- this run's own channel-layer prefix, cache prefix and Celery queue
  (``DURAK_TEST_RUN``), so two test runs sharing one Redis never see each other's keys.
"""

from typing import Any, cast

from durak_platform.settings.environment import env
from durak_platform.settings.production import *  # noqa: F403
from durak_platform.settings.production import CACHES, CHANNEL_LAYERS

CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.float("DURAK_TEST_VISIBILITY_TIMEOUT", default=4.0)}

RUN = env.str("DURAK_TEST_RUN", default="")
if RUN:
    cast(dict[str, Any], CHANNEL_LAYERS["default"]).setdefault("CONFIG", {})["prefix"] = f"asgi{RUN}"
    cast(dict[str, Any], CACHES["default"])["KEY_PREFIX"] = f"run{RUN}"
    CELERY_TASK_DEFAULT_QUEUE = f"live{RUN}"
