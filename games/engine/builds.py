"""Which build of the engine runs: the compiled core or plain Python (README.md, "Two
builds of one source"). Imported first by ``games/engine/__init__.py``: before any other
engine module is imported, it makes them all come from their ``.py`` sources when
``DURAK_PURE_ENGINE=1`` is set or when a compiled module is older than its source; else
Python imports the C extensions ``make engine`` built beside the sources, where there are any.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

_ENGINE = __name__.rpartition(".")[0]  # games.engine


class _FromSource(importlib.abc.MetaPathFinder):
    """Imports every engine module from its ``.py`` source, never from a C extension."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        if path is None or not name.startswith(_ENGINE + "."):
            return None
        leaf = name.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(name, source)
        return None


def _built_is_stale() -> bool:
    """Whether any compiled module is older than its source (edited since ``make engine``).
    The compiled modules load one another as a group, so one stale module means none."""
    folder = os.path.dirname(os.path.abspath(__file__))  # games/engine
    for root, _, files in os.walk(folder):
        for file in files:
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                if file.endswith(suffix):
                    source = os.path.join(root, file[: -len(suffix)] + ".py")
                    built = os.path.join(root, file)
                    if not os.path.isfile(source) or os.path.getmtime(built) < os.path.getmtime(source):
                        return True
                    break
    return False


def loaded() -> str:
    """Which build was imported: "compiled" (C extensions) or "pure" (Python)."""
    state = sys.modules.get(f"{_ENGINE}.state")
    if state is None:
        raise RuntimeError("the engine's state module is not imported yet")
    compiled = (state.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return "compiled" if compiled else "pure"


_PURE = os.environ.get("DURAK_PURE_ENGINE", "") not in ("", "0")
if (_PURE or _built_is_stale()) and not any(isinstance(finder, _FromSource) for finder in sys.meta_path):
    sys.meta_path.insert(0, _FromSource())

