"""Ratings: how well openskill's Plackett–Luce and the old pairwise Elo tell strong players
from weak ones, from games at 2 and 4 seats between computer levels posing as people.

One command (from the repository root)::

    .venv/bin/python benchmarks/ratings.py [--games 3000] [--copies 2] [--held-out 0.2]
                                           [--levels experienced,greedy,novice,random]
                                           [--workers 1] [--seed 1] [--save FILE | --load FILE]

Each level plays as ``--copies`` players of its own (``experienced#1``, ``experienced#2``,
...), so two players of one strength meet too. Every game draws a table of 2 or 4 seats
(half each) from those players at random and plays a fresh deal to the end with the
arena's game loop (``arena.play_game``: the engine checks every move). The first
``1 - held_out`` of the games, in order, feed both rating systems exactly as the platform
would (the order of going out as the ranking, ``games.places.table_order``); the rest are
held out: the ratings stay frozen and predict them.

Reported:

- **the levels' real order under this ranking**: how often a player of each level finished
  ahead of one of each other level, at 2 and at 4 seats (at two seats it is the arena's
  experienced > greedy > novice > random; at four, going out early is what counts, and the
  greedy level, which sheds cards fastest, holds its own against the experienced one);
- **the final ordering** of each system (the number a person sees), whether the levels'
  mean ratings come in that real order, and whether every player of a level ends above
  every player of each level it finishes ahead of in at least 60% of their meetings;
- **held-out prediction**, over every pair of seats at a held-out table that did not
  finish tied: how often the system's favourite finished ahead (pairwise accuracy), and
  the log-loss and Brier score of its probability that the first of the pair finishes
  ahead (a coin: 0.693 and 0.25). Plackett–Luce's probability is given twice: openskill's
  ``predict_win`` of the two (a normal CDF over 2 beta^2, steeper than the model it rates
  with), and the model's own (``PLOwn``); Elo's is the usual 1 / (1 + 10^(-d/400)).

The old Elo is the platform's before openskill (K 40 for a player's first 30 games, then
20, from 1500), made pairwise for tables of more than two: each pair of seats is a game of
its own, scored 1 / ½ / 0 by who finished ahead, and each player's K is shared among its
n - 1 opponents.
"""

from __future__ import annotations

import argparse
import itertools
import json
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

STRENGTH = ("experienced", "greedy", "novice", "random")  # strongest first at two seats (the arena's figures)
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

    def ahead(self, a: str, b: str, table: Sequence[str] = ()) -> float:
        """openskill's ``predict_win`` of the two (a normal CDF over 2 beta^2 + both variances)."""
        sa, sb = self.skill[a], self.skill[b]
        return float(MODEL.predict_win([[MODEL.rating(mu=sa.mu, sigma=sa.sigma)],
                                        [MODEL.rating(mu=sb.mu, sigma=sb.sigma)]])[0])

    def shown(self, player: str) -> float:
        return displayed(self.skill[player].mu, self.skill[player].sigma)


class PLOwn(PL):
    """The same ratings, with the model's own pairwise probability: under Plackett–Luce the
    chance that a finishes ahead of b at a table is the Bradley–Terry one,
    1 / (1 + exp((mu_b - mu_a) / c)), with the c of that table (the square root of the sum,
    over its seats, of sigma^2 + beta^2), the c its updates used."""

    name = "Plackett-Luce, its own probability"

    def ahead(self, a: str, b: str, table: Sequence[str] = ()) -> float:
        seats = table or (a, b)
        c = math.sqrt(sum(self.skill[p].sigma ** 2 + MODEL.beta ** 2 for p in seats))
        return 1.0 / (1.0 + math.exp((self.skill[b].mu - self.skill[a].mu) / c))


class Elo:
    name = "Elo (pairwise)"

    def __init__(self) -> None:
        self.value: dict[str, float] = defaultdict(lambda: ELO_START)
        self.games: dict[str, int] = defaultdict(int)

    def ahead(self, a: str, b: str, table: Sequence[str] = ()) -> float:
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
            p = min(max(system.ahead(seated[i], seated[j], seated), 1e-9), 1 - 1e-9)
            won = ranks[i] < ranks[j]
            right += 0.5 if p == 0.5 else float((p > 0.5) == won)
            loss -= math.log(p if won else 1 - p)
            brier += (p - float(won)) ** 2
            pairs += 1
    return {"pairs": pairs, "accuracy": right / pairs, "log_loss": loss / pairs, "brier": brier / pairs}


def game_losses(system: PL | Elo, held_out: Sequence[Table]) -> list[float]:
    """Each held-out game's summed log-loss over its untied pairs (for a paired comparison)."""
    losses = []
    for seated, ranks in held_out:
        total = 0.0
        for i, j in itertools.combinations(range(len(seated)), 2):
            if ranks[i] != ranks[j]:
                p = min(max(system.ahead(seated[i], seated[j], seated), 1e-9), 1 - 1e-9)
                total -= math.log(p if ranks[i] < ranks[j] else 1 - p)
        losses.append(total)
    return losses


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of a - b per game and the half-width of its 95% interval."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1))
    return mean, 1.96 * spread / math.sqrt(len(diffs))


def head_to_head(tables: Sequence[Table], size: int) -> dict[tuple[str, str], float]:
    """How often a player of level a finished ahead of one of level b at tables of ``size``
    (a tie counts half): what the levels' order really is under this ranking."""
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    met: dict[tuple[str, str], int] = defaultdict(int)
    for seated, ranks in tables:
        if len(seated) != size:
            continue
        for i, j in itertools.permutations(range(size), 2):
            a, b = seated[i].split("#")[0], seated[j].split("#")[0]
            if a != b:
                met[a, b] += 1
                ahead[a, b] += 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
    return {pair: ahead[pair] / met[pair] for pair in met}


def level_order(tables: Sequence[Table], levels: Sequence[str]) -> tuple[list[str], dict[tuple[str, str], float]]:
    """The levels as the games rank them (by how often each finished ahead of the other
    levels, at 2 and 4 seats together), and each pair's rate."""
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    met: dict[tuple[str, str], int] = defaultdict(int)
    for seated, ranks in tables:
        for i, j in itertools.permutations(range(len(seated)), 2):
            a, b = seated[i].split("#")[0], seated[j].split("#")[0]
            if a != b:
                met[a, b] += 1
                ahead[a, b] += 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
    rate = {pair: ahead[pair] / met[pair] for pair in met}
    mean = {a: sum(rate.get((a, b), 0.5) for b in levels if b != a) for a in levels}
    return sorted(levels, key=lambda a: -mean[a]), rate


def ordered(system: PL | Elo, players: Sequence[str], order: Sequence[str],
            rate: dict[tuple[str, str], float], clear: float = 0.6) -> tuple[list[str], list[str], bool]:
    """Players best first by the shown number; the levels by their players' mean; and
    whether every player of a level ends above every player of each level it clearly beats
    (finished ahead of in at least ``clear`` of their meetings)."""
    board = sorted(players, key=lambda p: -system.shown(p))
    level = {p: p.split("#")[0] for p in players}
    mean = {a: sum(system.shown(p) for p in players if level[p] == a) / sum(level[p] == a for p in players)
            for a in order}
    right = all(system.shown(p) > system.shown(q) for p in players for q in players
                if rate.get((level[p], level[q]), 0.0) >= clear)
    return board, sorted(order, key=lambda a: -mean[a]), right


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--copies", type=int, default=2, help="players per level")
    parser.add_argument("--held-out", type=float, default=0.2, help="the last share of games, predicted")
    parser.add_argument("--levels", default=",".join(STRENGTH))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", metavar="FILE", help="write the games played (one JSON line each)")
    parser.add_argument("--load", metavar="FILE", help="rate the games of FILE (from --save) instead of playing")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    if any(level not in STRENGTH for level in levels) or len(set(levels)) != len(levels):
        parser.error(f"--levels: distinct ones of {', '.join(STRENGTH)}")
    players = [f"{level}#{copy}" for level in levels for copy in range(1, args.copies + 1)]
    if len(players) < 4:
        parser.error("at least 4 players are needed for the 4-seat tables")
    began = time.perf_counter()
    if args.load:
        with open(args.load, encoding="utf-8") as saved:
            tables = [(tuple(row["players"]), tuple(row["ranks"])) for row in map(json.loads, saved)]
        players = sorted({p for seated, _ in tables for p in seated})
        levels = [level for level in STRENGTH if any(p.startswith(level + "#") for p in players)]
    else:
        jobs = schedule(players, args.games, args.seed)
        if args.workers > 1:
            with multiprocessing.Pool(args.workers) as pool:
                tables = pool.map(_play, jobs, chunksize=8)
        else:
            tables = [_play(job) for job in jobs]
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            for seated, ranks in tables:
                out.write(json.dumps({"players": seated, "ranks": ranks}) + "\n")
    played = time.perf_counter() - began
    cut = round(len(tables) * (1 - args.held_out))
    train, held_out = tables[:cut], tables[cut:]
    print(f"ratings benchmark: {len(tables)} podkidnoy games (half at 2 seats, half at 4) between {len(players)} "
          f"players ({args.copies} per level), seed {args.seed}; {len(train)} rate, {len(held_out)} held out; "
          f"played in {played:.0f} s")
    for size in (2, 4):
        rates = head_to_head(tables, size)
        print(f"at {size} seats, how often the row's level finished ahead of the column's (all games):")
        print("  " + " " * 12 + "".join(f"{b:>12}" for b in levels))
        for a in levels:
            print(f"  {a:<12}" + "".join(f"{100 * rates[a, b]:>11.1f}%" if (a, b) in rates else f"{'':>12}"
                                         for b in levels))
    order, rate = level_order(tables, levels)
    print("the levels as these games rank them: " + " > ".join(order)
          + " (by how often each finished ahead of the others)")
    losses: dict[str, list[float]] = {}
    for system in (PL(), PLOwn(), Elo()):
        for table in train:
            system.update(table)
        losses[system.name] = game_losses(system, held_out)
        board, by_mean, right = ordered(system, players, order, rate)
        scores = judge(system, held_out)
        by_size = {size: judge(system, [t for t in held_out if len(t[0]) == size]) for size in (2, 4)}
        print(f"\n{system.name}")
        print("  final ordering: " + ", ".join(f"{p} {system.shown(p):.0f}" for p in board))
        print(f"  levels by their players' mean: {' > '.join(by_mean)}"
              f" ({'as the games rank them' if by_mean == order else 'NOT as the games rank them'})")
        print(f"  every player above every player of each level its level finishes ahead of >= 60%: "
              f"{'yes' if right else 'NO'}")
        print(f"  held-out pairs {scores['pairs']}: accuracy {100 * scores['accuracy']:.1f}%, "
              f"log-loss {scores['log_loss']:.4f}, Brier {scores['brier']:.4f}")
        for size, part in by_size.items():
            print(f"    at {size} seats ({part['pairs']} pairs): accuracy {100 * part['accuracy']:.1f}%, "
                  f"log-loss {part['log_loss']:.4f}, Brier {part['brier']:.4f}")
    mean, half = paired(losses[PLOwn.name], losses[Elo.name])
    print(f"\nlog-loss per held-out game, Plackett-Luce (its own probability) minus Elo: {mean:+.4f} "
          f"[{mean - half:+.4f}, {mean + half:+.4f}] (95%; below 0: Plackett-Luce predicts better)")
    print(f"\n(a coin: accuracy 50%, log-loss 0.6931, Brier 0.2500; {time.perf_counter() - began:.0f} s in all)")


if __name__ == "__main__":
    main()
