"""Small modules with one job: a source file past ``LIMIT`` lines says why in a comment
(``long module: <why>``) within its first lines, or it is split."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 400
SUFFIXES = {".py", ".js", ".mjs", ".css", ".html"}


def _tracked_sources() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / name for name in listed
            if Path(name).suffix in SUFFIXES and "/migrations/" not in name and (ROOT / name).is_file()]


def test_every_long_module_says_why() -> None:
    unexplained = []
    for path in _tracked_sources():
        lines = path.read_text(encoding="utf-8").splitlines()
        if len(lines) > LIMIT and not any("long module:" in line for line in lines[:30]):
            unexplained.append(f"{path.relative_to(ROOT)}: {len(lines)} lines")
    assert not unexplained, unexplained
