"""placeholder"""
from __future__ import annotations

from random import Random

from games.engine.actions import Action
from games.engine.ai import greedy
from games.engine.ai.observe import Observation


def choose(obs: Observation, rng: Random, budget_ms: int | None = None) -> Action:
    return greedy.choose(obs)
