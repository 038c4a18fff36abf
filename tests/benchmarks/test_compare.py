"""The arena's per-game record and the paired comparison of two runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks import arena, compare


def record(path: Path, *pairings: str, seed: int = 5) -> list[dict[str, Any]]:
    arena.main(["--pairings", *pairings, "--games", "6", "--workers", "1", "--seed", str(seed),
                "--record", str(path)])
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_record_has_one_row_per_game_with_seats_and_scores(tmp_path: Path) -> None:
    rows = record(tmp_path / "a.jsonl", "greedy:random@podkidnoy")
    assert [row["game"] for row in rows] == list(range(6))
    for row in rows:
        assert row["pairing"] == "greedy:random@podkidnoy"
        assert sorted(row["levels"]) == ["greedy", "random"]
        assert row["levels"][0] == ("greedy" if row["game"] % 2 == 0 else "random")  # seats alternate
        assert sorted(row["scores"]) in ([0.0, 1.0], [0.5, 0.5])


def test_two_runs_with_one_seed_play_the_same_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # greedy and random are deterministic given the seed: nothing may change.
    record(tmp_path / "a.jsonl", "greedy:random@podkidnoy")
    record(tmp_path / "b.jsonl", "greedy:random@podkidnoy")
    capsys.readouterr()
    assert compare.main([str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "greedy:random@podkidnoy" in out
    [result] = compare.compare(compare.load((tmp_path / "a.jsonl").open()), compare.load((tmp_path / "b.jsonl").open()))
    assert (result.level, result.games, result.changed, result.diff, result.half) == ("greedy", 6, 0, 0.0, 0.0)


def test_a_changed_game_moves_the_difference(tmp_path: Path) -> None:
    rows = record(tmp_path / "a.jsonl", "greedy:random@podkidnoy")
    game = next(row["game"] for row in rows if row["scores"] != [0.5, 0.5])  # a draw flips to itself
    flipped = dict(rows[game])
    levels, scores = list(flipped["levels"]), list(flipped["scores"])
    greedy_seat = levels.index("greedy")
    scores[greedy_seat], scores[1 - greedy_seat] = 1.0 - scores[greedy_seat], 1.0 - scores[1 - greedy_seat]
    flipped["scores"] = scores
    after = {**compare.load((tmp_path / "a.jsonl").open()), ("greedy:random@podkidnoy", game): flipped}
    [result] = compare.compare(compare.load((tmp_path / "a.jsonl").open()), after)
    assert result.changed == 1
    assert result.diff == pytest.approx((scores[greedy_seat] - rows[game]["scores"][greedy_seat]) / 6)
    assert result.half > 0


def test_paired_difference_and_interval() -> None:
    result = compare.paired("p", "x", [1, 0, 1, 0], [1, 1, 1, 1])
    assert (result.games, result.before, result.after, result.changed) == (4, 0.5, 1.0, 2)
    assert result.diff == pytest.approx(0.5)
    # differences 0, 1, 0, 1: sample variance 1/3, standard error sqrt(1/12)
    assert result.half == pytest.approx(1.96 * (1 / 12) ** 0.5)


def test_runs_from_other_seeds_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record(tmp_path / "a.jsonl", "greedy:random@podkidnoy", seed=5)
    record(tmp_path / "b.jsonl", "greedy:random@podkidnoy", seed=6)
    capsys.readouterr()
    assert compare.main([str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 2
    assert "--seed must match" in capsys.readouterr().err


def test_a_file_that_is_not_a_record_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.jsonl").write_text('{"pairing": "x", "game": 0, "seed": 1, "levels": [], "scores": []}\n')
    (tmp_path / "b.jsonl").write_text("not json\n")
    assert compare.main([str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 2
    assert "line 1: not an arena record" in capsys.readouterr().err
    assert compare.main([str(tmp_path / "a.jsonl"), str(tmp_path / "missing.jsonl")]) == 2


def test_a_master_bound_by_work_plays_the_same_games_twice(tmp_path: Path) -> None:
    # By the clock it would not: its searches stop wherever the machine's load cut them.
    for name in ("a", "b"):
        arena.main(["--pairings", "master:greedy@podkidnoy", "--master-games", "2", "--master-work", "20",
                    "--workers", "1", "--seed", "3", "--record", str(tmp_path / f"{name}.jsonl")])
    [result] = compare.compare(compare.load((tmp_path / "a.jsonl").open()), compare.load((tmp_path / "b.jsonl").open()))
    assert (result.games, result.changed) == (2, 0)
    a_rows, b_rows = ((tmp_path / f"{name}.jsonl").read_text() for name in ("a", "b"))
    assert a_rows == b_rows


def test_a_work_budget_below_one_playout_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arena.main(["--pairings", "master:greedy@podkidnoy", "--master-work", "0"])
    assert "--master-work must be at least 1 playout" in capsys.readouterr().err
