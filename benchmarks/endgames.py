"""Endgames too big for the master's solver: how often does its fallback find a best move?

One command (from the repository root)::

    .venv/bin/python benchmarks/endgames.py [--games 40] [--variant podkidnoy] [--seed 1]
                                            [--work 4000] [--exact-nodes 600000] [--workers W]

The master plays the experienced level (two players, 36 cards, bounded by ``--work``
playouts a move, so that runs repeat). Whenever every card is known and its exact solver
runs out of nodes (``work × SOLVER_NODES_PER_PLAYOUT``), the position is kept. Each kept
position is then solved for every candidate move with ``--exact-nodes`` nodes (positions
still too big are counted and left out), and where the moves' values differ the table
gives how often each fallback picked a move that is best against perfect play:

- one playout a move: what sampling does with a single possible deal (the master's
  fallback before the horizon search): each move scored by one tips playout;
- horizon search: ``horizon.deepen`` with the master's horizon budget
  (``work × HORIZON_NODES_PER_PLAYOUT`` nodes), the master's fallback now.

Perfect play is a stand-in for a strong opponent; the arena measures the whole level.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.arena import wilson  # noqa: E402
from games.engine import Rules, actors, apply, decide, replay, shuffled_deck, start  # noqa: E402
from games.engine.actions import Action  # noqa: E402
from games.engine.ai import choose_action, experienced, master, observe  # noqa: E402
from games.engine.ai.determinize import determinize  # noqa: E402
from games.engine.ai.horizon import deepen  # noqa: E402
from games.engine.ai.rollout import playout  # noqa: E402
from games.engine.ai.sim import step  # noqa: E402
from games.engine.ai.solver import NodeBudget, NodeLimit, Solver  # noqa: E402
from games.engine.state import State  # noqa: E402

FALLBACKS = ("one playout a move", "horizon search")


@dataclass
class Count:
    kept: int = 0  # positions the master's solver could not finish
    solved: int = 0  # of those, solved with the big budget
    matters: int = 0  # of those, where the candidates' values differ
    best: tuple[int, ...] = (0, 0)  # per fallback: a best move chosen

    def add(self, other: Count) -> None:
        self.kept += other.kept
        self.solved += other.solved
        self.matters += other.matters
        self.best = tuple(a + b for a, b in zip(self.best, other.best, strict=True))


def one_playout_a_move(world: State, seat: int, options: list[Action]) -> Action:
    """Sampling's choice when every deal is the same: the best single playout, first on ties."""
    scores = [playout(step(world, seat, a), seat, policy=experienced.tips_state) for a in options]
    return options[max(range(len(options)), key=lambda i: (scores[i], -i))]


def judge(world: State, seat: int, options: list[Action], work: int, exact_nodes: int) -> Count:
    count = Count(kept=1)
    solver = Solver(seat, node_limit=exact_nodes)
    try:
        values = {a: solver.value(step(world, seat, a), 0.0, 1.0) for a in options}
    except NodeLimit:
        return count
    count.solved = 1
    top = max(values.values())
    if top == min(values.values()):
        return count
    count.matters = 1
    found = deepen(world, seat, options, experienced.tips_state,
                   NodeBudget(work * master.HORIZON_NODES_PER_PLAYOUT, None))
    horizon = found[0] if found is not None else one_playout_a_move(world, seat, options)
    count.best = (int(values[one_playout_a_move(world, seat, options)] == top), int(values[horizon] == top))
    return count


def run_game(args: tuple[str, int, int, int]) -> Count:
    variant, seed, work, exact_nodes = args
    rules = Rules(variant=variant, players=2)
    rng = random.Random(seed)
    levels = ["master", "experienced"] if seed % 2 else ["experienced", "master"]
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    total = Count()
    while state.result is None:
        seats = actors(state)
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        obs = observe(state, seat)
        if levels[seat] == "master" and obs.everything_known:
            options = master.candidates(obs)
            world = determinize(obs, rng)
            if len(options) > 1:
                try:
                    Solver(seat, node_limit=work * master.SOLVER_NODES_PER_PLAYOUT).best_action(world, options)
                except NodeLimit:
                    total.add(judge(world, seat, options, work, exact_nodes))
        action = choose_action(state, seat, levels[seat], seed=rng.getrandbits(32), history=events, work=work)
        for event in decide(state, seat, action):
            state = apply(state, event)
            events.append(event)
    return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--variant", choices=("podkidnoy", "perevodnoy"), default="podkidnoy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", type=int, default=4000, help="the master's playouts a move (default 4000)")
    parser.add_argument("--exact-nodes", type=int, default=600_000, help="solver nodes to judge a position")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.work < 1 or args.exact_nodes < 1:
        parser.error("--games, --work and --exact-nodes must be positive")
    jobs = [(args.variant, args.seed * 1_000_003 + g, args.work, args.exact_nodes) for g in range(args.games)]
    total = Count()
    with multiprocessing.Pool(args.workers) as pool:
        for part in pool.imap_unordered(run_game, jobs):
            total.add(part)
    print(f"endgames: {args.variant}, {args.games} games master against experienced, work {args.work} "
          f"(solver {args.work * master.SOLVER_NODES_PER_PLAYOUT} nodes, "
          f"horizon {args.work * master.HORIZON_NODES_PER_PLAYOUT}), judged with {args.exact_nodes} nodes")
    print(f"positions the master's solver could not finish   {total.kept:6d}")
    print(f"  solved exactly with the judging budget         {total.solved:6d}")
    print(f"  where the choice of move matters               {total.matters:6d}")
    print(f"{'fallback':<24} {'best move chosen':>16}  {'% [95% CI]':<19}")
    for name, hits in zip(FALLBACKS, total.best, strict=True):
        share, lo, hi = wilson(hits, total.matters)
        print(f"{name:<24} {hits:7d} of {total.matters:<5d}  {100 * share:5.1f} [{100 * lo:5.1f}, {100 * hi:5.1f}]")


if __name__ == "__main__":
    main()
