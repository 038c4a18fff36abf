"""The endgame benchmark: positions the master's solver cannot finish, judged exactly."""

from __future__ import annotations

import re

import pytest

from benchmarks import endgames


def test_endgames_keeps_what_the_solver_cannot_finish_and_judges_it(capsys: pytest.CaptureFixture[str]) -> None:
    # A tiny work budget: the master's solver gives up on most endgames.
    endgames.main(["--games", "3", "--work", "40", "--exact-nodes", "50000", "--workers", "1", "--seed", "4"])
    out = capsys.readouterr().out
    kept, solved, matters = (int(n) for n in re.findall(r"(?:finish|budget|matters)\s+(\d+)", out))
    assert kept >= solved >= matters and kept > 0
    hits = [int(n) for n in re.findall(r"(\d+) of\s+\d+", out)]
    assert len(hits) == 2 and all(0 <= h <= matters for h in hits)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        endgames.main(["--work", "0"])
