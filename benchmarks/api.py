"""The REST move path on PostgreSQL, beside this machine's ceiling, measured in one run.

Run from the repository root (``make bench-api``)::

    .venv/bin/python benchmarks/api.py [--clients 4] [--seconds 15] [--rounds 3] [--workers 2]

It migrates a PostgreSQL database (``DATABASE_URL``, default
``postgres://postgres@127.0.0.1:5432/durak_bench``, created if missing), starts uvicorn
with ``--workers`` processes on a free loopback port (the bench settings: production plus the ceiling
endpoint mounted, throttle rates out of reach) and then measures, with ``--clients``
concurrent keep-alive clients (threads of this process, each on ``http.client``):

1. the ceiling: ``POST /bench/ceiling/``, a bare DRF endpoint that authenticates by
   token and inserts one row;
2. the move path: ``POST /api/v1/games/{id}/actions/``. Each client plays two seats of
   its own games (hot seat) with the first legal action; when the seat due has no fresh
   view it GETs one, which the move count does not include (reported separately);
3. loading a stored 200-event game: fetch its events and replay them, in-process.

The first two alternate in ``--rounds`` turns each (ceiling, moves, moves, ceiling, ...),
so other load on the machine falls on both alike; the load average is printed.

It prints accepted moves per second, p50/p99 move latency, the ceiling, the ratio, and
the load time. Targets: the move path >= 60% of the ceiling, p99 <= 50 ms, load p50 <= 5 ms.

The ratio compares the move request with the bare insert: their mean latencies with the
same number of requests in flight, i.e. the rate each would reach alone. The share of the
ceiling's rate that the clients' moves reach, GETs and all, is printed beside it; it is
bounded by 1 / (1 + GETs a move), about 64% at 0.57 GETs, even for a move that cost no
more than the insert, so it measures the client more than the move path.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.harness.ports import UVICORN_LIMITS, free_port  # noqa: E402

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/durak_bench"
MOVE_SHARE_TARGET = 0.60
P99_TARGET_MS = 50.0
LOAD_P50_TARGET_MS = 5.0


def server_env(database_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "durak_platform.settings.bench",
        "DJANGO_SECRET_KEY": env.get("DJANGO_SECRET_KEY", "bench-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"),
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DURAK_THROTTLE_ACTIONS": "100000000/min",
        "DURAK_THROTTLE_AUTH": "100000000/min",
    })
    return env


def ensure_database(database_url: str) -> None:
    import psycopg

    url = urlparse(database_url)
    name = url.path.lstrip("/")
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    reads: int = 0
    setups: int = 0
    refused: int = 0

    def add(self, other: Tally) -> None:
        self.latencies += other.latencies
        self.reads += other.reads
        self.setups += other.setups
        self.refused += other.refused


class Client:
    """One keep-alive HTTP/1.1 connection speaking JSON, on the standard library.

    The clients share the machine's cores with the server, and their own cost counts
    against both phases alike: ``http.client`` costs a fraction of httpx per request."""

    def __init__(self, base: str) -> None:
        url = urlparse(base)
        self.connection = http.client.HTTPConnection(url.hostname or "127.0.0.1", url.port, timeout=30)
        self.headers: dict[str, str] = {}

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = self.headers
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers = {**headers, "Content-Type": "application/json"}
        elif method == "POST":
            data = b""
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else None

    def post(self, path: str, body: Any = None) -> tuple[int, Any]:
        return self.request("POST", path, body)

    def get(self, path: str) -> tuple[int, Any]:
        return self.request("GET", path)

    def close(self) -> None:
        self.connection.close()


def clients_rate(clients: int, tally: Tally) -> float:
    """Requests per second that ``clients`` always-busy clients would get at this mean latency."""
    return clients / max(statistics.fmean(tally.latencies), 1e-9)


def guest(client: Client) -> str:
    status, answer = client.post("/api/v1/auth/guest/")
    if status != 201:
        raise RuntimeError(f"guest: {status} {answer}")
    return str(answer["token"])


def expect(status: int, answer: Any, wanted: int = 200) -> Any:
    if status != wanted:
        raise RuntimeError(f"{status}: {answer}")
    return answer


def run_ceiling(base: str, seconds: float, tally: Tally, start: threading.Barrier) -> None:
    client = Client(base)
    try:
        client.headers["Authorization"] = f"Token {guest(client)}"
        start.wait()
        deadline = time.perf_counter() + seconds
        while (now := time.perf_counter()) < deadline:
            status, answer = client.post("/bench/ceiling/")
            tally.latencies.append(time.perf_counter() - now)
            expect(status, answer, 201)
    finally:
        client.close()


def run_moves(base: str, seconds: float, tally: Tally, start: threading.Barrier, seed: int) -> None:
    rng = random.Random(seed)
    first, second = Client(base), Client(base)
    try:
        seats = [first, second]
        for client in seats:
            client.headers["Authorization"] = f"Token {guest(client)}"

        def new_game() -> tuple[int, dict[int, dict[str, Any]]]:
            created = expect(*first.post("/api/v1/games/", {"rules": {"players": 2}, "opponents": []}), 201)
            joined = expect(*second.post(f"/api/v1/games/{created['id']}/join/"))
            tally.setups += 2
            return created["id"], {1: joined}

        game_id, views = new_game()
        latest = views[1]["seq"]
        start.wait()
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            fresh = [s for s, v in views.items() if v["seq"] == latest and v["legal_actions"]]
            if not fresh:
                stale = next((s for s in (0, 1) if s not in views or views[s]["seq"] != latest), None)
                if stale is None:  # both fresh and nobody may act: the game is over
                    game_id, views = new_game()
                    latest = views[1]["seq"]
                    continue
                views[stale] = expect(*seats[stale].get(f"/api/v1/games/{game_id}/"))
                tally.reads += 1
                if views[stale]["status"] == "finished":
                    game_id, views = new_game()
                    latest = views[1]["seq"]
                continue
            seat = rng.choice(fresh)
            action = views[seat]["legal_actions"][0]
            began = time.perf_counter()
            status, answer = seats[seat].post(f"/api/v1/games/{game_id}/actions/", {**action, "expected_seq": latest})
            tally.latencies.append(time.perf_counter() - began)
            if status != 200:
                tally.refused += 1
                raise RuntimeError(f"{status}: {answer}")
            views[seat] = answer
            latest = views[seat]["seq"]
            if views[seat]["status"] == "finished":
                game_id, views = new_game()
                latest = views[1]["seq"]
    finally:
        first.close()
        second.close()


def phase(name: str, target: Any, base: str, clients: int, seconds: float) -> tuple[Tally, float]:
    tallies = [Tally() for _ in range(clients)]
    start = threading.Barrier(clients + 1)
    args = [(base, seconds, tallies[i], start) + ((i,) if target is run_moves else ()) for i in range(clients)]
    threads = [threading.Thread(target=target, args=a, name=f"{name}-{i}") for i, a in enumerate(args)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    total = Tally()
    for tally in tallies:
        total.add(tally)
    return total, elapsed


def measure_load(database_url: str, samples: int) -> tuple[float, float, int]:
    """Store a 200-event game, then time fetching and replaying it (and the cached path)."""
    os.environ.update(server_env(database_url))
    import django

    django.setup()
    from django.db import transaction

    from accounts.services import guest_create
    from games import selectors, snapshots
    from games.engine import Rules, event_to_dict, random_playout
    from games.models import Game, GameEvent, Seat

    rng = random.Random(200)
    rules = Rules.from_dict({"players": 4, "deck": 52})
    while True:
        _, events = random_playout(rules, rng)
        if len(events) >= 200:
            events = events[:200]
            break
    with transaction.atomic():
        creator, _ = guest_create()
        game = Game.objects.create(rules=rules.to_dict(), creator=creator, status=Game.Status.ACTIVE, seq=200)
        Seat.objects.bulk_create([Seat(game=game, number=0, player=creator)]
                                 + [Seat(game=game, number=n, ai_level="random") for n in range(1, 4)])
        GameEvent.objects.bulk_create(
            GameEvent(game=game, seq=seq, type=e.type, schema_version=1, payload=event_to_dict(e))
            for seq, e in enumerate(events, start=1)
        )
    times = []
    for _ in range(samples):
        began = time.perf_counter()
        loaded = Game.objects.get(pk=game.pk)
        state = selectors.game_state_replayed(loaded)
        times.append(time.perf_counter() - began)
    assert state.deck_count >= 0
    snapshots.remember(game.pk, game.created_at, game.seq, state)
    cached = []
    for _ in range(samples):
        began = time.perf_counter()
        selectors.game_state(Game.objects.get(pk=game.pk))
        cached.append(time.perf_counter() - began)
    return statistics.median(times) * 1000, statistics.median(cached) * 1000, game.pk


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3,
                        help="split each phase into this many turns, ceiling and moves alternating")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL))
    options = parser.parse_args()
    if not options.database_url.startswith(("postgres://", "postgresql://")):
        parser.error("the benchmark measures PostgreSQL: give a postgres:// DATABASE_URL")

    ensure_database(options.database_url)
    env = server_env(options.database_url)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tempfile.NamedTemporaryFile(prefix="bench-uvicorn-", suffix=".log", delete=False)  # noqa: SIM115
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "durak_platform.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--workers", str(options.workers), "--log-level", "warning", "--no-access-log",
         *UVICORN_LIMITS],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.post(base + "/api/v1/auth/guest/", timeout=2).status_code == 201:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"uvicorn did not start; see {log.name}")
            time.sleep(0.2)
        print(f"server: uvicorn --workers {options.workers} on {base}, PostgreSQL {urlparse(options.database_url).path}")
        print(f"clients: {options.clients} concurrent, {options.seconds:g} s per phase in {options.rounds} turns "
              f"(ceiling and moves alternating) after {options.warmup:g} s warm-up; "
              f"load average {os.getloadavg()[0]:.2f} at start")
        phase("warmup", run_ceiling, base, options.clients, options.warmup)
        phase("warmup", run_moves, base, options.clients, options.warmup)
        # Alternating turns (C M M C C M ...) share any change in the machine's other load
        # between the two phases instead of handing it all to one of them.
        ceiling, moves = Tally(), Tally()
        ceiling_time = moves_time = 0.0
        turn = options.seconds / options.rounds
        for index in range(options.rounds):
            order = [("ceiling", run_ceiling), ("moves", run_moves)]
            for name, target in order if index % 2 == 0 else order[::-1]:
                tally, elapsed = phase(name, target, base, options.clients, turn)
                total = ceiling if name == "ceiling" else moves
                total.add(tally)
                if name == "ceiling":
                    ceiling_time += elapsed
                else:
                    moves_time += elapsed
        print(f"load average {os.getloadavg()[0]:.2f} at the end")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)

    ceiling_rate = len(ceiling.latencies) / ceiling_time
    move_rate = len(moves.latencies) / moves_time
    path_rate = (len(moves.latencies) + moves.reads) / moves_time
    p50 = percentile(moves.latencies, 0.50) * 1000
    p99 = percentile(moves.latencies, 0.99) * 1000
    print()
    print(f"ceiling (bare DRF insert): {ceiling_rate:8.1f} req/s   p50 {percentile(ceiling.latencies, .5) * 1000:6.2f} ms"
          f"   p99 {percentile(ceiling.latencies, .99) * 1000:6.2f} ms")
    print(f"accepted moves:            {move_rate:8.1f} moves/s p50 {p50:6.2f} ms   p99 {p99:6.2f} ms"
          f"   ({len(moves.latencies)} moves, {moves.refused} refused)")
    print(f"move path incl. view GETs: {path_rate:8.1f} req/s   ({moves.reads} GETs of the seat due, "
          f"{moves.setups} game set-up calls not counted)")
    # The move path's share: what a move request costs beside a bare insert, both timed
    # under the same load (``--clients`` requests always in flight on the same server),
    # as the ratio of their mean latencies: the rate of each if clients sent nothing else.
    share = statistics.fmean(ceiling.latencies) / statistics.fmean(moves.latencies)
    reads = moves.reads / max(len(moves.latencies), 1)
    print(f"move path / ceiling:       {share:8.1%}   (target >= {MOVE_SHARE_TARGET:.0%}; mean ceiling latency / "
          f"mean move latency: {clients_rate(options.clients, moves):.1f} moves/s if the clients only moved)")
    print(f"moves incl. view GETs:     {move_rate / ceiling_rate:8.1%}   of the ceiling's rate ({reads:.2f} GETs a move:"
          f" at most {1 / (1 + reads):.0%} even if a move cost nothing, a GET costing about a ceiling request)")
    print(f"p99 move latency:          {p99:8.2f} ms (target <= {P99_TARGET_MS:g} ms)")
    load_p50, cached_p50, game_id = measure_load(options.database_url, 200)
    print(f"load a 200-event game:     {load_p50:8.2f} ms p50 fetch + replay (target <= {LOAD_P50_TARGET_MS:g} ms); "
          f"{cached_p50:.2f} ms from the state cache (game {game_id})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
