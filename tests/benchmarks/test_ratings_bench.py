"""The ratings benchmark: its two systems' arithmetic, and a small run end to end."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from benchmarks import ratings as bench


def test_pairwise_elo_shares_k_among_the_opponents() -> None:
    elo = bench.Elo()
    elo.update((("a", "b"), (1, 2)))
    assert (elo.value["a"], elo.value["b"]) == (1520, 1480), "two seats: the old Elo exactly"
    four = bench.Elo()
    four.update((("a", "b", "c", "d"), (1, 2, 2, 4)))
    # a beat three players at 1500: 3 × 40/3 × ½; the tied pair gain against d and lose to a.
    assert four.value["a"] == pytest.approx(1520) and four.value["d"] == pytest.approx(1480)
    assert four.value["b"] == four.value["c"] == pytest.approx(1500)
    assert sum(four.value.values()) == pytest.approx(6000)


def test_plackett_luces_own_probability_is_bradley_terry_with_the_tables_c() -> None:
    pl = bench.PLOwn()
    pl.skill["a"], pl.skill["b"] = bench.Skill(30.0, 2.0), bench.Skill(25.0, 2.0)
    c = math.sqrt(2 * (4.0 + bench.MODEL.beta ** 2))
    assert pl.ahead("a", "b") == pytest.approx(1 / (1 + math.exp(-5 / c)))
    assert pl.ahead("a", "b", ("a", "b", "x", "y")) < pl.ahead("a", "b"), "a bigger table, a flatter chance"
    assert pl.ahead("a", "b") + pl.ahead("b", "a") == pytest.approx(1)


def test_a_small_run_rates_saves_and_loads_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "games.jsonl"
    bench.main(["--games", "12", "--copies", "1", "--levels", "experienced,greedy,novice,random",
                "--save", str(saved)])
    first = capsys.readouterr().out
    rows = [json.loads(line) for line in saved.read_text().splitlines()]
    assert len(rows) == 12 and {len(r["players"]) for r in rows} == {2, 4}
    assert all(sorted(r["ranks"])[0] == 1 for r in rows)
    bench.main(["--load", str(saved)])
    again = capsys.readouterr().out
    for name in ("Plackett-Luce", "Elo (pairwise)", "held-out pairs", "final ordering"):
        assert name in first
    strip = [line for line in first.splitlines() if "played in" not in line and "s in all" not in line]
    assert strip == [line for line in again.splitlines() if "played in" not in line and "s in all" not in line]
