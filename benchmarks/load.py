# long module: one benchmark end to end (its own PostgreSQL, Redis and stack, the clients, the
# faults and the report) that a reader follows top to bottom; its parts share the run's state.
"""Many tables at once through the production stack, with faults: the platform as a club's
busy evening sees it.

Run from the repository root::

    .venv/bin/python benchmarks/load.py [--tables 500] [--seconds 120] [--faults]
        [--web 2] [--workers 2] [--no-table-queues] [--rest wsgi|asgi] [--think 1.0-3.0]

It starts its own PostgreSQL cluster (``initdb`` in a temporary directory, on a free
loopback port) and its own Redis, then the stack as ``make stack`` starts it
(``deploy/stack.py``: nginx in front of ``--web`` uvicorn processes, ``--workers`` Celery
workers and beat, each game's computer turns on one of them unless ``--no-table-queues``; REST
by two gunicorn processes beside them, or ``--rest asgi`` by the uvicorn processes), with
the bench settings (production plus the bare DRF ceiling). Then:

1. **The ceiling and the REST move path, through nginx** (``benchmarks/api.py``'s two
   loops): four keep-alive clients alternate between ``POST /bench/ceiling/`` (authenticate,
   insert a row) and REST moves, ``--rounds`` turns each. The ratio is the mean ceiling
   latency over the mean move latency with as many requests in flight.
2. **The evening**: ``--tables`` tables. Most seat two guests; ``--computer-share`` of them
   one guest against a computer (novice or experienced); ``--spectated-share`` have two
   spectators. Every person and spectator keeps a websocket through nginx; persons learn
   what they may do from their socket's ``turn`` messages after the other side moved
   (``--no-turns``: they read their view over REST then, as the web page does), think
   ``--think`` seconds, and move over the socket, or over REST on ``--rest-share`` of the
   tables. A table plays games back to back for ``--seconds``, then finishes its game.
   Printed, while every table plays (the moves made while tables still sat down apart):
   moves a second (people's and computers'), p50/p99 from a move's request to its first
   event on every seat's socket (and every spectator's); the server processes' CPU and
   memory, and the load generator's own CPU. ``--latencies FILE`` writes every latency.
3. **Faults** (``--faults``), a quarter of ``--seconds`` apart: ``kill -9`` of a server
   process, ``kill -9`` of a Celery worker (and its pool), a Redis restart, a PostgreSQL
   restart. Sockets reconnect and fill their gap from ``GET /events/`` by themselves,
   requests are retried, ``deploy/respawn`` starts the killed processes again. For each
   fault: the time until every table has moved again and every dropped socket has caught
   up. Ten registered accounts claim their welcome coins again and again throughout.

At the end every game's log is checked against what each socket received (nothing lost,
nothing twice, in order), every game must have finished, and every wallet must hold its
welcome coins exactly once in a ledger that sums to zero.

Targets (2 cores, the whole stack and this client on the machine): 500 tables (1,000
people's sockets), p99 move-to-event <= 150 ms, >= 200 moves/s; REST moves through nginx
>= 60% of the ceiling; every fault healed within 10 s, nothing lost or doubled.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import psycopg
import uvloop
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.api import clients_rate, phase, run_ceiling, run_moves  # noqa: E402
from durak_platform import collector  # noqa: E402
from tests.harness.proxied import PostgresCluster, ProxiedStack  # noqa: E402
from tests.harness.stack import RedisServer  # noqa: E402

P99_TARGET_MS = 150.0
MOVES_TARGET = 200.0
CEILING_SHARE_TARGET = 0.60
HEAL_TARGET_S = 10.0
# How long a person waits for the other side's move before reading the view over REST: as
# the web page, which reads it once the socket has been silent that long; with ``turn``
# messages (``--turns``) the socket says what the person may do, so the read is only a
# safety net for a socket that broke without closing.
VIEW_WAIT = 3.0
TURN_WAIT = 15.0
# Events that are a seat's own action (the deal and what follows by the rules are not).
ACTED = {"attack_played", "card_beaten", "attack_transferred", "take_declared", "passed"}
RETRIED_STATUSES = {500, 502, 503, 504}
WELCOME_ACCOUNTS = 10


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def load_average() -> str:
    return " ".join(f"{n:.1f}" for n in os.getloadavg())


# --- the clients ---------------------------------------------------------------------------

@dataclass
class Figures:
    """Everything the evening measures, shared by every client."""

    # (when, milliseconds) from a move's request to its first event, per socket.
    seat_ms: list[tuple[float, float]] = field(default_factory=list)
    spectator_ms: list[tuple[float, float]] = field(default_factory=list)
    # (time, kind) of every move seen: "person" (accepted) or "computer" (its event arrived).
    moves: list[tuple[float, str]] = field(default_factory=list)
    # (time, kind) of every REST request answered: "move", "view" (a game's view) or "other".
    requests: list[tuple[float, str]] = field(default_factory=list)
    retries: int = 0
    reconnects: int = 0
    gap_fills: int = 0
    doubled: int = 0
    out_of_order: int = 0
    lost: list[str] = field(default_factory=list)
    games_finished: int = 0
    games_unfinished: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    welcome_claims: int = 0
    games_left: int = 0


def request_kind(method: str, path: str) -> str:
    """What a REST request is for, as the report counts them.

    >>> request_kind("POST", "/api/v1/games/7/actions/"), request_kind("GET", "/api/v1/games/7/")
    ('move', 'view')
    >>> request_kind("GET", "/api/v1/games/7/events/")
    'other'
    """
    if method == "POST" and path.endswith("/actions/"):
        return "move"
    if method == "GET" and re.fullmatch(r"/api/v1/games/\d+/", path):
        return "view"
    return "other"


class Api:
    """REST through nginx, retried through faults (a refused connection, a 502 while a
    process restarts, a 500 while PostgreSQL does, an answer that never came). A retried
    POST is safe: each carries an ``Idempotency-Key`` made once per intent and sent again
    with every retry (the retries app replays the first answer), a move also its expected
    seq (a repeat is a 409 stale_seq), a welcome claim its once-only ledger key."""

    # aiohttp, not httpx: at 150 tables httpx's request machinery was three fifths of this
    # client's CPU, and the client shares the two cores with the stack it measures.
    def __init__(self, base: str, figures: Figures) -> None:
        self.base = base
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=256, keepalive_timeout=30),
            timeout=aiohttp.ClientTimeout(total=30))
        self.figures = figures

    async def close(self) -> None:
        await self.session.close()

    async def call(self, method: str, path: str, token: str | None = None, body: Any = None,
                   give_up_after: float = 60.0) -> tuple[int, Any]:
        headers = {"Authorization": f"Token {token}"} if token else {}
        if method == "POST":
            headers["Idempotency-Key"] = uuid.uuid4().hex
        deadline = time.monotonic() + give_up_after
        delay = 0.1
        while True:
            try:
                async with self.session.request(method, self.base + path, json=body, headers=headers) as answer:
                    content = await answer.read()
                    if answer.status not in RETRIED_STATUSES:
                        self.figures.requests.append((time.monotonic(), request_kind(method, path)))
                        return answer.status, json.loads(content) if content else None
            except (TimeoutError, aiohttp.ClientError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{method} {path}: no answer for {give_up_after:.0f} s")
            self.figures.retries += 1
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)

    async def ok(self, method: str, path: str, token: str | None = None, body: Any = None,
                 wanted: int = 200) -> Any:
        status, answer = await self.call(method, path, token, body)
        if status != wanted:
            raise RuntimeError(f"{method} {path}: {status} {answer}")
        return answer

    async def guest(self) -> str:
        return str((await self.ok("POST", "/api/v1/auth/guest/", wanted=201))["token"])


@dataclass
class Table:
    number: int
    game_id: int = 0
    # When each move (by its expected seq) was sent, for the first event after it.
    sent: dict[int, float] = field(default_factory=dict)
    progress_at: float = 0.0
    playing: bool = True
    seated: bool = False


class Feed:
    """One websocket through nginx (a seat's or a spectator's): its events by seq, checked
    for order and doubles per connection, reconnected and gap-filled over REST when it
    drops, and the replies to the actions sent on it."""

    def __init__(self, ws_base: str, api: Api, token: str, table: Table, figures: Figures, *, seat: bool,
                 counts_computer: bool = False, turns: bool = False) -> None:
        self.ws_base, self.api, self.token, self.table, self.figures = ws_base, api, token, table, figures
        self.seat = seat
        self.turns = turns and seat
        self.counts_computer = counts_computer
        self.game_id = 0
        self.events: dict[int, dict[str, Any]] = {}
        self.upto = 0  # every event up to here received
        self.conn: ClientConnection | None = None
        self.changed = asyncio.Event()
        self.reply: asyncio.Future[dict[str, Any]] | None = None
        self.dropped_at: float | None = None
        self.caught_up_at = 0.0
        self.stopped = False
        self.runner: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()
        self.my_seat: int | None = None
        # The last ``turn`` message: the seat's legal actions at its seq (``?turns=1``).
        self.turn: dict[str, Any] = {"seq": 0}

    def watch(self, game_id: int) -> None:
        self.game_id = game_id
        self.events.clear()
        self.upto = 0
        self.turn = {"seq": 0}
        self.dropped_at = None
        self.runner = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self.stopped = True
        if self.conn is not None:
            with contextlib.suppress(Exception):
                await self.conn.close()
        if self.runner is not None:
            with contextlib.suppress(Exception):
                await self.runner
        self.stopped = False

    async def _run(self) -> None:
        url = f"{self.ws_base}/ws/games/{self.game_id}/?token={self.token}" + ("&turns=1" if self.turns else "")
        first = True
        while not self.stopped:
            try:
                async with connect(url, open_timeout=10, max_size=None, compression=None) as conn:
                    self.conn = conn
                    await self._read(conn, first)
            except Exception:  # refused while a process restarts, or dropped: try again
                pass
            self.conn = None
            if self.stopped:
                return
            if self.dropped_at is None:
                self.dropped_at = time.monotonic()
            if self.reply is not None and not self.reply.done():
                self.reply.set_exception(ConnectionError("the socket dropped"))
            first = False
            self.figures.reconnects += 1
            await asyncio.sleep(random.uniform(0.05, 0.3))

    async def _read(self, conn: ClientConnection, first: bool) -> None:
        last_on_conn = 0
        async for text in conn:
            now = time.monotonic()
            message = json.loads(text)
            kind = message.get("type")
            if kind == "state":
                view = message["view"]
                seq = int(view["seq"])
                self.my_seat = (view.get("you") or {}).get("seat") if isinstance(view.get("you"), dict) else None
                # What came before this connection's state (the deal, or the gap a drop
                # left), from the log over REST, as the page does.
                await self._fill(seq)
                if self.dropped_at is not None:
                    self.dropped_at = None
                    self.caught_up_at = time.monotonic()
                last_on_conn = max(last_on_conn, seq)
                if self.turns:
                    self._told(view)  # a reconnect's state says what the seat may do, as a turn would
                self.connected.set()
                self.changed.set()
            elif kind == "event":
                event = message["event"]
                seq = int(event["seq"])
                if seq <= last_on_conn:
                    # Sent again on one connection (or behind its own state): doubled;
                    # a seq it skipped and sent later: out of order.
                    if seq in self.events:
                        self.figures.doubled += 1
                    else:
                        self.figures.out_of_order += 1
                elif seq > last_on_conn + 1 and last_on_conn:
                    self.figures.out_of_order += 1
                last_on_conn = max(last_on_conn, seq)
                self._take(event, now)
                self.changed.set()
            elif kind == "turn":
                self._told(message)
                self.changed.set()
            elif kind in ("action_ok", "error") and self.reply is not None and not self.reply.done():
                self.reply.set_result(message)

    def _told(self, turn: dict[str, Any]) -> None:
        """Keep ``turn`` (a ``turn`` message or a view: both have seq, status and legal
        actions) if it is newer than the one kept."""
        if int(turn["seq"]) > int(self.turn["seq"]):
            self.turn = turn

    def _take(self, event: dict[str, Any], now: float | None) -> None:
        seq = int(event["seq"])
        known = self.events.get(seq)
        if known is not None:
            if known != event:
                self.figures.problems.append(f"game {self.game_id} seq {seq}: two different events")
            return
        self.events[seq] = event
        while self.upto + 1 in self.events:
            self.upto += 1
        if now is None:
            return
        started = self.table.sent.get(seq - 1)
        if started is not None:
            (self.figures.seat_ms if self.seat else self.figures.spectator_ms).append((now, (now - started) * 1000))
        if self.counts_computer and event.get("type") in ACTED and event.get("seat") != self.my_seat:
            self.figures.moves.append((now, "computer"))
            self.table.progress_at = now

    async def _fill(self, upto: int) -> None:
        if self.upto >= upto:
            return
        self.figures.gap_fills += 1
        answer = await self.api.ok("GET", f"/api/v1/games/{self.game_id}/events/?after={self.upto}", self.token)
        for event in answer["events"]:
            if int(event["seq"]) <= upto:
                self._take(event, None)

    async def beyond(self, seq: int, timeout: float) -> None:
        """Until an event past ``seq`` arrived (or ``timeout``: the caller reads the view)."""
        deadline = time.monotonic() + timeout
        while self.upto <= seq and (left := deadline - time.monotonic()) > 0:
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def turn_after(self, seq: int, timeout: float) -> dict[str, Any] | None:
        """The first ``turn`` message past ``seq`` (its seq, status and legal actions, as a
        view has them), or None after ``timeout`` (the caller reads the view)."""
        deadline = time.monotonic() + timeout
        while int(self.turn["seq"]) <= seq and (left := deadline - time.monotonic()) > 0:
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return self.turn if int(self.turn["seq"]) > seq else None

    async def act(self, action: dict[str, Any], seq: int) -> dict[str, Any] | None:
        """The action over this socket: its ``action_ok`` view, or None (refused, dropped)."""
        conn = self.conn
        if conn is None:
            return None
        self.reply = asyncio.get_running_loop().create_future()
        try:
            await conn.send(json.dumps({"type": "action", "action": action, "expected_seq": seq}))
            answer = await asyncio.wait_for(self.reply, 30)
        except Exception:
            return None
        finally:
            self.reply = None
        return answer["view"] if answer["type"] == "action_ok" else None


async def check_log(api: Api, feed: Feed, figures: Figures, final_seq: int) -> None:
    """What the socket received is the game's log as this viewer may see it. Late is not
    lost: past what the stack can serve, events reach sockets tens of seconds after the
    move (the p99 says so), so the last ones get a minute to arrive."""
    await feed.beyond(final_seq - 1, 60)
    log = (await api.ok("GET", f"/api/v1/games/{feed.game_id}/events/", feed.token))["events"]
    missing = [e["seq"] for e in log if e["seq"] not in feed.events]
    if missing:
        figures.lost.append(f"game {feed.game_id}: seqs {missing[:5]}{'...' if len(missing) > 5 else ''} "
                            f"never reached a {'seat' if feed.seat else 'spectator'} socket")
    for event in log:
        got = feed.events.get(event["seq"])
        if got is not None and got != event:
            figures.problems.append(f"game {feed.game_id} seq {event['seq']}: the socket's event differs")
            break
    if len(feed.events) > len(log):
        figures.problems.append(f"game {feed.game_id}: the socket has events the log does not")


class Person:
    def __init__(self, api: Api, token: str, rng: random.Random, think: tuple[float, float], via_rest: bool) -> None:
        self.api, self.token, self.rng, self.think, self.via_rest = api, token, rng, think, via_rest

    async def play(self, table: Table, feed: Feed, figures: Figures, stop_at: Callable[[], float]) -> None:
        """This seat's part of the game until it ends (or ``stop_at()``: the table is left;
        read on every turn, since the evening's end is set only once every table sits)."""
        game = table.game_id
        view = await self.api.ok("GET", f"/api/v1/games/{game}/", self.token)
        while view["status"] != "finished" and time.monotonic() < stop_at():
            if not view["legal_actions"]:
                if feed.turns and feed.conn is not None:
                    turn = await feed.turn_after(int(view["seq"]), TURN_WAIT)
                    if turn is not None:
                        view = turn
                        continue
                else:
                    await feed.beyond(int(view["seq"]), VIEW_WAIT)
                view = await self.api.ok("GET", f"/api/v1/games/{game}/", self.token)
                continue
            await asyncio.sleep(self.rng.uniform(*self.think))
            # A person beats a card when they can (taking every time makes endless games).
            options = [a for a in view["legal_actions"] if a["type"] != "take"] or view["legal_actions"]
            action = self.rng.choice(options)
            seq = int(view["seq"])
            table.sent.setdefault(seq, time.monotonic())
            after: dict[str, Any] | None
            if self.via_rest or feed.conn is None:
                status, answer = await self.api.call("POST", f"/api/v1/games/{game}/actions/", self.token,
                                                     {**action, "expected_seq": seq})
                after = answer if status == 200 else None
            else:
                after = await feed.act(action, seq)
            if after is None:  # stale (the other side or a retry got there first), or dropped
                turn = await feed.turn_after(seq, TURN_WAIT) if feed.turns and feed.conn is not None else None
                view = turn or await self.api.ok("GET", f"/api/v1/games/{game}/", self.token)
                continue
            now = time.monotonic()
            figures.moves.append((now, "person"))
            table.progress_at = now
            view = after


async def registered(api: Api) -> list[str]:
    suffix = random.randrange(10**6)
    answers = await asyncio.gather(*(
        api.ok("POST", "/api/v1/auth/register/", None,
               {"username": f"Gost{suffix}x{number}", "password": f"pw-{suffix}-{number}-load"}, wanted=201)
        for number in range(WELCOME_ACCOUNTS)))
    return [str(answer["token"]) for answer in answers]


async def welcome_claims(api: Api, tokens: list[str], evening: Evening) -> None:
    """Registered accounts claim their one-time coins again and again, through the faults."""
    while True:
        await asyncio.gather(*(api.call("POST", "/api/v1/wallet/welcome/", token) for token in tokens))
        evening.figures.welcome_claims += 1
        if time.monotonic() >= evening.deadline:
            return
        await asyncio.sleep(1.0)


@dataclass
class Evening:
    args: argparse.Namespace
    stack: ProxiedStack
    figures: Figures = field(default_factory=Figures)
    tables: list[Table] = field(default_factory=list)
    feeds: list[Feed] = field(default_factory=list)
    deadline: float = 0.0
    started_at: float = 0.0
    all_seated_at: float = 0.0
    seated: int = 0

    def leave_at(self) -> float:
        """When the people still playing leave (never, without ``--leave-after``)."""
        return self.deadline + self.args.leave_after if self.args.leave_after >= 0 else float("inf")

    async def table(self, number: int, api: Api, rng: random.Random) -> None:
        args = self.args
        table = Table(number)
        self.tables.append(table)
        computer = number < args.tables * args.computer_share
        spectated = rng.random() < args.spectated_share
        via_rest = rng.random() < args.rest_share
        tokens = [await api.guest() for _ in range(1 if computer else 2)]
        watchers = [await api.guest() for _ in range(2 if spectated else 0)]
        people = [Person(api, token, rng, args.think, via_rest) for token in tokens]
        seat_feeds = [Feed(self.stack.ws_base, api, token, table, self.figures, seat=True,
                           counts_computer=computer, turns=args.turns) for token in tokens]
        watcher_feeds = [Feed(self.stack.ws_base, api, token, table, self.figures, seat=False) for token in watchers]
        self.feeds += seat_feeds + watcher_feeds
        while True:
            body: dict[str, Any] = {"rules": {"players": 2}}
            if computer:
                body["opponents"] = [{"ai": rng.choice(["novice", "experienced"])}]
            created = await api.ok("POST", "/api/v1/games/", tokens[0], body, wanted=201)
            table.game_id = int(created["id"])
            table.sent.clear()
            if not computer:
                await api.ok("POST", f"/api/v1/games/{table.game_id}/join/", tokens[1])
            for feed in seat_feeds + watcher_feeds:
                feed.watch(table.game_id)
            await asyncio.gather(*(asyncio.wait_for(feed.connected.wait(), 60) for feed in seat_feeds + watcher_feeds))
            table.progress_at = time.monotonic()
            if not table.seated:
                table.seated = True
                self.seated += 1
            await asyncio.gather(*(person.play(table, feed, self.figures, self.leave_at)
                                   for person, feed in zip(people, seat_feeds, strict=True)))
            if time.monotonic() >= self.leave_at():  # the evening is over: everyone leaves, the game ends
                for token in tokens:
                    await api.call("POST", f"/api/v1/games/{table.game_id}/leave/", token)
                self.figures.games_left += 1
            final = await api.ok("GET", f"/api/v1/games/{table.game_id}/", tokens[0])
            if final["status"] != "finished":
                self.figures.games_unfinished.append(table.game_id)
            else:
                self.figures.games_finished += 1
            await asyncio.gather(*(check_log(api, feed, self.figures, int(final["seq"]))
                                   for feed in seat_feeds + watcher_feeds))
            for feed in seat_feeds + watcher_feeds:
                await feed.stop()
                feed.connected.clear()
            if time.monotonic() >= self.deadline:
                break
        table.playing = False


# --- measuring the server's processes -------------------------------------------------------

def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def process_groups(stack: ProxiedStack, redis: RedisServer, postgres: PostgresCluster) -> dict[str, set[int]]:
    names = [*stack.web_names(), *stack.rest_names(), *stack.worker_names(), "beat.1", "nginx.1"]
    groups = {name: stack.pids(name) for name in names}
    if redis.process is not None:
        groups["redis"] = {redis.process.pid}
    groups["postgres"] = postgres.pids()
    return groups


@dataclass
class Sample:
    at: float
    cpu: dict[str, float]
    rss: dict[str, float]
    own_cpu: float


def sample(groups: dict[str, set[int]]) -> Sample:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return Sample(time.monotonic(), {name: sum(cpu_seconds(pid) for pid in pids) for name, pids in groups.items()},
                  {name: sum(rss_mb(pid) for pid in pids) for name, pids in groups.items()},
                  usage.ru_utime + usage.ru_stime)


def print_usage(first: Sample, last: Sample) -> None:
    span = last.at - first.at
    print(f"  processes over {span:.0f} s (CPU as % of one core; memory resident at the end):")
    for name in first.cpu:
        print(f"    {name:<14} CPU {100 * (last.cpu[name] - first.cpu[name]) / span:6.1f}%   "
              f"memory {last.rss.get(name, 0):7.1f} MB")
    print(f"    {'load.py':<14} CPU {100 * (last.own_cpu - first.own_cpu) / span:6.1f}%   (this client)")


# --- faults -----------------------------------------------------------------------------------

@dataclass
class Fault:
    name: str
    at: float
    healed_at: float | None = None
    back_at: float | None = None


async def heal_time(evening: Evening, fault: Fault, back: Any) -> None:
    """Healed: every table still playing has moved since the fault, and every socket that
    dropped has reconnected and caught up (the clients are served as before). Apart from
    that, when the fault's own process serves again (``back``: capacity restored)."""
    while time.monotonic() - fault.at < 120 and (fault.healed_at is None or fault.back_at is None):
        await asyncio.sleep(0.1)
        if fault.back_at is None and await back():
            fault.back_at = time.monotonic()
        if fault.healed_at is not None:
            continue
        tables = [t for t in evening.tables if t.playing]
        if any(t.progress_at < fault.at for t in tables):
            continue
        if any(f.dropped_at is not None for f in evening.feeds if f.runner is not None and not f.runner.done()):
            continue
        fault.healed_at = time.monotonic()
        print(f"    healed in {fault.healed_at - fault.at:.1f} s", flush=True)


async def faults(evening: Evening, redis: RedisServer, postgres: PostgresCluster) -> list[Fault]:
    stack = evening.stack
    spacing = evening.args.seconds / 5
    done: list[Fault] = []

    async def serving(url: str) -> bool:
        try:
            async with httpx.AsyncClient(timeout=2) as client:
                return (await client.get(url + "/api/schema/")).status_code == 200
        except httpx.HTTPError:
            return False

    async def always() -> bool:
        return True

    web = stack.web_names()[0]
    worker = stack.worker_names()[0]
    plan: list[tuple[str, Any]] = [
        (f"kill -9 server process {web}", lambda: stack.kill(web)),
        (f"kill -9 Celery {worker} (and its pool)", lambda: stack.kill(worker)),
        ("Redis restart", lambda: redis.restart(down_for=0.5)),
        ("PostgreSQL restart (fast)", postgres.restart),
    ]
    async def worker_back() -> bool:
        return stack.pid(worker) is not None

    checks = [lambda: serving(stack.direct(0)), worker_back, always, always]
    for (name, act), back in zip(plan, checks, strict=True):
        await asyncio.sleep(spacing)
        fault = Fault(name, time.monotonic())
        print(f"  fault at {fault.at - evening.started_at:5.1f} s: {name}", flush=True)
        await asyncio.to_thread(act)
        await heal_time(evening, fault, back)
        done.append(fault)
    return done


# --- the run ------------------------------------------------------------------------------------

def ceiling_and_moves(stack: ProxiedStack, clients: int, seconds: float, rounds: int) -> float:
    ceiling, moves = [], []
    for _ in range(rounds):
        ceiling.append(phase("ceiling", run_ceiling, stack.base, clients, seconds)[0])
        moves.append(phase("moves", run_moves, stack.base, clients, seconds)[0])
    ceiling_rates = [clients_rate(clients, tally) for tally in ceiling]
    move_rates = [clients_rate(clients, tally) for tally in moves]
    latencies = [ms * 1000 for tally in moves for ms in tally.latencies]
    ratio = statistics.fmean(move_rates) / statistics.fmean(ceiling_rates)
    print(f"\nCeiling and REST moves through nginx ({clients} clients, {rounds} x {seconds:.0f} s each):")
    print(f"  ceiling (POST /bench/ceiling/): {statistics.fmean(ceiling_rates):.1f} req/s "
          f"(rounds: {', '.join(f'{r:.0f}' for r in ceiling_rates)})")
    print(f"  REST moves: {statistics.fmean(move_rates):.1f} moves/s, p50 {percentile(latencies, 0.5):.1f} ms, "
          f"p99 {percentile(latencies, 0.99):.1f} ms")
    print(f"  move path / ceiling: {100 * ratio:.1f}%   target >= {100 * CEILING_SHARE_TARGET:.0f}%: "
          f"{'met' if ratio >= CEILING_SHARE_TARGET else 'MISSED'}")
    return ratio


# The client's collector once every table is seated: full collections rarer than a server
# process's, as its heap grows with every socket's events all evening.
CLIENT_GC_THRESHOLD = (2_000, 20, 1_000)


async def evening(args: argparse.Namespace, stack: ProxiedStack, redis: RedisServer,
                  postgres: PostgresCluster) -> int:
    run = Evening(args, stack)
    api = Api(stack.base, run.figures)
    rng = random.Random(args.seed)
    tokens = await registered(api)
    run.started_at = time.monotonic()
    run.deadline = run.started_at + 10**6  # set once every table is seated
    welcome = asyncio.create_task(welcome_claims(api, tokens, run))
    tables: list[asyncio.Task[None]] = []
    for number in range(args.tables):  # seated over the first seconds, like arrivals
        tables.append(asyncio.create_task(run.table(number, api, random.Random(rng.random()))))
        if number % 25 == 24:
            await asyncio.sleep(0.2)
    print(f"\nThe evening: {args.tables} tables ({args.computer_share:.0%} against a computer, "
          f"{args.spectated_share:.0%} with two spectators, {args.rest_share:.0%} moving over REST), "
          f"think {args.think[0]}-{args.think[1]} s, {args.seconds:.0f} s, then every game to its end", flush=True)
    while run.seated + sum(1 for task in tables if task.done()) < args.tables:  # a failed table never sits
        await asyncio.sleep(0.5)
    # The client's own collector must not pause it: its full collections over every socket's
    # events (some 0.1-0.3 s, about every 28 s here) showed up as latency of the stack.
    collector.settle(CLIENT_GC_THRESHOLD)
    run.all_seated_at = time.monotonic()
    run.deadline = run.all_seated_at + args.seconds
    print(f"  seated in {run.all_seated_at - run.started_at:.1f} s; load average {load_average()}", flush=True)
    groups = process_groups(stack, redis, postgres)
    first = sample(groups)
    fault_task = asyncio.create_task(faults(run, redis, postgres)) if args.faults else None
    window_end = run.deadline
    usage_end: Sample | None = None
    if fault_task is None:
        await asyncio.sleep(max(0.0, window_end - time.monotonic()))
        usage_end = sample(groups)
    else:
        # The processes' figures before the first fault restarts any of them.
        await asyncio.sleep(max(0.0, min(window_end, time.monotonic() + args.seconds / 5 - 1) - time.monotonic()))
        usage_end = sample(groups)
    if fault_task is not None:
        await fault_task  # the faults fall while every table still plays
    print(f"  {args.seconds:.0f} s played; every table finishes its game now", flush=True)
    done, pending = await asyncio.wait(tables, timeout=900)
    for task in pending:
        task.cancel()
    failures = [task.exception() for task in done if task.exception() is not None]
    fault_list = fault_task.result() if fault_task is not None else []
    await welcome
    await report(run, api, tokens, first, usage_end, fault_list, failures, len(pending), stack)
    await api.close()
    return 0


def quiet(samples: list[tuple[float, float]], fault_list: list[Fault]) -> list[float]:
    """The samples taken outside every fault, from its start until it healed."""
    spans = [(f.at, f.healed_at if f.healed_at is not None else f.at + 120) for f in fault_list]
    return [ms for at, ms in samples if not any(start <= at <= end for start, end in spans)]


def describe(values: list[float]) -> str:
    return (f"n={len(values)} p50 {percentile(values, 0.5):.1f} ms, p90 {percentile(values, 0.9):.1f} ms, "
            f"p99 {percentile(values, 0.99):.1f} ms, max {max(values, default=0):.1f} ms")


async def report(run: Evening, api: Api, tokens: list[str], first: Sample, last: Sample,
                 fault_list: list[Fault], failures: list[BaseException | None], stuck: int,
                 stack: ProxiedStack) -> None:
    figures = run.figures
    window = (run.all_seated_at, run.deadline)
    in_window = [kind for at, kind in figures.moves if window[0] <= at <= window[1]]
    span = max(window[1] - window[0], 1e-9)
    rate = len(in_window) / span
    people = sum(1 for kind in in_window if kind == "person")
    # Latency over the same window as the rate: every table seated and playing. Moves made
    # while the tables were still sitting down meet cold processes (first requests, caches,
    # statements not yet prepared): they are shown apart.
    def windowed(rows: list[tuple[float, float]]) -> list[float]:
        return [ms for at, ms in rows if window[0] <= at <= window[1]]

    seat_ms = windowed(figures.seat_ms)
    seating_ms = [ms for at, ms in figures.seat_ms if at < window[0]]
    print(f"\n  moves: {rate:.1f}/s while every table played ({people / span:.1f} people's, "
          f"{(len(in_window) - people) / span:.1f} computers'), {len(figures.moves)} in all; "
          f"target >= {MOVES_TARGET:.0f}/s: {'met' if rate >= MOVES_TARGET else 'MISSED'}")
    # A person reads their view after every move of the other side (the events do not say
    # what they may do next): under overload the 3 s wait for the socket adds more.
    asked = collections.Counter(kind for at, kind in figures.requests if window[0] <= at <= window[1])
    print(f"  REST while every table played: {sum(asked.values()) / span:.1f} requests/s: views "
          f"{asked['view'] / span:.1f}/s ({asked['view'] / max(people, 1):.2f} a person's move), moves over "
          f"REST {asked['move'] / span:.1f}/s, other {asked['other'] / span:.1f}/s")
    p50, p99 = percentile(seat_ms, 0.5), percentile(seat_ms, 0.99)
    print(f"  move -> every seat's socket: {describe(seat_ms)}; target p99 <= {P99_TARGET_MS:.0f} ms: "
          f"{'met' if p99 <= P99_TARGET_MS else 'MISSED'} (p50 {p50:.1f} ms)")
    if seating_ms:
        print(f"    while the tables sat down (not in the figure above): {describe(seating_ms)}")
    if fault_list:
        print(f"    outside the faults (start to healed): {describe(quiet(figures.seat_ms, fault_list))}")
    # Spectators over the seats' window too: the seating's and the evening's end's bursts
    # are not what watching a table in play costs.
    spectator_ms = windowed(figures.spectator_ms)
    if spectator_ms:
        print(f"  move -> every spectator's socket: {describe(spectator_ms)}")
    if run.args.latencies:
        # Each event's arrival and latency, to find what a tail keeps time with (a minute's
        # round in every process, a burst of claims) that percentiles alone cannot show.
        with open(run.args.latencies, "w") as out:
            out.write("seconds,ms,socket\n")
            for kind, rows in (("seat", figures.seat_ms), ("spectator", figures.spectator_ms)):
                out.writelines(f"{at - run.started_at:.3f},{ms:.1f},{kind}\n" for at, ms in rows)
    print_usage(first, last)
    if fault_list:
        print("  faults (healed: the process serves again, every table has moved since, every dropped "
              "socket is back and caught up):")
        for fault in fault_list:
            took = None if fault.healed_at is None else fault.healed_at - fault.at
            verdict = "NOT HEALED" if took is None else f"{took:.1f} s"
            ok = took is not None and took <= HEAL_TARGET_S
            again = "never" if fault.back_at is None else f"{fault.back_at - fault.at:.1f} s"
            print(f"    {fault.name:<42} healed in {verdict}   target <= {HEAL_TARGET_S:.0f} s: "
                  f"{'met' if ok else 'MISSED'}   (its process serving again after {again})")
    # Coins: each account's welcome exactly once, and the ledger balanced.
    wrong_wallets = 0
    for token in tokens:
        wallet = await api.ok("GET", "/api/v1/wallet/", token)
        welcomes = [e for e in wallet["entries"] if e.get("kind") == "welcome"]
        if len(welcomes) != 1 or wallet["balance"] != welcomes[0]["amount"]:
            wrong_wallets += 1
    with psycopg.connect(stack.database_url) as conn:
        row = conn.execute("SELECT coalesce(sum(amount), 0), count(*) FROM tournaments_posting").fetchone()
    ledger_sum, postings = (int(row[0]), int(row[1])) if row else (0, 0)
    print(f"  games finished: {figures.games_finished} ({figures.games_left} of them by both people leaving "
          f"once the evening was over), unfinished: {len(figures.games_unfinished)}, "
          f"tables stuck past the wait: {stuck}, tables that failed: {len(failures)}"
          + (f" (first: {failures[0]!r})" if failures else ""))
    print(f"  sockets: {figures.reconnects} reconnects, {figures.gap_fills} gaps filled from the log; "
          f"requests retried: {figures.retries}")
    print(f"  logs: {len(figures.lost)} lost, {figures.doubled} doubled, {figures.out_of_order} out of order, "
          f"{len(figures.problems)} other problems" + (f" (first: {(figures.lost + figures.problems)[0]})"
                                                        if figures.lost or figures.problems else ""))
    print(f"  coins: {len(tokens)} accounts claimed their welcome coins {figures.welcome_claims} times each: "
          f"{len(tokens) - wrong_wallets} hold them exactly once; the ledger's {postings} postings sum to {ledger_sum}")
    whole = (not figures.lost and not figures.doubled and not figures.out_of_order and not figures.problems
             and not figures.games_unfinished and not failures and not stuck and not wrong_wallets and ledger_sum == 0)
    print(f"  nothing lost or doubled, every game finished, every coin once: {'yes' if whole else 'NO'}")


async def main(args: argparse.Namespace) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # inherited by the stack's processes
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp_name:
        tmp = Path(tmp_name)
        os.chmod(tmp, 0o755)
        postgres, redis = PostgresCluster(tmp / "pg"), RedisServer(tmp)
        stack: ProxiedStack | None = None
        try:
            postgres.start()
            database_url = postgres.create_database("durak_load")
            redis.start()
            stack = ProxiedStack(tmp, database_url=database_url, redis_url=redis.url(0), broker_url=redis.url(1),
                                 web=args.web, workers=args.workers, rest=args.rest, rest_processes=args.rest_processes,
                                 settings_module="durak_platform.settings.bench",
                                 # The ceiling phase's hot-seat clients move far faster than any person: the
                                 # actions throttle still counts their moves but never refuses one.
                                 env={"DURAK_THROTTLE_AUTH": "1000000/min", "DURAK_THROTTLE_ACTIONS": "1000000/min",
                                      "DURAK_AI_BUDGET_MS": "50",
                                      "DJANGO_DB_POOL_MAX": str(args.pool)},
                                 table_queues=args.table_queues)
            stack.start()
            print(f"{os.cpu_count()} CPUs, load average {load_average()}; stack: nginx, {args.web} uvicorn, "
                  f"REST by {'gunicorn x' + str(stack.rest_processes) if args.rest == 'wsgi' else 'the uvicorn processes'}, "
                  f"{args.workers} Celery workers{' (table queues)' if args.table_queues else ''} + beat; private PostgreSQL :{postgres.port}, Redis :{redis.port}",
                  flush=True)
            if args.ceiling_seconds > 0:
                ceiling_and_moves(stack, args.ceiling_clients, args.ceiling_seconds, args.rounds)
            if args.tables > 0:
                await evening(args, stack, redis, postgres)
            print(f"\nload average now {load_average()}")
        finally:
            if stack is not None:
                stack.stop()
            redis.stop()
            postgres.stop()
    return 0


def think_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=120.0, help="how long tables start new games")
    parser.add_argument("--faults", action="store_true")
    parser.add_argument("--leave-after", type=float, default=-1.0,
                        help="seconds after --seconds when the people still playing leave (the game ends "
                             "then, its log checked like any); default: every game is played to its end")
    parser.add_argument("--web", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--table-queues", action=argparse.BooleanOptionalAction, default=True,
                        help="deploy/stack.py --table-queues (the default): each game's computer turns on one worker")
    parser.add_argument("--rest", choices=["asgi", "wsgi"], default="wsgi",
                        help="REST by gunicorn beside the socket processes (make stack's default), or by them")
    parser.add_argument("--rest-processes", type=int, default=2, help="gunicorn processes with --rest wsgi")
    parser.add_argument("--think", type=think_range, default=(1.0, 3.0), help="seconds a person thinks, low-high")
    parser.add_argument("--computer-share", type=float, default=0.1)
    parser.add_argument("--spectated-share", type=float, default=0.1)
    parser.add_argument("--turns", action=argparse.BooleanOptionalAction, default=True,
                        help="seats' sockets ask for turn messages (?turns=1) instead of reading the view over "
                             "REST after each move of the other side (--no-turns: as the web page)")
    parser.add_argument("--rest-share", type=float, default=0.25)
    parser.add_argument("--ceiling-clients", type=int, default=4)
    parser.add_argument("--ceiling-seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--pool", type=int, default=20, help="each process's PostgreSQL pool (DJANGO_DB_POOL_MAX)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--latencies", default="", help="write every move-to-event latency to this CSV file")
    # uvloop, as uvicorn runs the server's sockets: the client shares the machine with the
    # stack it measures, and on asyncio's own loop it took 17.9% of a core at 500 tables
    # (its epoll and socket writes a third of that; 15.3-16.1% on uvloop).
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        sys.exit(runner.run(main(parser.parse_args())))
