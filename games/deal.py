"""Where a new game's deck order comes from.

In play: the operating system's randomness (``random.SystemRandom``), which nobody can
predict or replay. In tests, ``DURAK_DEAL_SEED`` (test settings only) makes every deal
a function of that seed and the game's id, so a random game that failed can be dealt
again exactly: the test run prints the seed it used (``tests/conftest.py``).
"""

from __future__ import annotations

import random

from django.conf import settings


def deal_random(game_id: int) -> random.Random:
    """The random source that shuffles game ``game_id``'s deck."""
    seed = getattr(settings, "DURAK_DEAL_SEED", None)
    if seed is None:
        return random.SystemRandom()
    return random.Random(f"durak-deal:{seed}:{game_id}")
