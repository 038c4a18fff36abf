"""Engine speed: random playouts, time per action, and the replay of a 200-event game.

Run from the repository root::

    .venv/bin/python benchmarks/engine.py

It prints random-playout games per second (2 and 4 players, 36 cards, default rules) on the
search path the computer players simulate on and on the platform's checked, event-recording path,
microseconds per decided action (a whole playout's time over its actions), and the median time to replay a 200-event game.
It measures whichever build of the engine is loaded (``games.engine.BUILD``): the compiled
core after ``make engine``, plain Python with ``DURAK_PURE_ENGINE=1``. Targets (two players,
36 cards): compiled, at least 10,000 games per second on the search path and 4,000 on the
platform path, and a 200-event replay within 0.1 ms; plain Python, at least 2,000 games per
second on the search path. Runs in well under a minute. Rates are measured in CPU time of
this one process, so other work on the machine skews them less than wall time (the
wall-clock figures are printed alongside, with the load average); a busy machine still
slows every process down.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import BUILD, Rules, random_playout, replay  # noqa: E402
from games.engine.events import Event, GameStarted  # noqa: E402
from games.engine.play import fast_playout  # noqa: E402

SECONDS_PER_MEASURE = 3.0  # CPU seconds per playout measure
# Two-player games per CPU second, by build and path (None: no target), and the replay.
GAMES_TARGET: dict[tuple[str, bool], int | None] = {
    ("compiled", True): 10_000, ("compiled", False): 4_000, ("pure", True): 2_000, ("pure", False): None,
}
REPLAY_TARGET_MS: dict[str, float | None] = {"compiled": 0.1, "pure": None}


def playouts(players: int, seconds: float, search: bool) -> tuple[float, float, float, int]:
    """Random games for ``seconds`` of CPU time: games per CPU second, games per wall
    second, µs of CPU per action, games played.

    ``search``: the path computer players simulate on (``legal_actions`` + ``step``: no
    checks, no events). Otherwise the platform's path (``decide``: checks every action and
    records every event). Both make the same random choices and reach the same states.
    """
    rules = Rules.from_dict({"players": players, "deck": 36})
    rng = random.Random(players)
    seeds: list[float] = []
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds:
        seed = rng.random()
        seeds.append(seed)
        if search:
            fast_playout(rules, random.Random(seed))
        else:
            random_playout(rules, random.Random(seed))
    used = time.process_time() - cpu
    elapsed = time.perf_counter() - wall
    # Counted afterwards, untimed: the same seeds through the event path give the same
    # games. Every decided action yields exactly one event of its own kind; the rest (bout
    # ends, draws, players out, the next bout) follow from it.
    actions = sum(
        sum(1 for e in random_playout(rules, random.Random(seed))[1] if type(e).__name__ in _ACTION_EVENTS)
        for seed in seeds
    )
    return len(seeds) / used, len(seeds) / elapsed, used / actions * 1e6, len(seeds)


_ACTION_EVENTS = {"AttackPlayed", "CardBeaten", "AttackTransferred", "TakeDeclared", "Passed"}


def game_of_about(length: int) -> list[Event]:
    """A random 2-player game cut to exactly ``length`` events (its first ``length``)."""
    rules = Rules.from_dict({"players": 2, "deck": 36})
    rng = random.Random(2026)
    while True:
        _, events = random_playout(rules, rng)
        if len(events) >= length:
            assert isinstance(events[0], GameStarted)
            return events[:length]


def replay_ms(events: list[Event], runs: int) -> tuple[float, float]:
    """Median CPU and wall time of ``replay(events)`` in milliseconds."""
    cpu_times, wall_times = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        replay(events)
        cpu_times.append(time.process_time() - cpu)
        wall_times.append(time.perf_counter() - wall)
    return statistics.median(cpu_times) * 1000, statistics.median(wall_times) * 1000


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {sys.version.split()[0]}, engine build: {BUILD}; {os.cpu_count()} CPUs, load average {load:.1f}; "
          "random play, default rules (podkidnoy, 36 cards)")
    print("Rates are per CPU second of this process (wall-clock rates in brackets: lower on a busy machine).")
    for search, label in ((True, "search path (legal_actions + step)"), (False, "platform path (decide + events)")):
        print(label)
        for players in (2, 4):
            per_cpu, per_wall, micros, games = playouts(players, SECONDS_PER_MEASURE, search)
            mark = ""
            target = GAMES_TARGET[BUILD, search] if players == 2 else None
            if target is not None:
                mark = "  ok" if per_cpu >= target else f"  BELOW TARGET {target}"
            print(f"  {players} players: {per_cpu:8.0f} games/s ({per_wall:.0f})  {micros:6.1f} µs/action  "
                  f"({games} games){mark}")
    events = game_of_about(200)
    cpu_ms, wall_ms = replay_ms(events, runs=2000)
    replay_target = REPLAY_TARGET_MS[BUILD]
    mark = ""
    if replay_target is not None:
        mark = "  ok" if cpu_ms <= replay_target else f"  ABOVE TARGET {replay_target} ms"
    print(f"replay of a {len(events)}-event game: {cpu_ms:.3f} ms ({wall_ms:.3f}) median of 2000{mark}")


if __name__ == "__main__":
    main()
