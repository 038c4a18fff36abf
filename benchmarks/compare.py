"""Compare two arena runs game by game: how much did a change win or lose?

One command (from the repository root)::

    .venv/bin/python benchmarks/compare.py BEFORE.jsonl AFTER.jsonl

Both files come from ``benchmarks/arena.py --record`` with the same ``--seed``: game n of a
pairing then has the same deal and the same random streams in both, and its outcome can
only differ where the changed code chose otherwise. For every pairing in both files and its
first level, the table gives the games found in both, each run's mean score (win 1, draw
½, loss 0: the win rate with draws counted half), how many games changed outcome, and the
paired difference AFTER − BEFORE with a 95% interval. Games that ended the same cancel,
so the interval is far tighter than the gap between two independent win rates' intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.96


@dataclass(frozen=True)
class Paired:
    pairing: str
    level: str
    games: int
    before: float  # mean score of ``level`` in the first run
    after: float
    changed: int  # games whose score for ``level`` differs
    diff: float  # mean of after - before
    half: float  # half-width of the 95% interval of ``diff``


def load(lines: Iterable[str]) -> dict[tuple[str, int], dict[str, object]]:
    """The records of one ``--record`` file by (pairing, game)."""
    rows: dict[tuple[str, int], dict[str, object]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            key = (str(row["pairing"]), int(row["game"]))
            levels, scores = row["levels"], row["scores"]
            if "seed" not in row or not isinstance(levels, list) or not isinstance(scores, list) \
                    or len(levels) != len(scores):
                raise ValueError("no seed, or levels and scores do not match")
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"line {number}: not an arena record ({error})") from None
        rows[key] = row
    return rows


def level_score(row: dict[str, object], level: str) -> float:
    """The mean score of the seats ``level`` held in one game."""
    levels = row["levels"]
    scores = row["scores"]
    assert isinstance(levels, list) and isinstance(scores, list)  # checked by ``load``
    mine = [float(score) for seat, score in enumerate(scores) if levels[seat] == level]
    return sum(mine) / len(mine)


def compare(before: dict[tuple[str, int], dict[str, object]],
            after: dict[tuple[str, int], dict[str, object]]) -> list[Paired]:
    """The paired difference for every pairing's first level over the games in both runs.

    A game is paired only if both runs dealt it from the same seed; otherwise the runs
    were not made to be compared (another ``--seed``) and that is an error."""
    results = []
    for pairing in sorted({key[0] for key in before} & {key[0] for key in after}):
        keys = sorted(key for key in before if key[0] == pairing and key in after)
        for key in keys:
            if before[key]["seed"] != after[key]["seed"]:
                raise ValueError(f"{pairing} game {key[1]}: the runs used other seeds (--seed must match)")
        level = pairing.partition("@")[0].replace(":", ",").split(",")[0]
        a = [level_score(before[key], level) for key in keys]
        b = [level_score(after[key], level) for key in keys]
        results.append(paired(pairing, level, a, b))
    return results


def paired(pairing: str, level: str, a: Sequence[float], b: Sequence[float]) -> Paired:
    n = len(a)
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return Paired(pairing, level, n, sum(a) / n if n else 0.0, sum(b) / n if n else 0.0,
                  sum(1 for d in diffs if d), mean, Z95 * math.sqrt(var / n) if n else 0.0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    args = parser.parse_args(argv)
    try:
        with open(args.before, encoding="utf-8") as a, open(args.after, encoding="utf-8") as b:
            results = compare(load(a), load(b))
    except (OSError, ValueError) as error:
        print(f"compare: {error}", file=sys.stderr)
        return 2
    if not results:
        print("compare: the two runs share no pairing", file=sys.stderr)
        return 2
    header = (f"{'pairing':<34} {'level':<12} {'games':>5} {'before %':>9} {'after %':>8} {'changed':>8}  "
              f"after - before, points [95% CI]")
    print(header)
    print("-" * len(header))
    for r in results:
        print(f"{r.pairing:<34} {r.level:<12} {r.games:>5} {100 * r.before:>9.1f} {100 * r.after:>8.1f} "
              f"{r.changed:>8}  {100 * r.diff:+6.1f} [{100 * (r.diff - r.half):+.1f}, {100 * (r.diff + r.half):+.1f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
