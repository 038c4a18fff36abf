"""The terminal mode (``python -m games.engine``) plays whole games from piped input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import Rules
from games.engine.__main__ import main, play_game

ROOT = Path(__file__).resolve().parents[2]


def test_piped_input_plays_a_game_to_the_end() -> None:
    """`yes 1 | python -m games.engine --seed 3` finishes the game and exits 0."""
    done = subprocess.run(
        [sys.executable, "-m", "games.engine", "--seed", "3"],
        input="1\n" * 5000, capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert "Your hand:" in done.stdout and "Trump" in done.stdout
    # Asked with nothing of a table rank, the person is not asked to type the only answer.
    assert "Nothing to throw in: you pass." in done.stdout


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 3, "variant": "perevodnoy", "proezdnoy": True},
        {"players": 4, "teams": True},
        {"players": 2, "variant": "simple", "deck": 24},
        {"players": 8, "deck": 52, "throw_in": "neighbours"},
    ],
)
def test_every_variant_plays_to_the_end(rules: dict[str, object]) -> None:
    out = io.StringIO()
    answers = iter(["2\n", "1\n", "x\n", "99\n"] * 5000)
    state = play_game(Rules.from_dict(rules), 7, lambda: next(answers), out)
    assert state is not None and state.result is not None
    assert "Game over" in out.getvalue()


def test_end_of_input_stops_quietly() -> None:
    out = io.StringIO()
    assert play_game(Rules.from_dict({}), 1, lambda: "", out) is None
    assert "unfinished" in out.getvalue()


def test_answers_that_are_never_an_option_stop_the_game() -> None:
    out = io.StringIO()
    assert play_game(Rules.from_dict({}), 1, lambda: "0\n", out) is None
    assert "Too many answers" in out.getvalue()


def test_bad_rules_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "7"]) == 2
    assert "Bad rules" in capsys.readouterr().err
