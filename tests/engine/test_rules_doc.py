"""docs/rules.md, the rules as implemented: its sections are what the engine's code and tests
cite, so every citation must name a section that exists, and every option must be there."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

from games.engine import Rules

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules.md"
CITATION = re.compile(r"docs/rules\.md#([\w-]+)")
# The rule texts are cited through docs/rules.md, never by their seed numbers.
SEED_CITATION = re.compile(r"\bseeds?[ /]+0\d\d|\bseeds? 0\d\d", re.IGNORECASE)


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to
    hyphens."""
    kept = "".join(ch for ch in heading.strip().lower() if ch.isalnum() or ch in " -_")
    return kept.replace(" ", "-")


def sections() -> list[str]:
    return [anchor(line.lstrip("#")) for line in DOC.read_text(encoding="utf-8").splitlines()
            if re.match(r"#{2,4} ", line)]


def citing_files() -> list[Path]:
    engine = ROOT / "games" / "engine"
    tests = ROOT / "tests" / "engine"
    found = [*engine.rglob("*.py"), *engine.rglob("*.md"), *tests.rglob("*.py"), *tests.rglob("*.json")]
    return sorted(path for path in found if path != Path(__file__).resolve())


def test_sections_have_distinct_anchors() -> None:
    names = sections()
    assert len(names) > 20
    assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)


def test_every_citation_names_a_section() -> None:
    known = set(sections())
    cited = 0
    for path in citing_files():
        for name in CITATION.findall(path.read_text(encoding="utf-8")):
            assert name in known, f"{path.relative_to(ROOT)} cites docs/rules.md#{name}, which is no section"
            cited += 1
    inner = re.findall(r"\]\(#([\w-]+)\)", DOC.read_text(encoding="utf-8"))
    assert set(inner) <= known, sorted(set(inner) - known)
    assert cited > 40


def test_code_and_tests_cite_the_doc_not_the_seed_texts() -> None:
    for path in citing_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not SEED_CITATION.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"


def test_every_golden_scenario_cites_a_section() -> None:
    for path in sorted((ROOT / "tests" / "engine" / "golden").glob("*.json")):
        cites = json.loads(path.read_text(encoding="utf-8"))["cites"]
        assert cites["quote"], path.name
        assert CITATION.fullmatch(cites["section"]) or cites["section"] == "CONTRACT.md", path.name


def test_every_option_is_described() -> None:
    text = DOC.read_text(encoding="utf-8")
    for option in fields(Rules):
        assert f"`{option.name}`" in text, f"docs/rules.md does not describe {option.name!r}"
    table = text[text.index("## Options at a glance"):]
    for option in fields(Rules):
        assert f"| `{option.name}` |" in table, f"the table at a glance lacks {option.name!r}"
