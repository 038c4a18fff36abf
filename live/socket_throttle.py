"""A socket's own action rate limit, at the REST ``actions`` rate (``429 throttled``).

Per connection and in memory: a socket lives in one process, and REST's cache-backed
throttle would add a Redis round trip to every move for nothing.
"""

from __future__ import annotations

import time
from collections import deque

from django.conf import settings

from durak_platform.errors import ApplicationError

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class Throttled(ApplicationError):
    status = 429
    code = "throttled"


def parse_rate(rate: str) -> tuple[int, int]:
    """``"240/min"`` → (240, 60)."""
    count, period = rate.split("/")
    return int(count), PERIODS[period.strip()[0]]


class ActionRate:
    def __init__(self, rate: str | None = None) -> None:
        self.limit, self.period = parse_rate(rate or settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["actions"])
        self.times: deque[float] = deque()

    def check(self) -> None:
        """Count one action now, or refuse it with how long to wait."""
        now = time.monotonic()
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        if len(self.times) >= self.limit:
            wait = int(self.times[0] + self.period - now) + 1
            raise Throttled(f"Too many actions; try again in {wait} s.", retry_after=wait)
        self.times.append(now)
