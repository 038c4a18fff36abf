"""Narrowing a defender's choices for search, shared by the levels that search.

A defender's beats are limited to the first unbeaten card (every order of beating stays
reachable) and, of the plain cards that beat it, to the cheapest: a dearer card of the same
suit only keeps a cheaper one in hand. Trump beaters all stay: which trump to spend is a
real choice. Other actions (take, transfer) stay as they are.
"""

from __future__ import annotations

from games.engine.actions import Action, Defend
from games.engine.ai.observe import Observation


def defender_choices(obs: Observation, legal: list[Action], trumps: int) -> list[Action]:
    """``legal`` less a defender's near-twin beats (see the module's docstring)."""
    target = next((i for i, (_, d) in enumerate(obs.table) if d < 0), -1)
    kept: list[Action] = []
    plain_seen = False
    for action in legal:
        if type(action) is Defend:
            if action.target != target:
                continue
            if not trumps >> action.card & 1:
                if plain_seen:
                    continue
                plain_seen = True
        kept.append(action)
    return kept
