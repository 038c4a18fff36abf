"""One way for an app to hook into a lower one (``core.hooks``): the hooks run by stage in
declared order, ``call`` lets an error through (the sender's transaction rolls back),
``call_logged`` logs it and runs the next; and no app sends or hears a Django signal."""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest

from core.hooks import Hooks

ROOT = Path(__file__).resolve().parents[2]
APPS = ("core", "accounts", "coins", "games", "live", "ratings", "players", "tournaments", "retries",
        "challenges", "stream", "push", "durak_platform")


def test_hooks_run_by_stage_in_declared_order_whatever_the_connecting_order() -> None:
    hooks: Hooks[list[str], None] = Hooks("first", "second")
    hooks.connect("second", lambda heard: heard.append("b"), uid="b")
    hooks.connect("first", lambda heard: heard.append("a"), uid="a")
    hooks.connect("second", lambda heard: heard.append("c"), uid="c")
    hooks.connect("second", lambda heard: heard.append("b again"), uid="b")  # same uid: replaced
    heard: list[str] = []
    assert hooks.call(heard) == [None, None, None]
    assert heard == ["a", "b again", "c"]
    with pytest.raises(ValueError, match="not one of the stages"):
        hooks.connect("third", lambda heard: None, uid="x")


def _fails(heard: list[str]) -> None:
    raise RuntimeError("a hook failed")


def test_call_lets_an_error_through_and_call_logged_runs_the_next(caplog: pytest.LogCaptureFixture) -> None:
    hooks: Hooks[list[str], None] = Hooks("only")
    hooks.connect("only", _fails, uid="fails")
    hooks.connect("only", lambda heard: heard.append("next"), uid="next")
    heard: list[str] = []
    with pytest.raises(RuntimeError, match="a hook failed"):
        hooks.call(heard)
    assert heard == []
    with caplog.at_level(logging.ERROR, logger="core.hooks"):
        hooks.call_logged(heard)
    assert heard == ["next"]
    assert "_fails" in caplog.text and "a hook failed" in caplog.text


def _django_signal_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else (
            [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
        found += [f"{path.relative_to(ROOT)}: {name}" for name in names
                  if name.startswith("django.dispatch") or name.endswith(".signals") and name.startswith("django.")]
    return found


def test_no_app_sends_or_hears_a_django_signal() -> None:
    files = [path for app in APPS for path in (ROOT / app).rglob("*.py")]
    assert len(files) > 100
    assert [found for path in files for found in _django_signal_imports(path)] == []
