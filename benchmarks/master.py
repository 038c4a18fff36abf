"""The master's thinking at its clock: playouts a move and a second, time used a move.

One command (from the repository root)::

    .venv/bin/python benchmarks/master.py [--moves 24] [--budget-ms 1000] [--seed 1]

It deals ``--moves`` positions of two-player podkidnoy (random play from fixed seeds, cut at
a random moment where the seat to move has a real choice and some card is still hidden:
the master's sampling search), lets the master choose each with its clock, and prints the
mean playouts a move, the playouts per second of its thinking (wall and CPU), and the mean
time a move. The master is the same code on both engine builds; it plays on whichever is
loaded (``DURAK_PURE_ENGINE=1``: plain Python). The machine's load skews wall-clock figures:
the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engine import Rules, actors, legal_actions, random_playout, replay  # noqa: E402
from games.engine.ai import master  # noqa: E402
from games.engine.ai.observe import observe  # noqa: E402


def positions(count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` (state, seat) moments with a real choice, from random two-player games."""
    rules = Rules.from_dict({"players": 2, "deck": 36})
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        _, events = random_playout(rules, random.Random(rng.random()))
        cut = rng.randrange(3, len(events))
        state = replay(events[:cut])
        choosing = [seat for seat in actors(state) if len(legal_actions(state, seat)) > 1]
        if not choosing:
            continue
        obs = observe(state, choosing[0])
        if not obs.everything_known:
            found.append((obs, choosing[0]))
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=24)
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    import games.engine as engine

    build = getattr(engine, "BUILD", "pure")
    load = os.getloadavg()[0]
    counted = [0]
    playout = getattr(master, "playout")  # noqa: B009 (the master's own name for it, wrapped below)

    def counting(*a: Any, **k: Any) -> float:
        counted[0] += 1
        return float(playout(*a, **k))

    setattr(master, "playout", counting)  # noqa: B010
    moments = positions(args.moves, args.seed)
    wall_total = cpu_total = 0.0
    for number, (obs, _seat) in enumerate(moments):
        wall, cpu = time.perf_counter(), time.process_time()
        master.choose(obs, random.Random(number), budget_ms=args.budget_ms)
        wall_total += time.perf_counter() - wall
        cpu_total += time.process_time() - cpu
    moves = len(moments)
    print(f"master at {args.budget_ms} ms a move, engine build: {build}; load average {load:.1f}")
    print(f"  {moves} moves with a choice: {counted[0] / moves:8.0f} playouts a move, "
          f"{counted[0] / wall_total:8.0f} playouts/s of thinking (wall), {counted[0] / cpu_total:8.0f} per CPU s; "
          f"{wall_total / moves * 1000:.0f} ms a move (wall), {cpu_total / moves * 1000:.0f} ms CPU")


if __name__ == "__main__":
    main()
