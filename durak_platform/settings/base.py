"""Settings shared by every environment. Everything a deployment changes is an env var.

Defaults give the embedded mode: SQLite, an in-memory channel layer and Celery tasks
run in-process. Setting ``DATABASE_URL``, ``DJANGO_CHANNEL_LAYER=redis``/``REDIS_URL`` and
``CELERY_BROKER_URL`` switches to PostgreSQL, Redis and separate Celery workers.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


# GENERAL
# ------------------------------------------------------------------------------
DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = env("DJANGO_SECRET_KEY", "")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "http://127.0.0.1,http://localhost")
TIME_ZONE = "UTC"
# Russian first: the admin and the server's own texts are written in Russian (the source
# language of every gettext string here); locale/en holds their English. A request's language
# is the cookie the pages' switch sets (django_language), else Accept-Language, else Russian.
LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", "Русский"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
ROOT_URLCONF = "durak_platform.urls"
WSGI_APPLICATION = "durak_platform.wsgi.application"
ASGI_APPLICATION = "durak_platform.asgi.application"

# DATABASES
# ------------------------------------------------------------------------------
DATABASE_URL = env("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
DATABASES: dict[str, Any] = {
    "default": dj_database_url.parse(
        DATABASE_URL, conn_max_age=int(env("DJANGO_CONN_MAX_AGE", "60")), conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DJANGO_DB_POOL", True):
    # Under ASGI every request runs its sync code in a thread of its own, so persistent
    # (thread-local) connections are never reused and each request would pay a fresh
    # PostgreSQL connection. A process-wide pool hands out open connections instead.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(env("DJANGO_DB_POOL_MIN", "2")),
        "max_size": int(env("DJANGO_DB_POOL_MAX", "20")),
        "timeout": 10,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        # Writers queue at BEGIN instead of failing when they upgrade a read lock, so two
        # racing moves serialise and the second one sees the new seq (409 stale_seq).
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

# APPS
# ------------------------------------------------------------------------------
DJANGO_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
]
THIRD_PARTY_APPS = [
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # the docs page's Swagger UI served from here, not a CDN
    "channels",
]
LOCAL_APPS = [
    "accounts",
    "games",
    "live",
    "ratings",
    "tournaments",
]
INSTALLED_APPS = DJANGO_APPS + THIRD_PARTY_APPS + LOCAL_APPS

# MIDDLEWARE
# ------------------------------------------------------------------------------
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# TEMPLATES AND STATIC FILES
# ------------------------------------------------------------------------------
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]
STATIC_URL = "/static/"
# collectstatic's output (git-ignored); hashed names are served from here.
STATIC_ROOT = Path(env("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Content-hashed names, JS module imports rewritten, compressed copies (collectstatic).
    "staticfiles": {"BACKEND": "durak_platform.static_storage.HashedStaticStorage"},
}
# The source folders are served too, under plain names: what DEBUG's {% static %} gives,
# and what every page gets while nothing is collected (durak_platform/static_storage.py).
WHITENOISE_USE_FINDERS = env_bool("DJANGO_WHITENOISE_USE_FINDERS", True)

# AUTH
# ------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 6}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# CACHES (throttle counters live here: shared through Redis when there is one)
# ------------------------------------------------------------------------------
REDIS_URL = env("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# CHANNELS
# ------------------------------------------------------------------------------
CHANNEL_LAYER = env("DJANGO_CHANNEL_LAYER", "redis" if REDIS_URL else "memory")
if CHANNEL_LAYER == "redis":
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # One channel per server process receives every table's notices (live/hub.py):
            # the default 100 waiting messages could overflow on a busy server.
            "CONFIG": {"hosts": [REDIS_URL or "redis://127.0.0.1:6379/0"], "capacity": 2000},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# CELERY
# ------------------------------------------------------------------------------
CELERY_BROKER_URL = env("CELERY_BROKER_URL", "")
# Without a broker, tasks run in-process right where they are enqueued (embedded mode).
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = env_bool("CELERY_TASK_EAGER_PROPAGATES", False)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
# One queue name per deployment sharing a broker (CI runs side by side use their own).
CELERY_TASK_DEFAULT_QUEUE = env("DURAK_CELERY_QUEUE", "celery")
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE = {
    "ai-turns-sweep": {
        "task": "games.tasks.ai_turns_sweep",
        "schedule": float(env("DURAK_AI_SWEEP_EVERY", "30")),
    },
    # Marks waiting tables past DURAK_WAITING_TABLE_TTL expired (reads treat them so anyway).
    "waiting-tables-expire": {
        "task": "games.tasks.waiting_tables_expire",
        "schedule": 60.0,
    },
    # Moves a tournament on if the game-finished signal was lost with a worker.
    "tournaments-advance-sweep": {
        "task": "tournaments.tasks.tournaments_advance_sweep",
        "schedule": 60.0,
    },
}

# THE GAME
# ------------------------------------------------------------------------------
# An AI turn whose last event is older than this is re-enqueued by the sweep.
DURAK_AI_STALLED_AFTER = float(env("DURAK_AI_STALLED_AFTER", "30"))
# The embedded mode (no broker, no beat): the server process runs the beat schedule's
# sweeps itself in a daemon thread (durak_platform.sweeps).
DURAK_EMBEDDED_SWEEPS = env_bool("DURAK_EMBEDDED_SWEEPS", True)
# Thinking time for the search levels of the computer player, per move.
DURAK_AI_BUDGET_MS = int(env("DURAK_AI_BUDGET_MS", "300"))
# How many tables waiting for players one player may have created at once (lobby flood).
DURAK_MAX_WAITING_TABLES = int(env("DURAK_MAX_WAITING_TABLES", "3"))
# Seconds a table may wait for players; then nobody may join it and the lobby drops it.
DURAK_WAITING_TABLE_TTL = float(env("DURAK_WAITING_TABLE_TTL", "1800"))
# The largest JSON request body the API reads (durak_platform/json_parser.py): 413 past it.
DURAK_MAX_BODY_BYTES = int(env("DURAK_MAX_BODY_BYTES", str(64 * 1024)))
# How many rebuilt game states each process keeps (replay stays the truth).
DURAK_STATE_CACHE_SIZE = int(env("DURAK_STATE_CACHE_SIZE", "1024"))
# Mount /bench/ceiling/ (the benchmark's bare insert endpoint).
# The benchmark-only endpoint exists only under ``settings.bench`` (never in production).
DURAK_BENCHMARK_ENDPOINTS = False

# CLIENTS BEHIND PROXIES (durak_platform/clients.py)
# ------------------------------------------------------------------------------
# How many proxies we run in front of the app: 0 ignores X-Forwarded-For (a client's own
# header must never make it a new client); N takes the Nth address from its right.
if not env("DJANGO_NUM_PROXIES", "0").strip().isdigit():
    raise ImproperlyConfigured("DJANGO_NUM_PROXIES is a whole number: the proxies in front of the app (0: none).")
DURAK_NUM_PROXIES = int(env("DJANGO_NUM_PROXIES", "0"))
# Which peers may set it (addresses or networks; ``*``: any): a client that reaches the
# app past the proxy cannot speak for someone else.
DURAK_FORWARDED_ALLOW_IPS = env_list("DURAK_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
for _allowed in DURAK_FORWARDED_ALLOW_IPS:
    if _allowed != "*":
        try:
            ipaddress.ip_network(_allowed, strict=False)
        except ValueError as _error:
            raise ImproperlyConfigured(f"DURAK_FORWARDED_ALLOW_IPS: {_allowed!r} is no address or network.") from _error

# DJANGO REST FRAMEWORK
# ------------------------------------------------------------------------------
REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.PlayerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # DRF's JSONParser with nesting bounded (deep nesting is a 400, not a RecursionError's 500).
    "DEFAULT_PARSER_CLASSES": ["durak_platform.json_parser.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "durak_platform.exceptions.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "auth": env("DJANGO_THROTTLE_AUTH", "30/min"),
        "actions": env("DJANGO_THROTTLE_ACTIONS", "240/min"),
        "hints": env("DJANGO_THROTTLE_HINTS", "20/min"),
        # A socket's resume resends a whole log or state: a small budget per player.
        "resume": env("DJANGO_THROTTLE_RESUME", "30/min"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # DRF's default (None) trusts X-Forwarded-For from anyone. Our throttles ask
    # durak_platform.clients instead; this keeps any stock DRF throttle in step with it.
    "NUM_PROXIES": DURAK_NUM_PROXIES,
}
if DEBUG:
    REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"].append("rest_framework.renderers.BrowsableAPIRenderer")

SPECTACULAR_SETTINGS = {
    "TITLE": "Дурак онлайн API",
    "DESCRIPTION": "The public contract (v1) of the Durak platform: accounts, games, actions, events.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # <id:...> (durak_platform/converters.py): a whole number a BIGINT column holds.
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}},
}

# LOGGING
# ------------------------------------------------------------------------------
# dictConfig, then a filter that rewrites ?token=/?ticket= in every line to [redacted].
LOGGING_CONFIG = "durak_platform.logs.configure"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        "celery.app.trace": {"level": env("DURAK_TASK_LOG_LEVEL", "WARNING")},
    },
}

# SIGN-IN LIMITS (issue 26: failures counted per account name, and per address at the admin)
# ------------------------------------------------------------------------------
DURAK_SIGNIN_FAILURES = int(env("DURAK_SIGNIN_FAILURES", "10"))
DURAK_SIGNIN_WINDOW = int(env("DURAK_SIGNIN_WINDOW", "900"))
DURAK_ADMIN_LOGIN_FAILURES_PER_IP = int(env("DURAK_ADMIN_LOGIN_FAILURES_PER_IP", "20"))
