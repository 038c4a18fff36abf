"""The engine's public surface: what ``games/engine/__init__.py`` exports is exactly what its
README lists, and every docstring example in the engine runs (on whichever build is
loaded: the compiled core or, with ``DURAK_PURE_ENGINE=1``, plain Python)."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path

import pytest

import games.engine

ENGINE = Path(games.engine.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = sorted(p for p in ENGINE.rglob("*.py") if p.name != "__main__.py")


def test_the_readme_lists_exactly_the_exports() -> None:
    readme = (ENGINE / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Exports", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", section))
    assert listed == set(games.engine.__all__)
    for name in games.engine.__all__:
        assert hasattr(games.engine, name), name


def _docstrings(path: Path) -> list[tuple[str, str, int]]:
    """(name, docstring, line) of the module and of every class and function in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in [tree, *ast.walk(tree)]:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text and ">>>" in text:
                found.append((getattr(node, "name", "<module>"), text, getattr(node, "lineno", 1)))
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: _module_name(p))
def test_docstring_examples_run(path: Path) -> None:
    """Read from the source (a compiled module keeps no doctests of its own), run in the
    namespace of the module as loaded."""
    examples = _docstrings(path)
    if not examples:
        pytest.skip("no examples")
    name = _module_name(path)
    module = importlib.import_module(name)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for where, text, line in examples:
        test = parser.get_doctest(text, dict(vars(module)), f"{name}.{where}", str(path), line)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    assert result.attempted > 0
