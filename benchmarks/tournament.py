"""A whole elimination tournament on PostgreSQL and Celery workers, every seat a computer
novice playing through the platform's own services: how long seating takes, how long
each round and the whole tournament take, how many moves a second the platform plays,
and whether the ledger is exact at the end.

Run from the repository root::

    .venv/bin/python benchmarks/tournament.py [--entrants 1024] [--seats 4] [--leaves durak] [--concurrency 2] [--pool prefork|solo|sharded]

It recreates a PostgreSQL database (``DATABASE_URL`` + ``_tournament``, default
``postgres://postgres@127.0.0.1:5432/durak_bench_tournament``), starts a private Redis on a
free loopback port (the channel layer, the cache and the broker) and one Celery worker
(prefork, ``--concurrency`` processes; ``solo``: that many workers of one process;
``sharded``: those, each with a table queue of its own, ``DURAK_TABLE_QUEUES``) that loads
``benchmarks/tournament_bots.py``. This process then makes the entrants (registered
accounts with their welcome coins), the organiser's tournament (entry fee 10, rake 5 %,
payouts by the field's size) and every entry through the services; the last entry starts
it, and from then on everything happens in the worker: each move's commit enqueues the next
seat's novice move, each table's last move closes its round when it is the round's last,
which seats and deals the next round.

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
    from django.conf import settings

    from accounts.services import player_register
    from coins import services as coin_services
    from tournaments import services

    # Welcome coins and prize tournaments are for registered accounts: the entrants register
    # through the accounts service, with the fastest password hasher (this process only: a
    # strong hash of 1,024 throwaway passwords would time the hasher, not the tournament).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    started = time.perf_counter()
    people = [player_register(username=f"Бот {n:04d}", password="kozyrnaya-dama-bench")[0]
              for n in range(entrants)]
    for person in people:
        coin_services.wallet_welcome(player=person)
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
    from coins import ledger
    from games.models import GameEvent
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
    exact = (ledger.total_sum() == 0 and not ledger.unbalanced_movements() and pool_left == 0
             and prizes == money.total)
    print(f"\n{tournament.status}: {len(rounds)} rounds in {wall:.1f} s ({wall / 60:.1f} min), "
          f"{moves} moves ({events} events): {moves / wall:.1f} moves/s")
    print(f"seating: worst {worst:.1f} ms a round (target <= {SEATING_TARGET_MS:.0f} ms): "
          f"{'met' if worst <= SEATING_TARGET_MS else 'MISSED'}")
    print(f"ledger: every transfer balanced, whole ledger {ledger.total_sum()}, pool left {pool_left}, "
          f"prizes {prizes}: {'exact' if exact else 'NOT EXACT'}")
    winners = [row for row in tournament.standings or [] if row["place"] == 1]
    print(f"winner(s): {', '.join(row['name'] for row in winners)}")
    return (tournament.status == Tournament.Status.FINISHED and exact and worst <= SEATING_TARGET_MS
            and len(winners) == 1)


# --- the arena -----------------------------------------------------------------------------------

WAIT_TARGET_S = 1.0


def _arena_field(entrants: int, seats: int, minutes: int) -> Any:
    """The players (registered, with their welcome coins) and an arena of ``minutes`` (entry
    fee 10, rake 5 %); the last entry starts it and seats everyone."""
    from django.conf import settings

    from accounts.services import player_register
    from coins import services as coin_services
    from tournaments import services

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # as ``_field``: this process only
    started = time.perf_counter()
    people = [player_register(username=f"Арена {n:04d}", password="kozyrnaya-dama-bench")[0]
              for n in range(entrants)]
    for person in people:
        coin_services.wallet_welcome(player=person)
    tournament = services.tournament_create(organiser=people[0], data={
        "name": f"Arena {entrants}", "format": "arena", "duration": minutes, "rules": {"players": seats, "deck": 36},
        "entry_fee": 10, "rake_percent": 5, "min_entrants": 2, "max_entrants": entrants, "timer": 600,
        "spectator_delay": 0})
    made = time.perf_counter()
    for person in people:
        services.tournament_join(tournament_id=tournament.pk, player=person)
    print(f"{entrants} players made in {made - started:.1f} s; entries (the last one seats everyone) "
          f"{time.perf_counter() - made:.1f} s")
    return tournament


def _arena_wait(tournament_id: int, limit_s: float) -> float:
    from tournaments.models import Entry, Round, Table, Tournament

    began = time.monotonic()
    shown = 0.0
    while time.monotonic() - began < limit_s:
        tournament = Tournament.objects.get(pk=tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            return time.monotonic() - began
        if time.monotonic() - shown >= 30:
            shown = time.monotonic()
            playing = Table.objects.filter(tournament_id=tournament_id, counted_at__isnull=True).count()
            print(f"  {time.monotonic() - began:6.0f} s  seatings {Round.objects.filter(tournament_id=tournament_id).count():5d}"
                  f"  tables in play {playing:4d}  waiting "
                  f"{Entry.objects.filter(tournament_id=tournament_id, waiting_since__isnull=False).count():4d}"
                  f"  load {os.getloadavg()[0]:.1f}")
        time.sleep(1.0)
    raise RuntimeError(f"the arena was still running after {limit_s:.0f} s")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def _arena_report(tournament_id: int, wall: float) -> bool:
    """Waits from a table's end (the player free) to the player's next table being dealt,
    over every reseating before the time was up; seating time per seating; the ledger."""
    from coins import ledger
    from games.models import GameEvent
    from tournaments import entry as late
    from tournaments.models import Round, Table, Tournament

    tournament = Tournament.objects.get(pk=tournament_id)
    tables = list(Table.objects.filter(tournament=tournament).select_related("game")
                  .only("players", "counted_at", "game__created_at").order_by("game__created_at"))
    ends_at = tournament.ends_at
    assert ends_at is not None
    free_since: dict[int, Any] = {}
    waits: list[float] = []
    for table in tables:
        for player in table.players:
            if player in free_since:
                waits.append((table.game.created_at - free_since.pop(player)).total_seconds())
        for player in table.players:
            if table.counted_at is not None and table.counted_at < ends_at:
                free_since[player] = table.counted_at
    seatings = list(Round.objects.filter(tournament=tournament).values_list("seating_ms", flat=True))
    moves = GameEvent.objects.filter(game__tournament_table__tournament=tournament, actor_seat__isnull=False).count()
    prizes = sum(row["prize"] for row in tournament.standings or [])
    pool_left = ledger.balance(ledger.pool(tournament))
    money = late.money(tournament)
    exact = (ledger.total_sum() == 0 and not ledger.unbalanced_movements() and pool_left == 0
             and prizes == money.total)
    p99 = _percentile(waits, 0.99)
    worst_seating = max(seatings, default=0.0)
    print(f"\n{tournament.status}: {len(seatings)} seatings, {len(tables)} tables, {moves} moves in {wall:.1f} s "
          f"({moves / wall:.1f} moves/s)")
    print(f"reseated {len(waits)} times: wait p50 {_percentile(waits, 0.5):.2f} s, p99 {p99:.2f} s, "
          f"max {max(waits, default=0.0):.2f} s (target p99 <= {WAIT_TARGET_S:.0f} s): "
          f"{'met' if p99 <= WAIT_TARGET_S else 'MISSED'}")
    print(f"seating: median {_percentile(seatings, 0.5):.1f} ms, worst {worst_seating:.1f} ms a seating "
          f"(target <= {SEATING_TARGET_MS:.0f} ms): {'met' if worst_seating <= SEATING_TARGET_MS else 'MISSED'}")
    print(f"ledger: every transfer balanced, whole ledger {ledger.total_sum()}, pool left {pool_left}, "
          f"prizes {prizes} of {money.total}: {'exact' if exact else 'NOT EXACT'}")
    winners = [row for row in tournament.standings or [] if row["place"] == 1]
    print(f"winner: {', '.join(row['name'] for row in winners)} ({len(winners)} in first place)")
    return (tournament.status == Tournament.Status.FINISHED and exact and p99 <= WAIT_TARGET_S
            and worst_seating <= SEATING_TARGET_MS and len(winners) == 1)


def _workers(args: argparse.Namespace) -> str:
    if args.pool == "sharded":
        return f"{args.concurrency} Celery workers of one process each (solo), each table's turns on one of them"
    if args.pool == "solo":
        return f"{args.concurrency} Celery workers of one process each (solo)"
    return f"a Celery worker of {args.concurrency} processes (prefork)"


def main_arena(args: argparse.Namespace, stack: Stack) -> int:
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{n:.1f}' for n in os.getloadavg())}; "
          f"an arena of {args.minutes} minutes for {args.entrants} players at tables of {args.seats}; "
          f"{_workers(args)}; the arena's own clock (real time)")
    tournament = _arena_field(args.entrants, args.seats, args.minutes)
    began = time.monotonic()
    _arena_wait(tournament.pk, args.minutes * 60 + args.limit_minutes * 60)
    wall = time.monotonic() - began
    ok = _arena_report(tournament.pk, wall)
    print(f"load average now {' '.join(f'{n:.1f}' for n in os.getloadavg())}")
    return 0 if ok else 1


def main(args: argparse.Namespace) -> int:
    database_url = args.database_url + "_tournament"
    recreate_database(database_url)
    with tempfile.TemporaryDirectory(prefix="durak-bench-tournament-") as tmp:
        redis = RedisServer(Path(tmp))
        sharded = args.pool == "sharded"
        stack = Stack(Path(tmp), database_url=database_url, redis_url=redis.url(0), broker_url=redis.url(1),
                      env={"DURAK_LIVE_SWEEP_EVERY": "3600", "DURAK_TABLE_QUEUES": str(args.concurrency if sharded else 0)})
        redis.start()
        try:
            stack.migrate()
            bots = ("benchmarks.tournament_bots",)
            _django(stack)
            if sharded:
                # One process a worker, each with a table queue of its own beside the shared one.
                from django.conf import settings

                from games.tasks import table_queue

                shared = settings.CELERY_TASK_DEFAULT_QUEUE
                stack.start_worker(pool="solo", concurrency=1, include=bots, queues=(shared, table_queue(0)))
                stack.start_more_workers(args.concurrency - 1, include=bots,
                                         queues=lambda n: (shared, table_queue(n + 1)))
            elif args.pool == "solo":
                # One process a worker: the first also runs beat.
                stack.start_worker(pool="solo", concurrency=1, include=bots)
                stack.start_more_workers(args.concurrency - 1, include=bots)
            else:
                stack.start_worker(concurrency=args.concurrency, include=bots)
            if args.format == "arena":
                return main_arena(args, stack)
            print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{n:.1f}' for n in os.getloadavg())}; "
                  f"{args.entrants} entrants at tables of {args.seats}, '{args.leaves}' leaves each table; "
                  f"{_workers(args)}")
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
    parser.add_argument("--format", default="elimination", choices=["elimination", "arena"])
    parser.add_argument("--minutes", type=int, default=20, help="the arena's duration")
    parser.add_argument("--entrants", type=int, default=1024)
    parser.add_argument("--seats", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--leaves", default="durak", choices=["durak", "half"])
    parser.add_argument("--concurrency", type=int, default=2,
                        help="the Celery worker's processes (with --pool solo: that many workers of one process)")
    parser.add_argument("--pool", default="prefork", choices=["prefork", "solo", "sharded"],
                        help="sharded: solo workers, each table's bot turns always on the same one")
    parser.add_argument("--limit-minutes", type=float, default=120.0, help="give up after this long")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL))
    sys.exit(main(parser.parse_args()))
