"""The garbage collector of a server process, settled once it has started.

A server process holds some hundreds of thousands of objects from its start (Django, the
apps, their modules and tables) that live as long as it does, and the caches of live play
add more (each watched game's events and texts, the states). CPython's full collection
walks every one of them: under the load of 500 tables (``benchmarks/load.py``) each took
0.46-0.64 s in a socket or REST process, some ten times a run, and every socket or request
of that process waited meanwhile: the p99 of a move's way to the sockets was those pauses.
So, once started, the process freezes what it has (``gc.freeze``: left out of every later
collection, as it would never be freed anyway) and collects less often. Measured at 500
tables: with the freeze alone the full collections still took some 200 ms (the caches) and
the p99 was 437 ms; with these thresholds none ran in 40 s, the longest pause was 28 ms
and the p99 121 ms (from 537). ``DURAK_GC_THRESHOLD`` (``"gen0,gen1,gen2"``) overrides them.
"""

from __future__ import annotations

import gc
import os

# Allocations between young collections, and young (then middle) collections between older
# ones. CPython's (700, 10, 10) ran a full collection every few seconds under load; 5,000
# or 20,000 allocations made each young collection long enough to show in the p99.
THRESHOLD = (2_000, 20, 20)


def settle(threshold: tuple[int, int, int] = THRESHOLD) -> None:
    """Collect once, freeze everything alive now and set ``threshold`` (see the module;
    ``DURAK_GC_THRESHOLD`` wins over it)."""
    gc.collect()
    gc.freeze()
    given = os.environ.get("DURAK_GC_THRESHOLD")
    gc.set_threshold(*(tuple(int(part) for part in given.split(",")) if given else threshold))
