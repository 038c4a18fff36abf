"""placeholder"""
from __future__ import annotations

from games.engine.actions import Action
from games.engine.ai import greedy
from games.engine.ai.observe import Observation


def choose(obs: Observation) -> Action:
    return greedy.choose(obs)
