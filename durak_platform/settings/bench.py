"""``benchmarks/api.py``: production, plus the bare insert endpoint the move path is
compared with (``/bench/ceiling/``). The endpoint and its table exist nowhere else."""

from durak_platform.settings.production import *  # noqa: F403
from durak_platform.settings.production import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "benchmarks.ceiling"]
DURAK_BENCHMARK_ENDPOINTS = True
