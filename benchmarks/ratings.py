"""Ratings: how well openskill's Plackett–Luce and the old pairwise Elo tell strong players
from weak ones, from games at 2 and 4 seats between computer levels posing as people.

One command (from the repository root)::

    .venv/bin/python benchmarks/ratings.py [--games 3000] [--copies 2] [--held-out 0.2]
                                           [--levels experienced,greedy,novice,random]
                                           [--workers 1] [--seed 1]

Each level plays as ``--copies`` players of its own (``experienced#1``, ``experienced#2``,
...), so two players of one strength meet too. Every game draws a table of 2 or 4 seats
(half each) from those players at random and plays a fresh deal to the end with the
arena's game loop (``arena.play_game``: the engine checks every move). The first
``1 - held_out`` of the games, in order, feed both rating systems exactly as the platform
would (the order of going out as the ranking, ``games.places.table_order``); the rest are
held out: the ratings stay frozen and predict them.

Reported:

- **the final ordering** of each system (the number a person sees), and whether every
  player of a stronger level ends above every player of a weaker one (the levels' strength
  is the arena's: experienced > greedy > novice > random, benchmarks/README.md);
- **held-out prediction**, over every pair of seats at a held-out table that did not
  finish tied: how often the system's favourite finished ahead (pairwise accuracy), and
  the log-loss and Brier score of its probability that the first of the pair finishes
  ahead (a coin: 0.693 and 0.25). Plackett–Luce's probability is openskill's
  ``predict_win`` of the two; Elo's the usual 1 / (1 + 10^(-d/400)).

The old Elo is the platform's before openskill (K 40 for a player's first 30 games, then
20, from 1500), made pairwise for tables of more than two: each pair of seats is a game of
its own, scored 1 / ½ / 0 by who finished ahead, and each player's K is shared among its
n - 1 opponents.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.arena import play_game  # noqa: E402
from games.engine import Rules  # noqa: E402
from games.places import table_order  # noqa: E402
from ratings.skill import MODEL, Skill, displayed, rate  # noqa: E402

STRENGTH = ("experienced", "greedy", "novice", "random")  # strongest first (the arena's figures)
K_NEW, K_SETTLED, SETTLED_AFTER, ELO_START = 40, 20, 30, 1500.0

Table = tuple[tuple[str, ...], tuple[int, ...]]  # players by seat, and each seat's rank (1 the best)


def _ranks(players: int, result: dict[str, object]) -> tuple[int, ...]:
    order = table_order(range(players), result)
    place_of = {seat: index for index, group in enumerate(order) for seat in group}
    return tuple(1 + sum(place_of[o] < place_of[s] for o in range(players)) for s in range(players))


def _play(job: tuple[int, tuple[str, ...], int]) -> Table:
    number, seated, seed = job
    rules = Rules(variant="podkidnoy", players=len(seated))
    levels = [player.split("#")[0] for player in seated]
    tally = play_game(rules, levels, seed * 1_000_003 + number, budget_ms=None)
    return seated, _ranks(len(seated), tally.records[0]["result"])  # type: ignore[arg-type]


def schedule(players: Sequence[str], games: int, seed: int) -> list[tuple[int, tuple[str, ...], int]]:
    rng = random.Random(seed)
    return [(n, tuple(rng.sample(list(players), 2 if n % 2 == 0 else 4)), seed) for n in range(games)]


class PL:
    name = "Plackett-Luce"

    def __init__(self) -> None:
        self.skill: dict[str, Skill] = defaultdict(Skill)

    def update(self, table: Table) -> None:
        seated, ranks = table
        after = rate([[self.skill[p]] for p in seated], ranks)
        for player, team in zip(seated, after, strict=True):
            self.skill[player] = team[0]

    def ahead(self, a: str, b: str) -> float:
        sa, sb = self.skill[a], self.skill[b]
        return float(MODEL.predict_win([[MODEL.rating(mu=sa.mu, sigma=sa.sigma)],
                                        [MODEL.rating(mu=sb.mu, sigma=sb.sigma)]])[0])

    def shown(self, player: str) -> float:
        return displayed(self.skill[player].mu, self.skill[player].sigma)


class Elo:
    name = "Elo (pairwise)"

    def __init__(self) -> None:
        self.value: dict[str, float] = defaultdict(lambda: ELO_START)
        self.games: dict[str, int] = defaultdict(int)

    def ahead(self, a: str, b: str) -> float:
        return 1.0 / (1.0 + 10 ** ((self.value[b] - self.value[a]) / 400.0))

    def update(self, table: Table) -> None:
        seated, ranks = table
        n = len(seated)
        gain = dict.fromkeys(seated, 0.0)
        for i, j in itertools.permutations(range(n), 2):
            a, b = seated[i], seated[j]
            score = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            k = K_NEW if self.games[a] < SETTLED_AFTER else K_SETTLED
            gain[a] += k / (n - 1) * (score - self.ahead(a, b))
        for player in seated:
            self.value[player] += gain[player]
            self.games[player] += 1

    def shown(self, player: str) -> float:
        return round(self.value[player])


def judge(system: PL | Elo, held_out: Sequence[Table]) -> dict[str, float]:
    right = loss = brier = 0.0
    pairs = 0
    for seated, ranks in held_out:
        for i, j in itertools.combinations(range(len(seated)), 2):
            if ranks[i] == ranks[j]:
                continue
            p = min(max(system.ahead(seated[i], seated[j]), 1e-9), 1 - 1e-9)
            won = ranks[i] < ranks[j]
            right += 0.5 if p == 0.5 else float((p > 0.5) == won)
            loss -= math.log(p if won else 1 - p)
            brier += (p - float(won)) ** 2
            pairs += 1
    return {"pairs": pairs, "accuracy": right / pairs, "log_loss": loss / pairs, "brier": brier / pairs}


def ordered(system: PL | Elo, players: Sequence[str], levels: Sequence[str]) -> tuple[list[str], bool]:
    """Players best first by the shown number, and whether every stronger level's players
    all stand above every weaker level's."""
    board = sorted(players, key=lambda p: -system.shown(p))
    strength = {level: i for i, level in enumerate(sorted(levels, key=STRENGTH.index))}
    ranks = [strength[p.split("#")[0]] for p in board]
    return board, ranks == sorted(ranks)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--copies", type=int, default=2, help="players per level")
    parser.add_argument("--held-out", type=float, default=0.2, help="the last share of games, predicted")
    parser.add_argument("--levels", default=",".join(STRENGTH))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    if any(level not in STRENGTH for level in levels) or len(set(levels)) != len(levels):
        parser.error(f"--levels: distinct ones of {', '.join(STRENGTH)}")
    players = [f"{level}#{copy}" for level in levels for copy in range(1, args.copies + 1)]
    if len(players) < 4:
        parser.error("at least 4 players are needed for the 4-seat tables")
    began = time.perf_counter()
    jobs = schedule(players, args.games, args.seed)
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            tables = pool.map(_play, jobs, chunksize=8)
    else:
        tables = [_play(job) for job in jobs]
    played = time.perf_counter() - began
    cut = round(len(tables) * (1 - args.held_out))
    train, held_out = tables[:cut], tables[cut:]
    print(f"ratings benchmark: {len(tables)} podkidnoy games (half at 2 seats, half at 4) between {len(players)} "
          f"players ({args.copies} per level), seed {args.seed}; {len(train)} rate, {len(held_out)} held out; "
          f"played in {played:.0f} s")
    for system in (PL(), Elo()):
        for table in train:
            system.update(table)
        board, right = ordered(system, players, levels)
        scores = judge(system, held_out)
        by_size = {size: judge(system, [t for t in held_out if len(t[0]) == size]) for size in (2, 4)}
        print(f"\n{system.name}")
        print("  final ordering: " + ", ".join(f"{p} {system.shown(p):.0f}" for p in board))
        print(f"  stronger levels all above weaker ones: {'yes' if right else 'NO'}")
        print(f"  held-out pairs {scores['pairs']}: accuracy {100 * scores['accuracy']:.1f}%, "
              f"log-loss {scores['log_loss']:.4f}, Brier {scores['brier']:.4f}")
        for size, part in by_size.items():
            print(f"    at {size} seats ({part['pairs']} pairs): accuracy {100 * part['accuracy']:.1f}%, "
                  f"log-loss {part['log_loss']:.4f}, Brier {part['brier']:.4f}")
    print(f"\n(a coin: accuracy 50%, log-loss 0.6931, Brier 0.2500; {time.perf_counter() - began:.0f} s in all)")


if __name__ == "__main__":
    main()
