"""``benchmarks/tournament.py`` runs end to end, small: its own Redis and Celery workers on
this run's PostgreSQL, every seat a computer playing through the platform's services, then
the ledger checked and one winner crowned. Issue 31 found it broken once (its entrants got no
welcome coins, so no entry could pay its fee); the figures it prints are measured elsewhere
(benchmarks/README.md), only its working is checked here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness.stack import database_url, drop_database, scaled_enabled

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.scaled,
    pytest.mark.skipif(not scaled_enabled(), reason="needs DURAK_SCALED_TESTS=1 and a PostgreSQL DATABASE_URL (see .ci/run)"),
]


def _run(name: str, *args: str, timeout: float) -> str:
    """The benchmark's output with ``args``, on a database of this run's own."""
    url = database_url(name)
    try:
        done = subprocess.run([sys.executable, "benchmarks/tournament.py", "--database-url", url, *args],
                              cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    finally:
        drop_database(url + "_tournament")  # the benchmark works on DATABASE_URL + "_tournament"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_a_small_elimination_finishes_with_an_exact_ledger_and_one_winner() -> None:
    out = _run("bench_elim", "--entrants", "12", "--seats", "4", "--pool", "sharded", "--concurrency", "2",
               timeout=300)
    assert "finished:" in out, out
    assert "ledger: every transfer balanced, whole ledger 0, pool left 0" in out and ": exact" in out, out
    winners = next(line for line in out.splitlines() if line.startswith("winner(s): "))
    assert len(winners.removeprefix("winner(s): ").split(", ")) == 1, out


def test_a_one_minute_arena_finishes_with_an_exact_ledger_and_one_winner() -> None:
    out = _run("bench_arena", "--format", "arena", "--entrants", "8", "--minutes", "1", "--seats", "2",
               "--pool", "sharded", "--concurrency", "2", timeout=400)
    assert "finished:" in out and "reseated" in out, out
    assert "ledger: every transfer balanced, whole ledger 0, pool left 0" in out and ": exact" in out, out
    assert "(1 in first place)" in out, out
