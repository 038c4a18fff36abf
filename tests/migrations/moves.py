"""Move the test database's schema to chosen migrations and hand back the models as they
stood there, so a migration test can fill rows before a migration and read them after."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# An app with no name (``("coins", None)``) is one migrated back to before its first migration.
Target = tuple[str, str | None]


def migrate_to(targets: Sequence[Target]) -> Any:
    """Migrate to ``targets`` and return the historical apps registry there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    executor.loader.build_graph()  # the graph now records what was applied or unapplied
    return executor.loader.project_state([(app, name) for app, name in targets if name is not None]).apps


def latest() -> list[Target]:
    """Every app's last migration: where a test leaves the database for the next one."""
    return list(MigrationExecutor(connection).loader.graph.leaf_nodes())
