"""Arena: computer levels against each other and against two fixed baselines.

One command (from the repository root)::

    .venv/bin/python benchmarks/arena.py [--games N] [--master-games M] [--budget-ms B]
                                         [--pairings SPEC ...] [--workers W] [--seed S]
                                         [--master-work PLAYOUTS] [--record FILE]

A pairing ``a:b@variant`` plays N fresh deals between levels ``a`` and ``b`` at two seats
(36 cards), alternating who sits first; pairings with ``master`` play M games. A table
``a,b,c,d@variant`` seats four levels and rotates them round the table each game. Variants:
``podkidnoy``, ``perevodnoy``. Games run in parallel over ``--workers`` processes (default:
every core). Every move goes through ``choose_action`` and is checked by the engine's
``decide``. When several seats may act at once, one of them is picked at random.

The table prints, for the first level of a pairing (or each level at a table): wins
(another seat is the durak), losses (durak, or on the losing team), draws, each with a 95%
Wilson interval, and the mean and worst milliseconds per move of each level.

``--record FILE`` appends every game's outcome as a JSON line. Two runs with the same
``--seed`` play the same deals with the same random streams, so a game differs between
them only where a level's code (or, for the master, its clock) made another choice:
``benchmarks/compare.py A B`` pairs the games and gives the difference with its interval,
far tighter than comparing two win rates. The master's budget is the clock, which cuts its
searches at points that vary from run to run (two runs of the same code differed in 29 of
100 games); ``--master-work P`` bounds it by P playouts a move instead, so that the same
code plays the same games and only a change's own choices move the result.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engine import Rules, actors, apply, decide, replay, shuffled_deck, start  # noqa: E402
from games.engine.ai import choose_action  # noqa: E402

DEFAULT_PAIRINGS = (
    "experienced:random@podkidnoy", "experienced:novice@podkidnoy", "experienced:greedy@podkidnoy",
    "greedy:random@podkidnoy", "novice:random@podkidnoy",
    "master:greedy@podkidnoy", "master:experienced@podkidnoy",
    "experienced:random@perevodnoy", "experienced:novice@perevodnoy", "experienced:greedy@perevodnoy",
    "greedy:random@perevodnoy",
    "master:greedy@perevodnoy", "master:experienced@perevodnoy",
    "experienced,greedy,novice,random@podkidnoy",
)


@dataclass
class Tally:
    games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    losses: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    draws: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    seats: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    ms: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    moves: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    worst: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    # One row per game for ``--record``: the game's number and each seat's level and score.
    records: list[dict[str, object]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Add other's counts; its records stay with it (the pairing's total only counts)."""
        self.games += other.games
        for name in ("wins", "losses", "draws", "seats", "ms", "moves"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for key, value in theirs.items():
                mine[key] += value
        for key, value in other.worst.items():
            self.worst[key] = max(self.worst[key], value)


def play_game(rules: Rules, levels: list[str], seed: int, budget_ms: int | None, work: int | None = None) -> Tally:
    rng = random.Random(seed)
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    tally = Tally(games=1)
    for _ in range(5000):
        seats = actors(state)
        if not seats:
            break
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        level = levels[seat]
        began = time.perf_counter()
        action = choose_action(state, seat, level, seed=rng.getrandbits(32), budget_ms=budget_ms,
                               history=events, work=work)
        spent = (time.perf_counter() - began) * 1000
        tally.ms[level] += spent
        tally.moves[level] += 1
        tally.worst[level] = max(tally.worst[level], spent)
        for event in decide(state, seat, action):
            state = apply(state, event)
            events.append(event)
    result = state.result
    if result is None:
        raise RuntimeError(f"game {seed} did not finish")
    scores = []
    for seat, level in enumerate(levels):
        tally.seats[level] += 1
        if result.draw:
            tally.draws[level] += 1
            scores.append(0.5)
        elif seat in result.losers:
            tally.losses[level] += 1
            scores.append(0.0)
        else:
            tally.wins[level] += 1
            scores.append(1.0)
    tally.records.append({"seed": seed, "levels": levels, "scores": scores, "result": result.payload()})
    return tally


def parse(spec: str) -> tuple[list[str], str]:
    who, _, variant = spec.partition("@")
    variant = variant or "podkidnoy"
    levels = who.replace(":", ",").split(",")
    return levels, variant


def run_chunk(args: tuple[str, list[int], int | None, int, int | None]) -> Tally:
    spec, games, budget_ms, base_seed, work = args
    levels, variant = parse(spec)
    n = len(levels)
    rules = Rules(variant=variant, players=n)
    total = Tally()
    for game in games:
        shift = game % n
        seated = levels[shift:] + levels[:shift]  # alternate/rotate seats each game
        tally = play_game(rules, seated, base_seed * 1_000_003 + game, budget_ms, work)
        for record in tally.records:
            record.update(pairing=spec, game=game)
        total.add(tally)
        total.records.extend(tally.records)
    return total


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(centre - half, 0.0), min(centre + half, 1.0)


def fmt(k: int, n: int) -> str:
    p, lo, hi = wilson(k, n)
    return f"{100 * p:5.1f} [{100 * lo:4.1f},{100 * hi:5.1f}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (default 2000)")
    parser.add_argument("--master-games", type=int, default=300, help="games per pairing with master (default 300)")
    parser.add_argument("--budget-ms", type=int, default=None, help="master's time per move (default: its own, 1000)")
    parser.add_argument("--pairings", nargs="+", default=list(DEFAULT_PAIRINGS))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--master-work", type=int, default=None, metavar="PLAYOUTS",
                        help="bound the master by this many playouts a move instead of the clock "
                             "(repeatable runs for compare.py; about 4000 match the default second's cut-off)")
    parser.add_argument("--record", metavar="FILE", default=None,
                        help="also write one JSON line per game (pairing, game, seed, levels by seat, scores) "
                             "to FILE as each chunk of games ends, for benchmarks/compare.py")
    args = parser.parse_args(argv)
    if args.master_work is not None and args.master_work < 1:
        parser.error("--master-work must be at least 1 playout")

    budget = f"{args.budget_ms} ms" if args.budget_ms else "default (1000 ms)"
    if args.master_work:
        budget = f"{args.master_work} playouts a move (no clock)"
    print(f"arena: 36 cards, seats alternated, fresh deals, {args.workers} workers, master budget {budget}")
    header = (f"{'pairing':<34} {'level':<12} {'games':>5}  {'win % [95% CI]':<19} {'loss % [95% CI]':<19} "
              f"{'draw % [95% CI]':<19} {'ms/move':>8} {'worst ms':>9}")
    print(header)
    print("-" * len(header))
    with multiprocessing.Pool(args.workers) as pool:
        for spec in args.pairings:
            levels, _ = parse(spec)
            count = args.master_games if "master" in levels else args.games
            size = max(1, min(25, count // (4 * args.workers)))
            chunks = [(spec, list(range(i, min(i + size, count))), args.budget_ms, args.seed, args.master_work)
                      for i in range(0, count, size)]
            began = time.perf_counter()
            total = Tally()
            for part in pool.imap_unordered(run_chunk, chunks):
                total.add(part)
                if args.record:  # as each chunk ends: a long run stopped early keeps what it played
                    with open(args.record, "a", encoding="utf-8") as out:
                        for record in part.records:
                            out.write(json.dumps(record) + "\n")
            wall = time.perf_counter() - began
            shown = levels[:1] if len(levels) == 2 else list(dict.fromkeys(levels))
            for level in shown:
                n = total.seats[level]
                print(f"{spec:<34} {level:<12} {n:>5}  {fmt(total.wins[level], n):<19} "
                      f"{fmt(total.losses[level], n):<19} {fmt(total.draws[level], n):<19} "
                      f"{total.ms[level] / max(total.moves[level], 1):>8.2f} {total.worst[level]:>9.1f}")
                if len(levels) == 2:
                    other = levels[1]
                    print(f"{'':<34} {'  vs ' + other:<12} {'':>5}  {'':<19} {'':<19} {'':<19} "
                          f"{total.ms[other] / max(total.moves[other], 1):>8.2f} {total.worst[other]:>9.1f}")
            print(f"{'':<34} ({wall:.0f} s wall)")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
