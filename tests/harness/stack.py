"""A real platform for the scaled tests and ``benchmarks/live.py``: PostgreSQL, Redis,
uvicorn and a Celery worker (with beat), each its own process, driven over HTTP and
websockets like any client (``tests.harness.remote``).

Each user keeps out of everyone else's way: a database of its own, and either the Redis
databases ``.ci/run`` hands it (``REDIS_URL``, ``CELERY_BROKER_URL``) or a private
``redis-server`` on a free loopback port, a child of this process (``RedisServer``): the
only Redis a test may restart, since the machine's own serves other people's runs.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg

from tests.harness.ports import UVICORN_LIMITS, free_port

ROOT = Path(__file__).resolve().parents[2]


def scaled_enabled() -> bool:
    """The scaled tests run: ``DURAK_SCALED_TESTS=1`` and a PostgreSQL ``DATABASE_URL``."""
    return (os.environ.get("DURAK_SCALED_TESTS") == "1"
            and os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")))


# --- PostgreSQL --------------------------------------------------------------------------

def database_url(name: str) -> str:
    """``DATABASE_URL`` with ``_<name>_<pid>`` added to its database: this run's own (two
    runs on one machine must not drop each other's database)."""
    url = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(url._replace(path=url.path.rstrip("/") + f"_{name}_{os.getpid()}"))


def _admin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/postgres")), parts.path.lstrip("/")


def drop_database(url: str) -> None:
    admin, name = _admin(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def recreate_database(url: str) -> None:
    drop_database(url)
    admin, name = _admin(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')


# --- Redis -------------------------------------------------------------------------------

class RedisServer:
    """A private ``redis-server`` on a free loopback port: no disk, no daemon, a child of
    this process, so restarting or stopping it touches nobody else."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def cli(self, *args: str) -> str:
        done = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(self.port), *args],
                              capture_output=True, text=True, timeout=10)
        return done.stdout.strip()

    def start(self) -> None:
        log = open(self.tmp / "redis.log", "ab")  # noqa: SIM115 (lives as long as the process)
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no", "--dir", str(self.tmp)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.cli("ping") == "PONG":
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start: " + (self.tmp / "redis.log").read_text())

    def stop(self) -> None:
        """Gone without saving: every key is lost."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.cli("shutdown", "nosave")
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    def restart(self, down_for: float = 0.5) -> None:
        """Stop (losing every key), stay down a moment, start again on the same port."""
        self.stop()
        time.sleep(down_for)
        self.start()


def redis_sockets(pids: set[int], port: int) -> dict[int, int]:
    """Open TCP connections to the Redis on ``port``, per process of ``pids`` that holds any."""
    listing = subprocess.run(["ss", "-tnpH", "state", "established", "dst", f"127.0.0.1:{port}"],
                             capture_output=True, text=True, timeout=10).stdout
    held = {pid: sum(1 for line in listing.splitlines() if f"pid={pid}," in line) for pid in pids}
    return {pid: n for pid, n in held.items() if n}


def process_group(pid: int) -> set[int]:
    """A process and its children (a prefork worker's pool)."""
    done = subprocess.run(["pgrep", "-g", str(os.getpgid(pid))], capture_output=True, text=True, timeout=10)
    return {int(line) for line in done.stdout.split()}


# --- the server and the worker -----------------------------------------------------------

def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def _consuming(worker: subprocess.Popen[bytes], log: Callable[[], str]) -> None:
    """Return once the worker's log says it is ``ready`` (it consumes); raise if it died or
    took over a minute."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if " ready." in log():
            return
        if worker.poll() is not None:
            break
        time.sleep(0.1)
    raise RuntimeError("the worker did not start: " + log()[-3000:])


class Stack:
    """uvicorn and a Celery worker with beat on one database and one Redis (channel layer
    and cache in ``redis_url``, the broker in ``broker_url``)."""

    def __init__(self, tmp: Path, *, database_url: str, redis_url: str, broker_url: str,
                 settings_module: str = "durak_platform.settings.production",
                 env: dict[str, str] | None = None) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.database_url = database_url
        self.redis_url = redis_url
        self.broker_url = broker_url
        self.settings_module = settings_module
        self.extra_env = env or {}
        self.server: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        # Further workers beside ``worker`` (``start_more_workers``), without beat.
        self.more_workers: list[subprocess.Popen[bytes]] = []
        self._worker_log_from = 0

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update({
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": self.settings_module,
            "DJANGO_SECRET_KEY": "scaled-stack-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "DJANGO_CHANNEL_LAYER": "redis",
            "CELERY_BROKER_URL": self.broker_url,
            "DJANGO_SECURE_COOKIES": "0",
            "DJANGO_WHITENOISE_USE_FINDERS": "1",
            "DURAK_THROTTLE_ACTIONS": "1000000/min",
            "DURAK_THROTTLE_AUTH": "1000000/min",
            "DURAK_THROTTLE_HINTS": "1000000/min",
            "DURAK_THROTTLE_RESUME": "1000000/min",
            "DJANGO_LOG_LEVEL": "WARNING",
            **self.extra_env,
        })
        return env

    def _spawn(self, args: list[str], log: str) -> subprocess.Popen[bytes]:
        out = open(self.tmp / log, "ab")  # noqa: SIM115 (lives as long as the process)
        return subprocess.Popen(args, cwd=ROOT, env=self.env(), stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)

    def manage(self, *args: str) -> None:
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env(), check=True,
                       capture_output=True)

    def migrate(self) -> None:
        self.manage("migrate", "--noinput", "-v0")

    def start(self, *, pool: str = "prefork") -> None:
        """The whole stack up: the database migrated, then the worker, then the server."""
        self.migrate()
        self.start_worker(pool=pool)
        self.start_server()

    def start_server(self, *options: str, proxy_headers: bool = False) -> None:
        """uvicorn as ``make run`` starts it: ``--no-proxy-headers`` (the app alone reads
        ``X-Forwarded-For``, ``core.clients``) unless ``proxy_headers``."""
        proxy = [] if proxy_headers else ["--no-proxy-headers"]
        self.server = self._spawn([sys.executable, "-m", "uvicorn", "durak_platform.asgi:application",
                                   "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning",
                                   *proxy, *UVICORN_LIMITS, *options], "uvicorn.log")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/api/schema/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.server.poll() is not None:
                break
            time.sleep(0.2)
        raise RuntimeError("uvicorn did not start: " + self.log("uvicorn.log"))

    def start_worker(self, *, concurrency: int = 2, pool: str = "prefork", include: tuple[str, ...] = (),
                     queues: tuple[str, ...] = ()) -> None:
        """A worker with beat (and the task modules ``include`` names besides the apps';
        ``queues``: the queues it consumes, none: the default one); returns once it consumes
        (its log says ``ready``)."""
        self._worker_log_from = len(self.log("worker.log"))
        extra = (["-I", ",".join(include)] if include else []) + (["-Q", ",".join(queues)] if queues else [])
        self.worker = self._spawn([sys.executable, "-m", "celery", "-A", "durak_platform", "worker", "-B",
                                   "-s", str(self.tmp / "beat-schedule"), "-P", pool, "-c", str(concurrency),
                                   "-l", "INFO", "--without-gossip", "--without-mingle", *extra], "worker.log")
        _consuming(self.worker, self.worker_log)

    def start_more_workers(self, count: int, *, pool: str = "solo", include: tuple[str, ...] = (),
                           queues: Callable[[int], tuple[str, ...]] | None = None) -> None:
        """``count`` more workers of one process each (``solo``: the task runs in the process
        that took it off the queue, no parent dispatching to children), each named apart
        and without beat (``queues(number)``: the queues each consumes); returns once each consumes."""
        for number in range(count):
            extra = (["-I", ",".join(include)] if include else []) + (
                ["-Q", ",".join(queues(number))] if queues is not None else [])
            log = f"worker-more-{number}.log"
            worker = self._spawn([sys.executable, "-m", "celery", "-A", "durak_platform", "worker",
                                  "-n", f"more{number}@%h", "-P", pool, "-c", "1", "-l", "INFO",
                                  "--without-gossip", "--without-mingle", *extra], log)
            self.more_workers.append(worker)
            _consuming(worker, partial(self.log, log))

    def worker_log(self) -> str:
        """The log of the worker started last."""
        return self.log("worker.log")[self._worker_log_from:]

    def kill_worker(self) -> None:
        """SIGKILL the worker and its children: no clean shutdown, no acks, no goodbyes."""
        if self.worker is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.worker.pid, signal.SIGKILL)
            self.worker.wait(10)
            self.worker = None

    def stop_worker(self) -> None:
        while self.more_workers:
            _stop(self.more_workers.pop())
        if self.worker is not None:
            _stop(self.worker)
            self.worker = None

    def purge_queue(self) -> None:
        subprocess.run([sys.executable, "-m", "celery", "-A", "durak_platform", "purge", "-f"], cwd=ROOT,
                       env=self.env(), check=True, capture_output=True)

    def log(self, name: str) -> str:
        path = self.tmp / name
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        self.stop_worker()
        if self.server is not None:
            _stop(self.server)
            self.server = None
