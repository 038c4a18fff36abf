"""The novice: plays almost at random and does not save trumps.

Most moves are a random legal action; it rarely gives up a bout it could fight, and now
and then plays its lowest card by rank alone, trump or not. It always answers with a
legal action, so a game with it never stalls.
"""

from __future__ import annotations

from random import Random

from games.engine.actions import TAKE, Action, Attack, Defend, Take
from games.engine.ai.observe import Observation


def choose(obs: Observation, rng: Random) -> Action:
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.3:
        # The lowest card by rank, blind to trumps.
        plays = [a for a in legal if type(a) in (Attack, Defend)]
        if plays:
            return min(plays, key=lambda a: min(a.cards) if type(a) is Attack else a.card)  # type: ignore[union-attr]
    fights = [a for a in legal if type(a) is not Take]
    if TAKE in legal and fights and rng.random() < 0.85:
        return rng.choice(fights)
    return rng.choice(legal)
