"""Settings shared by every environment. Everything a deployment changes is an env var,
read here through django-environ (``env``) and listed in docs/settings.md, one naming
scheme for all: the conventional ``DATABASE_URL``, ``REDIS_URL`` and ``CELERY_BROKER_URL``;
``DJANGO_*`` for Django and the web stack it runs; ``CELERY_*`` for Celery; ``DURAK_*``
for the platform's own rules and limits, each named as the setting it fills.

Defaults give the embedded mode: SQLite, an in-memory channel layer and Celery tasks
run in-process. Setting ``DATABASE_URL``, ``DJANGO_CHANNEL_LAYER=redis``/``REDIS_URL`` and
``CELERY_BROKER_URL`` switches to PostgreSQL, Redis and separate Celery workers.

long module: every shared setting in one place, section by section as docs/settings.md
lists them, so an operator reads what a variable does where it is read.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from durak_platform.settings.environment import env

BASE_DIR = Path(__file__).resolve().parent.parent.parent

# Names retired for the one scheme: a deployment that still sets one is stopped with the
# new name, rather than left to run on a default it never chose (0 proxies, say).
_RENAMED = {
    "DJANGO_NUM_PROXIES": "DURAK_NUM_PROXIES",
    **{f"DJANGO_THROTTLE_{scope}": f"DURAK_THROTTLE_{scope}"
       for scope in ("AUTH", "ACTIONS", "HINTS", "RESUME", "TOURNAMENTS")},
    "DURAK_CELERY_QUEUE": "CELERY_TASK_DEFAULT_QUEUE",
    "DURAK_TASK_LOG_LEVEL": "CELERY_TASK_LOG_LEVEL",
}
for _old, _new in _RENAMED.items():
    if _old in env.ENVIRON:
        raise ImproperlyConfigured(f"{_old} is now called {_new} (docs/settings.md): set that instead.")

# GENERAL
# ------------------------------------------------------------------------------
DEBUG = env.bool("DJANGO_DEBUG", default=False)
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=["http://127.0.0.1", "http://localhost"])
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
DATABASE_URL = env.str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
DATABASES: dict[str, Any] = {
    "default": {**env.db_url_config(DATABASE_URL), "CONN_MAX_AGE": env.int("DJANGO_CONN_MAX_AGE", default=60),
                "CONN_HEALTH_CHECKS": True}
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.bool("DJANGO_DB_POOL", default=True):
    # Under ASGI every request runs its sync code in a thread of its own, so persistent
    # (thread-local) connections are never reused and each request would pay a fresh
    # PostgreSQL connection. A process-wide pool hands out open connections instead.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DJANGO_DB_POOL_MIN", default=2),
        "max_size": env.int("DJANGO_DB_POOL_MAX", default=20),
        "timeout": 10,
    }
    if env.bool("DJANGO_DB_PREPARED", default=True):
        # The pooled connections live on, so a statement psycopg has seen five times on one
        # is prepared there and PostgreSQL stops planning it: planning was half of its CPU
        # at 500 tables (the token's read, the turns' append). Django leaves this off for
        # poolers in front of PostgreSQL (PgBouncer's transaction mode loses prepared
        # statements); this pool talks to PostgreSQL itself. Needs server-side binding.
        DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=5)
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
    "drf_spectacular",
    "drf_spectacular_sidecar",  # the docs page's Swagger UI served from here, not a CDN
    "channels",
]
LOCAL_APPS = [
    "accounts",
    "coins",
    "games",
    "live",
    "ratings",
    "players",
    "tournaments",
    "retries",
    "challenges",
    "stream",
    "push",
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
    # After the session's user is known: a keyed POST's account (retries.middleware).
    "retries.middleware.IdempotencyMiddleware",
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
STATIC_ROOT = Path(env.str("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Content-hashed names, JS module imports rewritten, compressed copies (collectstatic).
    "staticfiles": {"BACKEND": "durak_platform.static_storage.HashedStaticStorage"},
}
# The source folders are served too, under plain names: what DEBUG's {% static %} gives,
# and what every page gets while nothing is collected (durak_platform/static_storage.py).
WHITENOISE_USE_FINDERS = env.bool("DJANGO_WHITENOISE_USE_FINDERS", default=True)

# AUTH
# ------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 6}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# CACHES (throttle counters live here: shared through Redis when there is one)
# ------------------------------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    # One Redis client per connection pool, not one per call (core/cache.py).
    CACHES = {"default": {"BACKEND": "core.cache.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# CHANNELS
# ------------------------------------------------------------------------------
CHANNEL_LAYER = env.str("DJANGO_CHANNEL_LAYER", default="redis" if REDIS_URL else "memory")
if CHANNEL_LAYER == "redis":
    CHANNEL_LAYERS = {"default": {
        "BACKEND": "live.layer.RedisChannelLayer",
        # One channel per server process receives every table's notices (live/hub.py):
        # the default 100 waiting messages could overflow on a busy server.
        "CONFIG": {"hosts": [REDIS_URL or "redis://127.0.0.1:6379/0"], "capacity": 2000},
    }}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# CELERY
# ------------------------------------------------------------------------------
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
# Without a broker, tasks run in-process right where they are enqueued (embedded mode).
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = env.bool("CELERY_TASK_EAGER_PROPAGATES", default=False)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
# One queue name per deployment sharing a broker (CI runs side by side use their own).
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_TASK_DEFAULT_QUEUE", default="celery")
# n > 0: a table's computer turns go to one of n queues, each with a worker of its own (games/tasks.py).
DURAK_TABLE_QUEUES = env.int("DURAK_TABLE_QUEUES", default=0)
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE = {
    "ai-turns-sweep": {
        "task": "games.tasks.ai_turns_sweep",
        "schedule": env.float("DURAK_AI_SWEEP_EVERY", default=30.0),
    },
    # Fires move clocks and absences whose timer tasks were lost with a broker's data.
    "timers-sweep": {
        "task": "games.timer_tasks.timers_sweep",
        "schedule": env.float("DURAK_LIVE_SWEEP_EVERY", default=10.0),
    },
    # Marks waiting tables past DURAK_WAITING_TABLE_TTL expired (reads treat them so anyway).
    "waiting-tables-expire": {
        "task": "games.tasks.waiting_tables_expire",
        "schedule": 60.0,
    },
    # Forgets the answers kept for Idempotency-Key past DURAK_IDEMPOTENCY_TTL.
    "kept-answers-sweep": {
        "task": "retries.tasks.kept_answers_sweep",
        "schedule": 3600.0,
    },
    # Moves a tournament on if the game-finished signal was lost with a worker.
    "tournaments-advance-sweep": {
        "task": "tournaments.tasks.tournaments_advance_sweep",
        "schedule": 60.0,
    },
    # Removes account stream events older than DURAK_STREAM_KEEP_DAYS.
    "stream-prune": {
        "task": "stream.tasks.stream_prune",
        "schedule": env.float("DURAK_STREAM_PRUNE_EVERY", default=3600.0),
    },
    # Closes challenges past their time.
    "challenges-expire": {
        "task": "challenges.tasks.challenges_expire",
        "schedule": env.float("DURAK_CHALLENGE_SWEEP_EVERY", default=60.0),
    },
    # Arenas: seats players who waited past the grace for a full table, ends an arena whose
    # time is up with nothing in play (each table's end seats the pool; this is the net).
    "arenas-sweep": {
        "task": "tournaments.tasks.arenas_sweep",
        "schedule": 5.0,
    },
}

# THE GAME
# ------------------------------------------------------------------------------
# An AI turn whose last event is older than this is re-enqueued by the sweep.
DURAK_AI_STALLED_AFTER = env.float("DURAK_AI_STALLED_AFTER", default=30.0)
# The embedded mode (no broker, no beat): the server process runs the beat schedule's
# sweeps itself in a daemon thread (durak_platform.sweeps).
DURAK_EMBEDDED_SWEEPS = env.bool("DURAK_EMBEDDED_SWEEPS", default=True)
# Thinking time for the search levels of the computer player, per move.
DURAK_AI_BUDGET_MS = env.int("DURAK_AI_BUDGET_MS", default=300)
# How many tables waiting for players one player may have created at once (lobby flood).
DURAK_MAX_WAITING_TABLES = env.int("DURAK_MAX_WAITING_TABLES", default=3)
# Seconds a table may wait for players; then nobody may join it and the lobby drops it.
DURAK_WAITING_TABLE_TTL = env.float("DURAK_WAITING_TABLE_TTL", default=1800.0)
# Seconds an Idempotency-Key's answer is kept (at least a day: docs/api.md#retries), and
# how long a retry waits for the first send's answer before a 409 idempotency_key_in_use.
DURAK_IDEMPOTENCY_TTL = env.float("DURAK_IDEMPOTENCY_TTL", default=24 * 3600.0)
DURAK_IDEMPOTENCY_WAIT = env.float("DURAK_IDEMPOTENCY_WAIT", default=10.0)
# The largest JSON request body the API reads (core/json_parser.py): 413 past it.
DURAK_MAX_BODY_BYTES = env.int("DURAK_MAX_BODY_BYTES", default=64 * 1024)
# How many rebuilt game states each process keeps (replay stays the truth).
DURAK_STATE_CACHE_SIZE = env.int("DURAK_STATE_CACHE_SIZE", default=1024)
# THE ACCOUNT STREAM, CHALLENGES, PUSH (docs/api.md#the-account-stream)
# ------------------------------------------------------------------------------
# Days each player's stream events are kept; a client behind that gets 410 resync.
DURAK_STREAM_KEEP_DAYS = env.float("DURAK_STREAM_KEEP_DAYS", default=7.0)
# Seconds a challenge waits for its answer before it expires.
DURAK_CHALLENGE_TTL = env.float("DURAK_CHALLENGE_TTL", default=24 * 3600.0)
# The push services the server will POST to (comma-separated origins; "*." any subdomain):
# a subscription elsewhere is refused (push/origins.py). Default: the major browsers'.
DURAK_PUSH_ORIGINS = env.list("DURAK_PUSH_ORIGINS", default=[
    "https://fcm.googleapis.com", "https://updates.push.services.mozilla.com", "https://web.push.apple.com",
    "https://*.push.apple.com", "https://*.notify.windows.com"])
# The VAPID "sub" claim: how a push service reaches the operator. The key pair itself is
# made on first use and kept in the database (push.models.VapidKey).
DURAK_VAPID_SUBJECT = env.str("DURAK_VAPID_SUBJECT", default="mailto:admin@durak.invalid")
# Mount /bench/ceiling/ (the benchmark's bare insert endpoint).
# The benchmark-only endpoint exists only under ``settings.bench`` (never in production).
DURAK_BENCHMARK_ENDPOINTS = False

# CLIENTS BEHIND PROXIES (core/clients.py)
# ------------------------------------------------------------------------------
# How many proxies we run in front of the app: 0 ignores X-Forwarded-For (a client's own
# header must never make it a new client); N takes the Nth address from its right.
if not env.str("DURAK_NUM_PROXIES", default="0").strip().isdigit():
    raise ImproperlyConfigured("DURAK_NUM_PROXIES is a whole number: the proxies in front of the app (0: none).")
DURAK_NUM_PROXIES = env.int("DURAK_NUM_PROXIES", default=0)
# Which peers may set it (addresses or networks; ``*``: any): a client that reaches the
# app past the proxy cannot speak for someone else.
DURAK_FORWARDED_ALLOW_IPS = env.list("DURAK_FORWARDED_ALLOW_IPS", default=["127.0.0.1", "::1"])
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
    "DEFAULT_PARSER_CLASSES": ["core.json_parser.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "core.schema.ContractSchema",
    "EXCEPTION_HANDLER": "core.exceptions.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "auth": env.str("DURAK_THROTTLE_AUTH", default="30/min"),
        "actions": env.str("DURAK_THROTTLE_ACTIONS", default="240/min"),
        "hints": env.str("DURAK_THROTTLE_HINTS", default="20/min"),
        # A socket's resume resends a whole log or state: a small budget per player.
        "resume": env.str("DURAK_THROTTLE_RESUME", default="30/min"),
        # Tournaments created per player (each may hold coins and, later, tables).
        "tournaments": env.str("DURAK_THROTTLE_TOURNAMENTS", default="10/hour"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # DRF's default (None) trusts X-Forwarded-For from anyone. Our throttles ask
    # core.clients instead; this keeps any stock DRF throttle in step with it.
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
    # <id:...> (core/converters.py): a whole number a BIGINT column holds.
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}},
    # Relative: the schema describes the server that serves it.
    "SERVERS": [{"url": "/", "description": "The server that served this schema"}],
    # Names a Kotlin or Swift generator uses as they are: one per choice set, never a
    # bare "StatusEnum" or "TypeEnum" (each event's own type enum is named after it).
    "ENUM_NAME_OVERRIDES": {
        "GameStatus": ["waiting", "active", "finished"],
        "SeatKind": ["human", "ai"],
        "AiLevel": "games.engine.ai.LEVELS",
        "ActionType": ["attack", "defend", "transfer", "take", "pass"],
        "GameOutcome": "games.stats.OUTCOMES",
        "BoutOutcome": ["beaten", "taken"],
        "TournamentStatus": "tournaments.models.Tournament.Status",
        "TournamentFormat": "tournaments.models.Tournament.Format",
        "TournamentLeaves": "tournaments.models.Tournament.Leaves",
        "EntrantStatus": ["registered", "playing", "eliminated", "finished"],
        # A game's event and the account stream's event of the same name share their type.
        "GameStartedType": ["game_started"],
        "GameFinishedType": ["game_finished"],
    },
    # A nullable choice is "nullable", not a separate NullEnum component.
    "ENUM_ADD_EXPLICIT_BLANK_NULL_CHOICE": False,
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "core.schema.postprocess"],
}

# LOGGING
# ------------------------------------------------------------------------------
# dictConfig, then a filter that rewrites ?token=/?ticket= in every line to [redacted].
LOGGING_CONFIG = "core.logs.configure"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        "celery.app.trace": {"level": env.str("CELERY_TASK_LOG_LEVEL", default="WARNING")},  # "succeeded"
        "celery.worker.strategy": {"level": env.str("CELERY_TASK_LOG_LEVEL", default="WARNING")},  # "received"
    },
}

# SIGN-IN LIMITS (issue 26: failures counted per account name, and per address at the admin)
# ------------------------------------------------------------------------------
# Failures counted against the account a name finds (accounts/signin_limit.py): per name and
# address (that address is locked out of that name), and per name from every address.
DURAK_SIGNIN_FAILURES = env.int("DURAK_SIGNIN_FAILURES", default=10)
DURAK_SIGNIN_NAME_FAILURES = env.int("DURAK_SIGNIN_NAME_FAILURES", default=50)
DURAK_SIGNIN_WINDOW = env.int("DURAK_SIGNIN_WINDOW", default=900)

# DEVICE TOKENS (accounts/devices.py)
# ------------------------------------------------------------------------------
# A token unused this long (seconds; default 90 days) stops working.
DURAK_TOKEN_IDLE_SECONDS = env.int("DURAK_TOKEN_IDLE_SECONDS", default=90 * 24 * 3600)
DURAK_ADMIN_LOGIN_FAILURES_PER_IP = env.int("DURAK_ADMIN_LOGIN_FAILURES_PER_IP", default=20)
