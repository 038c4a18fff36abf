"""Bouts of more than twelve attack cards: with the cap off once the stock is gone
(``cap_when_deck_empty``), only the defender's hand limits a bout, so a defender holding
many cards can face a table past twelve pairs (a master's playout met one and the engine's
table of defences, sized for twelve, raised IndexError)."""

from __future__ import annotations

import random

from games.engine import decide, legal_actions
from games.engine.actions import Attack, Defend
from games.engine.ai import observe
from games.engine.ai.determinize import determinize
from games.engine.ai.sim import mover, step
from games.engine.state import NO_SEAT, State
from tests.engine.ai.support import positions

# A moment of a random game (tests.engine.ai.support) at a table of four with the cap off,
# the stock gone and the defender holding most of the cards: its deals reach long bouts.
POSITION = 1792


def _the_position() -> tuple[State, int]:
    for i, (state, seat) in enumerate(positions(random.Random("levels-master"), 12)):
        if i == POSITION:
            return state, seat
    raise AssertionError("the random games no longer reach the position")


def test_every_card_of_a_bout_past_twelve_attacks_can_be_beaten() -> None:
    state, seat = _the_position()
    assert not state.rules.cap_when_deck_empty and state.deck_pos == len(state.deck)
    obs = observe(state, seat)
    rng = random.Random(0)
    longest = 0
    for _ in range(200):
        world = determinize(obs, rng)
        for _ in range(300):
            actor = mover(world)
            if actor == NO_SEAT:
                break
            actions = legal_actions(world, actor)
            for action in actions:
                if isinstance(action, Defend) and action.target >= 12:
                    assert decide(world, actor, action)  # accepted, not refused
            attacks = [a for a in actions if isinstance(a, (Attack, Defend))]
            world = step(world, actor, rng.choice(attacks or actions))
            longest = max(longest, len(world.table))
    assert longest > 12, longest  # the deals did reach a bout past twelve attacks
