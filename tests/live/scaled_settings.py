"""Settings of the live-play scaled tests' own server and worker: production, plus a
short broker visibility timeout, so a task whose worker was killed comes back in
seconds instead of the default hour (``acks_late`` keeps it unacknowledged)."""

from durak_platform.settings.base import env
from durak_platform.settings.production import *  # noqa: F403

CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": float(env("DURAK_TEST_VISIBILITY_TIMEOUT", "4"))}
