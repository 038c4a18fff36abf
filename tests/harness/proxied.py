"""The production stack as ``make stack`` runs it (``deploy/stack.py``: honcho over the
Procfile, nginx in front of several server processes, Celery workers and beat), for the
scaled tests and ``benchmarks/load.py``, on services of the caller's own: a private
PostgreSQL cluster (``PostgresCluster``) and a private Redis (``tests.harness.stack.RedisServer``)
when it must restart them, never the machine's shared ones.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from tests.harness.ports import free_port, free_port_block
from tests.harness.stack import ROOT

STACK = ROOT / "deploy" / "stack.py"
SECRET = "proxied-stack-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"


def _pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    for candidate in sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), reverse=True):
        return str(candidate)
    raise RuntimeError(f"no {name}: install PostgreSQL's server package")


class PostgresCluster:
    """A private PostgreSQL cluster (``initdb`` in ``tmp``, on a free loopback port, trust
    authentication), run as the ``postgres`` user when this process is root. Restarting it
    touches nobody else's database."""

    def __init__(self, tmp: Path, *, max_connections: int = 300) -> None:
        self.data = tmp / "pgdata"
        self.port = free_port()
        self.max_connections = max_connections
        self.log = tmp / "postgres.log"
        self._as_postgres = os.geteuid() == 0

    def url(self, name: str = "durak") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, check=check, timeout=120)

    def _pg_ctl(self, *args: str) -> None:
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", *args)

    def start(self) -> None:
        if not self.data.exists():
            self.data.parent.mkdir(parents=True, exist_ok=True)
            if self._as_postgres:
                user = pwd.getpwnam("postgres")
                os.chown(self.data.parent, user.pw_uid, user.pw_gid)
                self.log.touch()
                os.chown(self.log, user.pw_uid, user.pw_gid)
            self._run(_pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                      "--no-sync")
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.data} "
                   f"-c max_connections={self.max_connections} -c shared_buffers=128MB")
        # More server settings for a profiling run, e.g. pg_stat_statements (benchmarks/README.md).
        if extra := os.environ.get("DURAK_BENCH_PG_OPTIONS", "").strip():
            options += f" {extra}"
        self._pg_ctl("start", "-o", options)

    def create_database(self, name: str = "durak") -> str:
        self._run(_pg_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return self.url(name)

    def restart(self) -> None:
        """A fast restart: every connection is cut, the server is back once it accepts."""
        self._pg_ctl("restart", "-m", "fast")

    def stop(self) -> None:
        if self.data.exists():
            self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)

    def pids(self) -> set[int]:
        """The postmaster and its children (backends, background processes)."""
        pid_file = self.data / "postmaster.pid"
        if not pid_file.exists():
            return set()
        master = int(pid_file.read_text().split()[0])
        return {master, *children(master)}


def children(pid: int) -> set[int]:
    """Every descendant of ``pid``."""
    found: set[int] = set()
    listing = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True).stdout
    parents: dict[int, list[int]] = {}
    for line in listing.splitlines():
        child, parent = (int(part) for part in line.split())
        parents.setdefault(parent, []).append(child)
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _accepted_inodes(port: int) -> set[int]:
    """The socket inodes of established TCP connections whose local port is ``port``: the
    server's side of connections accepted on it (a listening socket is not established)."""
    found: set[int] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for row in Path(table).read_text().splitlines()[1:]:
                fields = row.split()
                local, state, inode = fields[1], fields[3], int(fields[9])
                if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
                    found.add(inode)
    return found


def _socket_inodes(pid: int) -> set[int]:
    found: set[int] = set()
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    found.add(int(target[len("socket:["):-1]))
    return found


class ProxiedStack:
    """``deploy/stack.py`` on a free port: nginx, ``web`` uvicorn processes, ``workers``
    Celery workers and beat, in ``tmp/run``. Each process's pid is in ``run/<name>.pid``
    (``deploy/respawn``), named as honcho names it: ``web.1``, ``worker.1``, ``beat.1``,
    ``nginx.1``."""

    def __init__(self, tmp: Path, *, database_url: str, redis_url: str, broker_url: str, web: int = 2,
                 workers: int = 2, rest: str = "wsgi", rest_processes: int = 2,
                 settings_module: str = "durak_platform.settings.production",
                 env: dict[str, str] | None = None, table_queues: bool = True) -> None:
        self.tmp = tmp
        self.table_queues = table_queues  # deploy/stack.py --table-queues
        self.run_dir = tmp / "run"
        self.port = free_port()
        # honcho's ports: web.1 = base, web.2 = base + 1, rest.1 = base + 100 ... (deploy/stack.py),
        # every one of them free now (a port derived from another, unchecked, was once taken).
        self.base_port = free_port_block([*range(web), *(100 + n for n in range(rest_processes))])
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.web, self.workers, self.rest, self.rest_processes = web, workers, rest, rest_processes
        self.database_url, self.redis_url, self.broker_url = database_url, redis_url, broker_url
        self.settings_module = settings_module
        self.extra_env = env or {}
        self.process: subprocess.Popen[bytes] | None = None

    # --- where things are --------------------------------------------------------------

    def web_ports(self) -> list[int]:
        return [self.base_port + number for number in range(self.web)]

    def rest_ports(self) -> list[int]:
        return [self.base_port + 100 + number for number in range(self.rest_processes if self.rest == "wsgi" else 0)]

    def worker_names(self) -> list[str]:
        return [f"worker.{number + 1}" for number in range(self.workers)]

    def web_names(self) -> list[str]:
        return [f"web.{number + 1}" for number in range(self.web)]

    def rest_names(self) -> list[str]:
        return [f"rest.{number + 1}" for number in range(len(self.rest_ports()))]

    def direct(self, number: int) -> str:
        """The address of server process ``number`` itself, past nginx."""
        return f"http://127.0.0.1:{self.web_ports()[number]}"

    def direct_ws(self, number: int) -> str:
        return f"ws://127.0.0.1:{self.web_ports()[number]}"

    def pid(self, name: str) -> int | None:
        path = self.run_dir / f"{name}.pid"
        try:
            return int(path.read_text().strip())
        except (OSError, ValueError):
            return None

    def pids(self, name: str) -> set[int]:
        """A process of the stack and its children (a prefork worker's pool, nginx's workers)."""
        pid = self.pid(name)
        return set() if pid is None else {pid, *children(pid)}

    def wait_serving(self, done: Callable[[dict[str, int]], bool], what: str, timeout: float = 5) -> dict[str, int]:
        """``serving()`` once ``done`` holds of it: a connection reaches its process a moment
        after its client sees it open, and leaves it a moment after closing."""
        deadline = time.monotonic() + timeout
        while True:
            held = self.serving()
            if done(held):
                return held
            assert time.monotonic() < deadline, f"{what}: {held}"
            time.sleep(0.05)

    def serving(self) -> dict[str, int]:
        """Which server processes hold accepted connections now (``web.N``, ``rest.N``: how
        many), read from /proc: who serves a long request nginx passed on, such as the
        account stream. nginx keeps connections to the REST processes alive between
        requests; to the socket processes it keeps none, so a socket process listed here
        is serving a request (or a websocket) that is still open."""
        ports = dict(zip(self.web_names(), self.web_ports(), strict=True))
        ports.update(zip(self.rest_names(), self.rest_ports(), strict=True))
        held: dict[str, int] = {}
        for name, port in ports.items():
            accepted = _accepted_inodes(port)
            count = sum(len(accepted & _socket_inodes(pid)) for pid in self.pids(name))
            if count:
                held[name] = count
        return held

    # --- running -------------------------------------------------------------------------

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update({
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": self.settings_module,
            "DJANGO_SECRET_KEY": SECRET,
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "DJANGO_CHANNEL_LAYER": "redis",
            "CELERY_BROKER_URL": self.broker_url,
            "DJANGO_SECURE_COOKIES": "0",
            "DJANGO_WHITENOISE_USE_FINDERS": "1",
            "DJANGO_LOG_LEVEL": "WARNING",
            "DURAK_NUM_PROXIES": "1",
            "DURAK_FORWARDED_ALLOW_IPS": "127.0.0.1",
            **self.extra_env,
        })
        return env

    def manage(self, *args: str) -> None:
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env(), check=True,
                       capture_output=True)

    def start(self, *, migrate: bool = True) -> None:
        if migrate:
            self.manage("migrate", "--noinput", "-v0")
        self.run_dir.mkdir(parents=True, exist_ok=True)
        log = open(self.tmp / "stack.log", "ab")  # noqa: SIM115 (lives as long as the process)
        self.process = subprocess.Popen(
            [sys.executable, str(STACK), "--no-prepare", "--port", str(self.port), "--base-port", str(self.base_port),
             "--web", str(self.web), "--workers", str(self.workers), "--rest", self.rest,
             "--rest-processes", str(self.rest_processes), "--run-dir", str(self.run_dir),
             "--table-queues" if self.table_queues else "--no-table-queues"],
            cwd=ROOT, env=self.env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_ready()

    def wait_ready(self, timeout: float = 90) -> None:
        """Every server process answers, and nginx in front of them."""
        deadline = time.monotonic() + timeout
        pending = [*(f"http://127.0.0.1:{port}" for port in [*self.web_ports(), *self.rest_ports()]), self.base]
        while pending and time.monotonic() < deadline:
            try:
                if httpx.get(pending[0] + "/api/schema/", timeout=5).status_code == 200:
                    pending.pop(0)
                    continue
            except httpx.HTTPError:
                pass
            if self.process is not None and self.process.poll() is not None:
                break
            time.sleep(0.2)
        if pending:
            raise RuntimeError(f"the stack did not come up ({pending[0]}): " + self.log()[-4000:])
        deadline = time.monotonic() + timeout
        while not all(self.pid(name) for name in self.worker_names()) and time.monotonic() < deadline:
            time.sleep(0.1)

    def kill(self, name: str) -> int:
        """``kill -9`` one process of the stack (its respawn starts it again); returns its pid."""
        pid = self.pid(name)
        assert pid is not None, f"no process {name}"
        victims = self.pids(name) if name.startswith("worker") else {pid}
        for victim in victims:
            with contextlib.suppress(ProcessLookupError):
                os.kill(victim, signal.SIGKILL)
        return pid

    def respawned(self, name: str, old_pid: int) -> bool:
        pid = self.pid(name)
        return pid is not None and pid != old_pid

    def log(self) -> str:
        path = self.tmp / "stack.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)
        self.process = None
