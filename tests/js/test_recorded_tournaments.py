"""The tournament page's layout against the server: node's tests of bracket.js and
tourview.js on an elimination tournament recorded just now through the REST API, so the
committed fixtures (tests/js/fixtures/tournaments/) cannot drift from the detail unnoticed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tests.js.test_recorded_streams import HERE, NODE, _run, needs_node


@needs_node
def test_a_tournament_recorded_now_lays_out(tmp_path: Path) -> None:
    assert NODE is not None
    output = _run([sys.executable, str(HERE / "record_tournaments.py"), "--out", str(tmp_path), "--quick"])
    assert (tmp_path / "elimination.json").exists(), output
    result = _run([NODE, "--test", str(HERE / "tournament.test.mjs")],
                  env={**os.environ, "DURAK_TOURNAMENT_FIXTURES": str(tmp_path)})
    assert "# fail 0" in result, result[-3000:]
