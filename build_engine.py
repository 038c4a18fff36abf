"""Compile the engine's core ahead of time with mypyc: ``make engine`` runs this.

The compiled modules are the very ``.py`` files the engine runs as plain Python: mypyc
turns each into a C extension (``*.so``, built in place, git-ignored), which Python then
imports instead of the source. Where no compiler is present nothing is built and the
engine runs as Python; ``DURAK_PURE_ENGINE=1`` makes it run as Python even where the
extensions are built (``games/engine/__init__.py``).

    .venv/bin/python build_engine.py
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable

from mypyc.build import mypycify
from setuptools import setup

# The hot path of play and search: the cards' tables, the state, its folds, the rules'
# questions, deciding, replaying, and the computer players' playouts (who moves, the greedy
# and tips policies, the master's deals). The rest (events, actions, rules, views, the levels' own choices) are frozen
# dataclasses, text and code the tests patch: mypyc compiles those poorly or not at all, and
# they are not where the time goes; compiled code reads them as ordinary Python objects.
COMPILED = [
    "games/engine/cards.py",
    "games/engine/state.py",
    "games/engine/moves.py",
    "games/engine/drawing.py",
    "games/engine/legal.py",
    "games/engine/decide.py",
    "games/engine/fold.py",
    "games/engine/play.py",
    "games/engine/ai/determinize.py",
    "games/engine/ai/sim.py",
    "games/engine/ai/rollout.py",
    "games/engine/ai/greedy.py",
    "games/engine/ai/tips.py",
]

# Checked against the engine's own settings only (the project's mypy config loads the
# Django plugins, which the engine has no use for).
CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mypyc.ini")


def install(built_lib: str, names: list[str], get_filename: Callable[[str], str]) -> None:
    """Move each built extension beside its source: a new file renamed over the old one, so
    a process still running the old build keeps its copy (overwriting a loaded extension in
    place can crash it), and stamped now, since ``games.engine.builds`` takes an extension
    older than its source as stale."""
    for name in names:
        target = get_filename(name)
        staged = target + ".new"
        shutil.copyfile(os.path.join(built_lib, target), staged)
        os.replace(staged, target)


distribution = setup(
    name="durak-engine-compiled",
    ext_modules=mypycify(["--config-file", CONFIG, *COMPILED], group_name="durak_engine", opt_level="3"),
    script_args=["build_ext"],
)
command = distribution.get_command_obj("build_ext")
install(command.build_lib, [ext.name for ext in distribution.ext_modules or []], command.get_ext_filename)
