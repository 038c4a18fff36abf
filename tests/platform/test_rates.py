"""The cache-backed budgets (``core.rates``): a sliding window that counts
across processes, gives a refused charge back and says how long to wait."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from core.rates import Throttled, charge, parse_rate
from tests.harness.stack import ROOT


def charges(key: str, times: list[float], rate: str = "4/min") -> list[bool]:
    allowed = []
    for now in times:
        try:
            charge("test", key, rate, now=now)
            allowed.append(True)
        except Throttled:
            allowed.append(False)
    return allowed


def test_the_budget_and_how_long_to_wait() -> None:
    base = 6000.0  # a window's start (a multiple of 60)
    assert charges("a", [base + 1, base + 2, base + 3, base + 4]) == [True] * 4
    with pytest.raises(Throttled) as refused:
        charge("test", "a", "4/min", now=base + 10)
    assert refused.value.status == 429 and refused.value.code == "throttled"
    assert 1 <= refused.value.extra["retry_after"] <= 60
    assert charges("b", [base + 1]) == [True]  # another key, another budget


def test_refused_charges_are_given_back() -> None:
    base = 6000.0
    assert charges("a", [base + 1] * 4 + [base + 2] * 10) == [True] * 4 + [False] * 10
    # Half of the last window still overlaps: 4 * 0.5 = 2 of the 4 are still counted. Had
    # the ten refusals counted, nothing would fit here.
    assert charges("a", [base + 90, base + 90, base + 90]) == [True, True, False]


def test_no_double_burst_across_a_windows_edge() -> None:
    """A fixed window would take 4 just before its end and 4 more just after."""
    base = 6000.0
    assert charges("a", [base + 59] * 4) == [True] * 4
    assert charges("a", [base + 61] * 4) == [False] * 4


def test_retry_after_is_honest() -> None:
    base = 6000.0
    charges("a", [base + 30] * 4)
    with pytest.raises(Throttled) as refused:
        charge("test", "a", "4/min", now=base + 61)
    wait = refused.value.extra["retry_after"]
    assert charges("a", [base + 61 + wait - 1]) == [False]
    assert charges("a", [base + 61 + wait]) == [True]


def test_parse_rate() -> None:
    assert parse_rate("240/min") == (240, 60) and parse_rate("5/s") == (5, 1) and parse_rate("9/hour") == (9, 3600)


RACER = """
import django, sys
django.setup()
from core.rates import Throttled, charge
ok = 0
for _ in range(60):
    try:
        charge("race", sys.argv[1], "100/hour")
        ok += 1
    except Throttled:
        pass
print(ok)
"""


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL: processes share a budget through Redis")
def test_processes_racing_on_redis_share_one_budget() -> None:
    """Four processes charge one key 60 times each, at once: exactly 100 get through."""
    key = f"racer-{os.getpid()}"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "durak_platform.settings.test", "PYTHONPATH": str(ROOT)}
    racers = [subprocess.Popen([sys.executable, "-c", RACER, key], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               text=True) for _ in range(4)]
    allowed = [int(racer.communicate(timeout=120)[0].strip().splitlines()[-1]) for racer in racers]
    assert sum(allowed) == 100, allowed
