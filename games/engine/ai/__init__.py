"""Computer players. ``choose_action`` is the one door the platform uses.

Every level decides from what its own seat could see: ``choose_action`` turns the state
into that seat's ``Observation`` (see ``observe``) and passes the level nothing else.

Levels: ``random`` and ``greedy`` are the arena's baselines; ``novice`` plays almost at
random; ``experienced`` follows the page's tips (a pure function of the observation);
``master`` searches over deals consistent with the observation within ``budget_ms``
(default 1000) and solves endgames exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from enum import StrEnum

from games.engine.actions import Action
from games.engine.ai import experienced, greedy, master, novice, random_play
from games.engine.ai.observe import Observation, observe
from games.engine.ai.reads import reads_for
from games.engine.events import Event
from games.engine.state import State


class Level(StrEnum):
    """A computer player's level, weakest first (the arena's baselines last)."""

    RANDOM = "random"
    NOVICE = "novice"
    EXPERIENCED = "experienced"
    MASTER = "master"
    GREEDY = "greedy"


LEVELS = tuple(level.value for level in Level)
# Levels that read the others' moves from the game's history.
READERS = frozenset({"master"})


def choose_action(state: State, seat: int, level: str = "experienced", seed: int = 0,
                  budget_ms: int | None = None, history: Iterable[Event] | None = None,
                  work: int | None = None) -> Action:
    """The action the computer player of ``level`` takes from ``seat`` now.

    ``seed`` makes the choice repeatable (the platform passes one derived from the game
    and seq, so a task run twice picks the same move); ``budget_ms`` bounds search levels.
    ``history``, the game's events up to ``state``, lets the master read the others'
    moves (``reads``); the other levels go by the state alone. ``work`` (the arena's
    comparisons) bounds the master by a count of playouts instead of the clock.
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown AI level {level!r}; one of {', '.join(LEVELS)}.")
    obs = observe(state, seat)
    if not obs.legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    if level in READERS and history is not None and len(obs.legal) > 1:
        obs = obs._replace(reads=reads_for(history, seat))
    return choose_from_observation(obs, level, seed, budget_ms, work)


def choose_from_observation(obs: Observation, level: str, seed: int = 0,
                            budget_ms: int | None = None, work: int | None = None) -> Action:
    """The level's choice given only what the seat saw."""
    if len(obs.legal) == 1:
        return obs.legal[0]
    if level == "greedy":
        return greedy.choose(obs)
    if level == "experienced":
        return experienced.choose(obs)
    rng = random.Random(seed)
    if level == "random":
        return random_play.choose(obs, rng)
    if level == "novice":
        return novice.choose(obs, rng)
    return master.choose(obs, rng, budget_ms, work)


__all__ = ["LEVELS", "Level", "READERS", "Observation", "choose_action", "choose_from_observation", "observe"]
