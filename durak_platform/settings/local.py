"""Development and the embedded default (``make run``)."""

from durak_platform.settings.base import *  # noqa: F403
from durak_platform.settings.environment import env

# Never Django's debug page unless asked for: it shows settings and code to anyone who
# finds a bug. DJANGO_DEBUG=1 turns it on (and DRF's browsable API) on a developer's machine.
DEBUG = env.bool("DJANGO_DEBUG", default=False)
# A fixed key is fine on a developer's loopback; production refuses to start without one.
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="local-insecure-key-change-me-0123456789abcdefghijklmnopqrstuvwxyz")
