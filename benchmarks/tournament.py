"""A whole elimination tournament on PostgreSQL and Celery workers, every seat a computer
novice playing through the platform's own services: how long seating takes, how long
each round and the whole tournament take, how many moves a second the platform plays,
and whether the ledger is exact at the end.

Run from the repository root::

    .venv/bin/python benchmarks/tournament.py [--entrants 1024] [--seats 4] [--leaves durak] [--concurrency 2]

It recreates a PostgreSQL database (``DATABASE_URL`` + ``_tournament``, default
``postgres://postgres@127.0.0.1:5432/durak_bench_tournament``), starts a private Redis on a
free loopback port (the channel layer, the cache and the broker) and one Celery worker
(prefork, ``--concurrency`` processes) that loads ``benchmarks/tournament_bots.py``. This
process then makes the entrants (guests with their welcome coins), the organiser's
tournament (entry fee 10, rake 5 %, payouts by the field's size) and every entry through
the services; the last entry starts it, and from then on everything happens in the worker:
each move's commit enqueues the next seat's novice move, each table's last move closes its
round when it is the round's last, which seats and deals the next round.

It prints, round by round, the players, tables and byes, the seating time and the time
from the round's opening to its close; then the whole run, the moves and moves a second,
and the ledger check (every transfer and the whole ledger sum to zero, the pool is empty,
the prizes add up to the pool). Targets: seating <= 1 s per round; the ledger exact.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.harness.stack import RedisServer, Stack, recreate_database  # noqa: E402

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/durak_bench"
SEATING_TARGET_MS = 1000.0


def _django(stack: Stack) -> None:
    os.environ.update(stack.env())
    import django

    django.setup()
    import benchmarks.tournament_bots  # noqa: F401  (the bots' hook, here too: round 1 is dealt here)


def _field(entrants: int, seats: int, leaves: str) -> Any:
    from accounts.services import guest_create
    from tournaments import services

    started = time.perf_counter()
    people = [guest_create()[0] for _ in range(entrants)]
    for person in people:
        services.wallet_welcome(player=person)
    organiser = people[0]
    tournament = services.tournament_create(organiser=organiser, data={
        "name": f"Benchmark {entrants}", "format": "elimination", "rules": {"players": seats, "deck": 36},
        "entry_fee": 10, "rake_percent": 5, "min_entrants": 2, "max_entrants": entrants, "timer": 600,
        "spectator_delay": 0, "leaves": leaves})
    made = time.perf_counter()
    for person in people:
        services.tournament_join(tournament_id=tournament.pk, player=person)
    print(f"{entrants} entrants made in {made - started:.1f} s; entries (the last one seats and deals round 1) "
          f"{time.perf_counter() - made:.1f} s")
    return tournament


def _detail_time(tournament_id: int) -> None:
    """How long the tournament's page data takes with round 1's tables all in play."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from tournaments import selectors
    from tournaments.models import Table

    tables = Table.objects.filter(tournament_id=tournament_id).count()
    times = []
    for _ in range(5):
        began = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            selectors.tournament_detail(selectors.tournament_get(tournament_id), None)
        times.append((time.perf_counter() - began) * 1000)
        count = len(queries.captured_queries)
    reset_queries()
    print(f"the tournament's detail (the page's data) with {tables} tables: {min(times):.1f} ms best of 5, "
          f"{count} queries")


def _wait(tournament_id: int, limit_s: float) -> float:
    from tournaments.models import Round, Tournament

    began = time.monotonic()
    shown = 0
    while time.monotonic() - began < limit_s:
        tournament = Tournament.objects.get(pk=tournament_id)
        closed = list(Round.objects.filter(tournament_id=tournament_id, closed_at__isnull=False).order_by("number"))
        for round_ in closed[shown:]:
            _round_line(round_)
        shown = len(closed)
        if tournament.status != Tournament.Status.RUNNING:
            return time.monotonic() - began
        time.sleep(1.0)
    raise RuntimeError(f"the tournament was still running after {limit_s:.0f} s")


def _round_line(round_: Any) -> None:
    from tournaments.models import Table

    tables = list(Table.objects.filter(tournament_id=round_.tournament_id, round=round_.number))
    players = sum(len(t.players) for t in tables) + len(round_.byes)
    took = (round_.closed_at - round_.opened_at).total_seconds()
    print(f"  round {round_.number:2d}{' final' if round_.final else '      '}  {players:5d} players"
          f"  {len(tables):4d} tables  {len(round_.byes):2d} byes  seating {round_.seating_ms:7.1f} ms"
          f"  round {took:7.1f} s")


def _report(tournament_id: int, wall: float) -> bool:
    from games.models import GameEvent
    from tournaments import ledger
    from tournaments.models import Round, Tournament
    from tournaments.prizes import pool

    tournament = Tournament.objects.get(pk=tournament_id)
    rounds = list(Round.objects.filter(tournament=tournament))
    moves = GameEvent.objects.filter(game__tournament_table__tournament=tournament, actor_seat__isnull=False).count()
    events = GameEvent.objects.filter(game__tournament_table__tournament=tournament).count()
    worst = max(r.seating_ms for r in rounds)
    prizes = sum(row["prize"] for row in tournament.standings or [])
    pool_left = ledger.balance(ledger.pool(tournament))
    money = pool(entry_fee=tournament.entry_fee, entrants=tournament.entries.count(),
                 rake_percent=tournament.rake_percent, added_prize=tournament.added_prize,
                 guarantee=tournament.guarantee)
    exact = (ledger.total_sum() == 0 and not ledger.unbalanced_transfers() and pool_left == 0
             and prizes == money.total)
    print(f"\n{tournament.status}: {len(rounds)} rounds in {wall:.1f} s ({wall / 60:.1f} min), "
          f"{moves} moves ({events} events): {moves / wall:.1f} moves/s")
    print(f"seating: worst {worst:.1f} ms a round (target <= {SEATING_TARGET_MS:.0f} ms): "
          f"{'met' if worst <= SEATING_TARGET_MS else 'MISSED'}")
    print(f"ledger: every transfer balanced, whole ledger {ledger.total_sum()}, pool left {pool_left}, "
          f"prizes {prizes}: {'exact' if exact else 'NOT EXACT'}")
    winners = [row for row in tournament.standings or [] if row["place"] == 1]
    print(f"winner(s): {', '.join(row['name'] for row in winners)}")
    return tournament.status == Tournament.Status.FINISHED and exact and worst <= SEATING_TARGET_MS


def main(args: argparse.Namespace) -> int:
    database_url = args.database_url + "_tournament"
    recreate_database(database_url)
    with tempfile.TemporaryDirectory(prefix="durak-bench-tournament-") as tmp:
        redis = RedisServer(Path(tmp))
        stack = Stack(Path(tmp), database_url=database_url, redis_url=redis.url(0), broker_url=redis.url(1),
                      env={"DURAK_LIVE_SWEEP_EVERY": "3600"})
        redis.start()
        try:
            stack.migrate()
            stack.start_worker(concurrency=args.concurrency, include=("benchmarks.tournament_bots",))
            print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{n:.1f}' for n in os.getloadavg())}; "
                  f"{args.entrants} entrants at tables of {args.seats}, '{args.leaves}' leaves each table; "
                  f"a Celery worker of {args.concurrency} processes")
            _django(stack)
            began = time.monotonic()
            tournament = _field(args.entrants, args.seats, args.leaves)
            _detail_time(tournament.pk)
            _wait(tournament.pk, args.limit_minutes * 60)
            wall = time.monotonic() - began
            ok = _report(tournament.pk, wall)
            print(f"load average now {' '.join(f'{n:.1f}' for n in os.getloadavg())}")
            return 0 if ok else 1
        finally:
            stack.stop()
            redis.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=1024)
    parser.add_argument("--seats", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--leaves", default="durak", choices=["durak", "half"])
    parser.add_argument("--concurrency", type=int, default=2, help="the Celery worker's processes")
    parser.add_argument("--limit-minutes", type=float, default=120.0, help="give up after this long")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL))
    sys.exit(main(parser.parse_args()))
