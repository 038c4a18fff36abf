"""Uniformly random legal play: the weakest baseline."""

from __future__ import annotations

from random import Random

from games.engine.actions import Action
from games.engine.ai.observe import Observation


def choose(obs: Observation, rng: Random) -> Action:
    legal = obs.legal
    return legal[0] if len(legal) == 1 else rng.choice(legal)
