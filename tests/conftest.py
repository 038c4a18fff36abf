"""The whole suite: the deal seed of this run, shown where a failure can be replayed."""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest
from django.conf import settings


def _seed() -> str:
    return str(getattr(settings, "DURAK_DEAL_SEED", None))


def pytest_configure(config: pytest.Config) -> None:
    # Servers the tests start (the browser tests' platform) deal from the same seed.
    os.environ.setdefault("DURAK_DEAL_SEED", _seed())


def pytest_report_header(config: pytest.Config) -> str:
    return f"deal seed: {_seed()} (DURAK_DEAL_SEED={_seed()} deals this run's games again)"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        report.sections.append(("deal seed", f"DURAK_DEAL_SEED={_seed()} deals this run's games again"))
