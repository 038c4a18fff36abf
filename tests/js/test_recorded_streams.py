"""The page's fold against the server, from pytest: node's suite on the committed
fixtures, and on a game recorded just now, so the fixtures cannot go stale unnoticed
when the server's events or views change."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NODE = shutil.which("node")

needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (the page's JS tests need it)")


def _run(command: list[str], env: dict[str, str] | None = None, timeout: float = 600) -> str:
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{output[-6000:]}"
    return output


@needs_node
def test_the_node_suite_passes_on_the_committed_fixtures() -> None:
    assert NODE is not None
    env = {k: v for k, v in os.environ.items() if k != "DURAK_FIXTURES"}
    _run([NODE, "--test", str(HERE)], env=env)


@needs_node
def test_a_game_recorded_now_folds_to_the_servers_views(tmp_path: Path) -> None:
    assert NODE is not None
    output = _run([sys.executable, str(HERE / "record.py"), "--out", str(tmp_path), "--quick"])
    assert sorted(p.name for p in tmp_path.glob("*.json")), output
    _run([NODE, "--test", str(HERE / "fold.test.mjs")], env={**os.environ, "DURAK_FIXTURES": str(tmp_path)})
