"""The house's shape, checked: no import cycle between the project's modules, and an
engine that needs nothing but Python itself. (``make lint`` checks the layers with
import-linter; these are what its contracts cannot say.)"""

from __future__ import annotations

import sys
from functools import cache

import grimp
import pytest

PACKAGES = ("core", "accounts", "coins", "games", "live", "ratings", "players", "tournaments", "durak_platform")


@cache
def _graph() -> grimp.ImportGraph:
    # Imports under ``if TYPE_CHECKING`` never run, so they cannot close a cycle at run time.
    return grimp.build_graph(*PACKAGES, include_external_packages=True, exclude_type_checking_imports=True)


def _internal(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    modules = {module for module in graph.modules if module.split(".")[0] in PACKAGES}
    return {module: graph.find_modules_directly_imported_by(module) & modules for module in modules}


def cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted;
    a module importing itself counts too."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(imports.get(module, ())):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1 or module in imports.get(module, ()):
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for module in sorted(imports):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert cycles({"a": {"a"}}) == [["a"]]


def test_no_import_cycle_between_the_projects_modules() -> None:
    found = cycles(_internal(_graph()))
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(group) for group in found)


@pytest.mark.parametrize("package", ["games.engine"])
def test_the_engine_imports_only_the_standard_library(package: str) -> None:
    graph = _graph()
    outside = set()
    for module in graph.find_children(package) | graph.find_descendants(package) | {package}:
        for imported in graph.find_modules_directly_imported_by(module):
            top = imported.split(".")[0]
            if imported == package or imported.startswith(package + "."):
                continue
            if top not in sys.stdlib_module_names:
                outside.add(f"{module} -> {imported}")
    assert not outside, sorted(outside)
