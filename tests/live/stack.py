"""A real stack for the live-play scaled tests: uvicorn, a Celery worker (prefork, with
beat), PostgreSQL and Redis, each its own process, driven over HTTP and websockets.

It keeps out of the other scaled tests' way: its own database (``<DATABASE_URL's>_live``)
and its own Redis databases (13: channel layer and cache, 14: broker).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
REDIS_LAYER_DB = 13
REDIS_BROKER_DB = 14
REDIS_START = ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379",
               "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis",
               "--logfile", "/var/log/redis/ci.log"]


def scaled_enabled() -> bool:
    return (os.environ.get("DURAK_SCALED_TESTS") == "1"
            and os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def redis(*args: str) -> str:
    done = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", "6379", *args], capture_output=True,
                          text=True, timeout=10)
    return done.stdout.strip()


def redis_restart() -> None:
    """Stop Redis without saving (every key is lost) and start it again."""
    redis("shutdown", "nosave")
    os.makedirs("/var/lib/redis", exist_ok=True)
    os.makedirs("/var/log/redis", exist_ok=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        subprocess.run(REDIS_START, capture_output=True, timeout=10)
        if redis("ping") == "PONG":
            return
        time.sleep(0.2)
    raise RuntimeError("redis did not come back")


def _database_url() -> str:
    # Per run: two CI runs on one machine must not drop each other's database.
    url = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(url._replace(path=url.path.rstrip("/") + f"_live_{os.getpid()}"))


def drop_database(url: str) -> None:
    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


def _recreate_database(url: str) -> None:
    parts = urlsplit(url)
    drop_database(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{parts.path.lstrip("/")}"')


def redis_sockets(pids: set[int]) -> int:
    """Open TCP connections to Redis held by these processes."""
    listing = subprocess.run(["ss", "-tnpH", "state", "established", "dst", "127.0.0.1:6379"],
                             capture_output=True, text=True, timeout=10).stdout
    return sum(1 for line in listing.splitlines() for pid in pids if f"pid={pid}," in line)


def process_group(pid: int) -> set[int]:
    """A process and its children (a prefork worker's pool)."""
    done = subprocess.run(["pgrep", "-g", str(os.getpgid(pid))], capture_output=True, text=True, timeout=10)
    return {int(line) for line in done.stdout.split()}


class Stack:
    """The server and the worker, started and stopped by the live scaled tests only."""

    def __init__(self, tmp: Path, *, ai_budget_ms: int = 50, database_url: str | None = None,
                 layer_db: int = REDIS_LAYER_DB, broker_db: int = REDIS_BROKER_DB,
                 settings_module: str = "tests.live.scaled_settings", sweep_every: float = 1.0) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.database_url = database_url or _database_url()
        self.layer_db = layer_db
        self.broker_db = broker_db
        self.settings_module = settings_module
        self.ai_budget_ms = ai_budget_ms
        self.sweep_every = sweep_every
        self.server: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self._worker_log_from = 0

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update({
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": self.settings_module,
            "DURAK_TEST_RUN": str(os.getpid()),
            "DJANGO_SECRET_KEY": "live-scaled-test-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": f"redis://127.0.0.1:6379/{self.layer_db}",
            "DJANGO_CHANNEL_LAYER": "redis",
            "CELERY_BROKER_URL": f"redis://127.0.0.1:6379/{self.broker_db}",
            "DJANGO_SECURE_COOKIES": "0",
            "DJANGO_THROTTLE_ACTIONS": "1000000/min",
            "DJANGO_THROTTLE_AUTH": "1000000/min",
            "DJANGO_LOG_LEVEL": "WARNING",
            "DURAK_AI_BUDGET_MS": str(self.ai_budget_ms),
            "DURAK_AI_SWEEP_EVERY": str(self.sweep_every),
            "DURAK_AI_STALLED_AFTER": str(max(3.0, 3 * self.sweep_every)),
            "DURAK_LIVE_SWEEP_EVERY": str(self.sweep_every),
        })
        return env

    def _spawn(self, args: list[str], log: str) -> subprocess.Popen[bytes]:
        out = open(self.tmp / log, "ab")  # noqa: SIM115 (lives as long as the process)
        return subprocess.Popen(args, cwd=ROOT, env=self.env(), stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)

    def prepare(self) -> None:
        _recreate_database(self.database_url)
        if self.settings_module != "tests.live.scaled_settings":
            # Without the test settings' per-run prefixes the databases must start empty
            # (the test settings keep runs apart, so never flush another run's keys).
            redis("-n", str(self.layer_db), "flushdb")
            redis("-n", str(self.broker_db), "flushdb")
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                       env=self.env(), check=True)

    def start_server(self, *options: str) -> None:
        self.server = self._spawn([sys.executable, "-m", "uvicorn", "durak_platform.asgi:application",
                                   "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning",
                                   *options], "uvicorn.log")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/api/schema/", timeout=2).status_code < 500:
                    return
            except httpx.HTTPError:
                pass
            if self.server.poll() is not None:
                break
            time.sleep(0.2)
        raise RuntimeError("uvicorn did not start: " + self.log("uvicorn.log"))

    def start_worker(self, concurrency: int = 2) -> None:
        self._worker_log_from = len(self.log("worker.log"))
        self.worker = self._spawn([sys.executable, "-m", "celery", "-A", "durak_platform", "worker", "-B",
                                   "-s", str(self.tmp / "beat-schedule"), "-c", str(concurrency),
                                   "-l", "INFO", "--without-gossip", "--without-mingle"], "worker.log")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if " ready." in self.log("worker.log")[self._worker_log_from:]:
                return
            if self.worker.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError("the worker did not start: " + self.log("worker.log")[-3000:])

    def kill_worker(self) -> None:
        """SIGKILL the worker and its children: no clean shutdown, no acks, no goodbyes."""
        if self.worker is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.worker.pid, signal.SIGKILL)
            self.worker.wait(10)
            self.worker = None

    def revive_worker(self, grace: float = 3.0) -> bool:
        """Do what a process supervisor (systemd, Kubernetes) does: restart a worker that
        died. Celery's worker can exit on a lost Redis broker ("Unrecoverable error" in
        kombu's ack path, celery/celery#4652); tasks it held come back unacknowledged.
        Returns whether it had to."""
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            dead = self.worker is None or self.worker.poll() is not None
            if dead or "Unrecoverable error" in self.log("worker.log")[self._worker_log_from:]:
                self.kill_worker()  # a dying worker may hang in its shutdown
                self.start_worker()
                return True
            time.sleep(0.1)
        return False

    def log(self, name: str) -> str:
        path = self.tmp / name
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        for process in (self.worker, self.server):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait(10)
        self.worker = self.server = None


class Guest:
    """A guest account over HTTP."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        answer = self.http.post("/api/v1/auth/guest/")
        assert answer.status_code == 201, answer.text
        self.token: str = answer.json()["token"]
        self.http.headers["Authorization"] = f"Token {self.token}"

    def create(self, **body: Any) -> dict[str, Any]:
        answer = self.http.post("/api/v1/games/", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def join(self, game_id: int) -> dict[str, Any]:
        answer = self.http.post(f"/api/v1/games/{game_id}/join/")
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def view(self, game_id: int) -> dict[str, Any]:
        answer = self.http.get(f"/api/v1/games/{game_id}/")
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def events(self, game_id: int, after: int = 0) -> list[dict[str, Any]]:
        answer = self.http.get(f"/api/v1/games/{game_id}/events/", params={"after": after})
        assert answer.status_code == 200, answer.text
        return answer.json()["events"]  # type: ignore[no-any-return]

    def act(self, game_id: int, action: dict[str, Any], seq: int) -> httpx.Response:
        return self.http.post(f"/api/v1/games/{game_id}/actions/", json={**action, "expected_seq": seq})


class LiveSocket:
    """A websocket client that records every message in the background."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.messages: list[dict[str, Any]] = []
        self.arrived: list[float] = []
        self.conn: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self.closed = asyncio.Event()

    async def open(self) -> dict[str, Any]:
        self.conn = await connect(self.url, max_size=None, open_timeout=10)
        self.closed.clear()
        self._reader = asyncio.create_task(self._read(self.conn))
        return await self.wait_for(lambda m: m["type"] in ("state", "error"))

    async def _read(self, conn: ClientConnection) -> None:
        try:
            async for text in conn:
                self.messages.append(json.loads(text))
                self.arrived.append(time.perf_counter())
                self._changed.set()
        except Exception:  # a dropped connection ends the reading, nothing more
            pass
        finally:
            self.closed.set()
            self._changed.set()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.conn is not None
        await self.conn.send(json.dumps(message))

    async def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30,
                       start: int = 0) -> dict[str, Any]:
        """The first message from index ``start`` on that matches."""
        deadline = time.monotonic() + timeout
        seen = start
        while True:
            for message in self.messages[seen:]:
                if predicate(message):
                    return message
            seen = max(seen, len(self.messages))
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such message in {timeout}s; last: {self.messages[-3:]}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.5))

    async def quiet(self, for_seconds: float) -> None:
        """Return once nothing has arrived for ``for_seconds``."""
        while True:
            last = self.arrived[-1] if self.arrived else 0.0
            left = last + for_seconds - time.perf_counter()
            if left <= 0:
                return
            await asyncio.sleep(left)

    async def wait_for_seq(self, seq: int, timeout: float = 30) -> None:
        await self.wait_for(lambda m: (m["type"] == "event" and m["event"]["seq"] >= seq)
                            or (m["type"] in ("state", "action_ok") and m["view"]["seq"] >= seq), timeout)

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()
        if self._reader is not None:
            await self._reader

    def events(self) -> list[dict[str, Any]]:
        return [m["event"] for m in self.messages if m["type"] == "event"]

    def last_seq(self) -> int:
        """The seq this client has everything up to (its last state or event)."""
        seq = 0
        for message in self.messages:
            if message["type"] == "event":
                seq = message["event"]["seq"]
            elif message["type"] in ("state", "action_ok"):
                seq = max(seq, message["view"]["seq"])
        return seq
