"""The test suite: fast hashing, generous throttles, failures that surface."""

import os
import secrets
import tempfile

from durak_platform.settings.base import *  # noqa: F403
from durak_platform.settings.base import DATABASES, REST_FRAMEWORK
from durak_platform.settings.environment import env

DEBUG = False
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="test-insecure-key-0123456789abcdefghijklmnopqrstuvwxyz-abcdefgh")
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# In-process tests run computer turns eagerly even when a broker is configured; the scaled
# tests (tests/platform/test_scaled.py) start a real worker and drive it over HTTP.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
DURAK_AI_BUDGET_MS = 50
# No sweeper thread under the tests: they call its one pass themselves.
DURAK_EMBEDDED_SWEEPS = False
# Every deal a function of this seed and the game's id (``games.deal``): a failing random
# game can be dealt again. A fresh seed per run, printed by tests/conftest.py;
# ``DURAK_DEAL_SEED=<seed> make pytest`` deals that run's games again.
DURAK_DEAL_SEED = env.str("DURAK_DEAL_SEED", default="") or secrets.token_hex(4)
# Pages render without a collectstatic step (Django's advice for manifest storage), so
# plain names here; tests/js/test_hashed_static.py collects and serves the hashed ones.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {"auth": "100000/min", "actions": "100000/min", "hints": "100000/min",
                                           "resume": "100000/min", "tournaments": "100000/min"}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not memory: threads in the concurrency tests need real SQLite locking. One
    # file per test process, so test runs side by side never share (and corrupt) one.
    DATABASES["default"]["TEST"] = {
        "NAME": os.path.join(tempfile.gettempdir(), f"durak-test-{os.getpid()}.sqlite3")
    }

# The push tests run a push service on loopback (tests/push): its origin is allowed here
# only, never in another setting.
DURAK_PUSH_ORIGINS = [*DURAK_PUSH_ORIGINS, "http://127.0.0.1:*"]  # noqa: F405
