"""Live play on PostgreSQL + Redis + a Celery worker: how fast the computer's reply
reaches the socket, and how fast one event reaches many spectators.

Run from the repository root (``make bench-live``)::

    .venv/bin/python benchmarks/live.py [--moves 300] [--spectators 100,500] [--rounds 100] [--pool prefork]

It recreates a PostgreSQL database (``DATABASE_URL`` + ``_live``, default
``postgres://postgres@127.0.0.1:5432/durak_bench_live``), starts a private Redis on a free
loopback port (database 0: channel layer and cache, 1: broker), one uvicorn process and
one Celery worker (prefork, 2 processes; ``--pool threads``: 2 threads), production
settings, no artificial delay. Then:

1. AI reply: a guest plays the "experienced" computer over the socket. For each of its
   moves after which only the computer may act, the time from sending the ``action``
   message to the first event of the computer's reply arriving on that socket
   (web process → commit → Celery → the worker's move → commit → Redis → the consumer).
2. Fan-out: N spectator sockets watch a two-person table; a player moves over REST and
   each spectator's time from the request to that move's first event is recorded, for
   ``--rounds`` moves (over as many tables as it takes).

Targets: AI reply p50 <= 50 ms and p99 <= 150 ms; fan-out p99 <= 100 ms at 100 spectators.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.harness.remote import Guest, LiveSocket  # noqa: E402
from tests.harness.stack import RedisServer, Stack, recreate_database  # noqa: E402

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/durak_bench"
AI_P50_TARGET_MS, AI_P99_TARGET_MS = 50.0, 150.0
FANOUT_P99_TARGET_MS = 100.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def event_after(seq: int) -> Callable[[dict[str, Any]], bool]:
    def matches(message: dict[str, Any]) -> bool:
        return message["type"] == "event" and int(message["event"]["seq"]) > seq

    return matches


def arrival(sock: LiveSocket, message: dict[str, Any]) -> float:
    index = next(i for i in range(len(sock.messages) - 1, -1, -1) if sock.messages[i] is message)
    return sock.arrived[index]


def describe(values: list[float]) -> str:
    return (f"n={len(values)}  p50={percentile(values, 0.50):.1f} ms  p90={percentile(values, 0.90):.1f} ms  "
            f"p99={percentile(values, 0.99):.1f} ms  max={max(values):.1f} ms  mean={statistics.fmean(values):.1f} ms")


async def ai_replies(stack: Stack, moves: int) -> list[float]:
    """Milliseconds from a person's move to the computer's first reply event, per move."""
    samples: list[float] = []
    guest = Guest(stack.base)
    while len(samples) < moves:
        game = guest.create(rules={"deck": 36}, opponents=[{"ai": "experienced"}])
        sock = LiveSocket(f"{stack.ws_base}/ws/games/{game['id']}/?token={guest.token}")
        await sock.open()
        while len(samples) < moves:
            # Not timed: once the socket is quiet, read the view over REST (in a thread, so
            # the socket keeps reading).
            await sock.quiet(0.02)
            view = await asyncio.to_thread(guest.view, game["id"])
            if view["status"] == "finished":
                break
            if not view["legal_actions"]:
                await asyncio.sleep(0.005)
                continue
            mark = len(sock.messages)
            sent = time.perf_counter()
            await sock.send({"type": "action", "action": view["legal_actions"][0], "expected_seq": view["seq"]})
            answer = await sock.wait_for(lambda m: m["type"] in ("action_ok", "error"), start=mark)
            if answer["type"] == "error":
                continue
            after = answer["view"]
            if after["status"] == "finished" or after["legal_actions"]:
                continue  # still (or again) the person's turn: no reply to time
            reply = await sock.wait_for(event_after(after["seq"]), start=mark)
            samples.append((arrival(sock, reply) - sent) * 1000)
        await sock.close()
    return samples


async def spectated_table(stack: Stack, spectators: int) -> tuple[int, list[Guest], list[LiveSocket]]:
    """A two-person table and ``spectators`` open sockets watching it."""
    alice, bob = Guest(stack.base), Guest(stack.base)
    game_id = alice.create(rules={"deck": 52})["id"]
    bob.join(game_id)
    watcher = Guest(stack.base)
    url = f"{stack.ws_base}/ws/games/{game_id}/?token={watcher.token}"
    sockets = [LiveSocket(url) for _ in range(spectators)]
    for start in range(0, spectators, 50):
        await asyncio.gather(*(sock.open() for sock in sockets[start:start + 50]))
    return game_id, [alice, bob], sockets


async def fan_out(game_id: int, players: list[Guest], sockets: list[LiveSocket],
                  rounds: int) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds from a move's request to its first event, per spectator and move;
    each arrival's lag behind the first spectator's (the fan-out itself); and the time
    the REST move took to answer. Moves are made in turn until ``rounds`` or the end."""
    samples: list[float] = []
    spread: list[float] = []
    answered: list[float] = []
    for _ in range(rounds):
        for guest in players:
            view = guest.view(game_id)
            if view["legal_actions"]:
                break
        else:
            break
        marks = [len(sock.messages) for sock in sockets]
        sent = time.perf_counter()
        answer = await asyncio.to_thread(guest.act, game_id, view["legal_actions"][0], view["seq"])
        answered.append((time.perf_counter() - sent) * 1000)
        assert answer.status_code == 200, answer.text
        firsts = await asyncio.gather(*(sock.wait_for(event_after(view["seq"]), start=mark)
                                        for sock, mark in zip(sockets, marks, strict=True)))
        arrivals = [arrival(sock, first) for sock, first in zip(sockets, firsts, strict=True)]
        samples += [(at - sent) * 1000 for at in arrivals]
        spread += [(at - min(arrivals)) * 1000 for at in arrivals]
        await asyncio.sleep(0.05)
    return samples, spread, answered


async def fan_out_moves(stack: Stack, spectators: int, moves: int) -> tuple[list[float], list[float], list[float]]:
    """``fan_out`` over as many tables as it takes to time ``moves`` moves."""
    samples: list[float] = []
    spread: list[float] = []
    answered: list[float] = []
    while len(answered) < moves:
        game_id, players, sockets = await spectated_table(stack, spectators)
        more = await fan_out(game_id, players, sockets, moves - len(answered))
        await asyncio.gather(*(sock.close() for sock in sockets))
        samples += more[0]
        spread += more[1]
        answered += more[2]
    return samples, spread, answered


async def main(args: argparse.Namespace) -> int:
    database_url = os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL) + "_live"
    with tempfile.TemporaryDirectory(prefix="bench-live-") as tmp:
        redis = RedisServer(Path(tmp))
        stack = Stack(Path(tmp), database_url=database_url, redis_url=redis.url(0), broker_url=redis.url(1),
                      env={"DURAK_AI_BUDGET_MS": "50", "DURAK_AI_SWEEP_EVERY": "10", "DURAK_AI_STALLED_AFTER": "30",
                           "DURAK_LIVE_SWEEP_EVERY": "10"})
        print(f"preparing {database_url}, a private Redis on port {redis.port} ...", flush=True)
        recreate_database(database_url)
        redis.start()
        try:
            stack.migrate()
            stack.start_worker(pool=args.pool)
            stack.start_server(*([] if args.deflate else ["--ws-per-message-deflate", "false"]))
            print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{n:.1f}' for n in os.getloadavg())}, "
                  f"permessage-deflate {'on' if args.deflate else 'off'}, Celery pool {args.pool} (2)")
            await run(stack, args)
        finally:
            stack.stop()
            redis.stop()
    return 0


async def run(stack: Stack, args: argparse.Namespace) -> None:
    if args.moves:
        await ai_replies(stack, 20)  # warm up: imports, connections, caches
        print(f"\nAI reply (experienced, human move -> first reply event on the socket), {args.moves} moves:")
        replies = await ai_replies(stack, args.moves)
        print("  " + describe(replies))
        ok = percentile(replies, 0.5) <= AI_P50_TARGET_MS and percentile(replies, 0.99) <= AI_P99_TARGET_MS
        print(f"  target p50 <= {AI_P50_TARGET_MS:.0f} ms, p99 <= {AI_P99_TARGET_MS:.0f} ms: "
              f"{'met' if ok else 'MISSED'}")
    for count in args.spectators:
        samples, spread, answered = await fan_out_moves(stack, count, args.rounds)
        print(f"\nFan-out to {count} spectators (REST move -> event on each socket), {args.rounds} moves:")
        print("  " + describe(samples))
        print("  behind the first spectator: " + describe(spread))
        print("  the REST move's own answer: " + describe(answered))
        if count == 100:
            met = percentile(samples, 0.99) <= FANOUT_P99_TARGET_MS
            print(f"  target p99 <= {FANOUT_P99_TARGET_MS:.0f} ms: {'met' if met else 'MISSED'}")
    print(f"\nload average now {' '.join(f'{n:.1f}' for n in os.getloadavg())}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--spectators", type=lambda text: [int(n) for n in text.split(",")], default=[100, 500])
    parser.add_argument("--rounds", type=int, default=100,
                        help="moves timed per fan-out size (over as many tables as it takes)")
    parser.add_argument("--pool", default="prefork", choices=["prefork", "threads"],
                        help="the Celery worker's pool (2 processes or 2 threads)")
    parser.add_argument("--deflate", action="store_true",
                        help="keep uvicorn's per-message compression on (off by default: events are small)")
    sys.exit(asyncio.run(main(parser.parse_args())))
