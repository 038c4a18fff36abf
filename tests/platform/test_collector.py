"""``durak_platform.collector``: a started server process freezes what it has and
collects less often; both entry points settle it."""

from __future__ import annotations

import os
import subprocess
import sys
import weakref

from durak_platform.collector import THRESHOLD


def _python(code: str, **env: str) -> list[str]:
    answer = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True,
                            env={**os.environ, "DJANGO_SETTINGS_MODULE": "durak_platform.settings.local", **env})
    return answer.stdout.split()


def test_settling_freezes_what_lives_and_sets_the_thresholds() -> None:
    code = ("import gc; from durak_platform import collector; kept = [{} for _ in range(5000)];"
            " before = gc.get_freeze_count(); collector.settle();"
            " print(before, gc.get_freeze_count(), *gc.get_threshold())")
    before, frozen, *threshold = (int(word) for word in _python(code))
    assert before == 0 and frozen >= 5000
    assert tuple(threshold) == THRESHOLD
    told = _python("import gc; from durak_platform import collector; collector.settle(); print(*gc.get_threshold())",
                   DURAK_GC_THRESHOLD="900,5,7")
    assert told == ["900", "5", "7"]


def test_both_entry_points_settle_the_process() -> None:
    for module in ("durak_platform.wsgi", "durak_platform.asgi"):
        frozen, *threshold = (int(word) for word in _python(
            f"import gc, {module}; print(gc.get_freeze_count(), *gc.get_threshold())"))
        assert frozen > 10_000, module  # Django and the apps, frozen once started
        assert tuple(threshold) == THRESHOLD, module


def test_a_celery_worker_settles_once_started() -> None:
    from celery.signals import worker_process_init, worker_ready

    from durak_platform.celery import _collector_settled

    for signal in (worker_ready, worker_process_init):
        receivers = [found() if isinstance(found, weakref.ReferenceType) else found for _key, found in signal.receivers]
        assert _collector_settled in receivers
