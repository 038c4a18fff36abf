"""The lean ``step`` used by search folds exactly like ``decide`` + ``apply``."""

from __future__ import annotations

import random

from games.engine import Rules, random_playout, replay
from games.engine.play import fast_playout

VARIANT_RULES = [
    {},
    {"variant": "perevodnoy", "players": 3},
    {"variant": "perevodnoy", "proezdnoy": True, "transfer_first_bout": False},
    {"variant": "simple", "players": 4},
    {"players": 4, "teams": True, "lead": "same_rank"},
    {"players": 6, "teams": True, "variant": "perevodnoy"},
    {"players": 5, "throw_in": "neighbours", "limit_by": "current_hand"},
    {"deck": 52, "players": 8, "cap_when_deck_empty": False},
    {"deck": 24, "players": 4, "first_bout_limit": 5, "throw_after_take": False},
    {"spades_by_spades": True, "draw_allowed": False, "redeal_five_of_suit": True},
    {"players": 5, "throw_in_order": "round", "draw_others": "left_of_defender", "variant": "perevodnoy"},
    {"players": 3, "variant": "perevodnoy", "initiator_throws_after_transfer": False, "transfer_cards": "one"},
    {"players": 6, "teams": True, "throw_in": "both_neighbours", "throw_in_order": "round"},
]


def test_step_path_reaches_the_same_state_as_the_event_path() -> None:
    """Same seed, same random choices: ``fast_playout`` (step) ends in the very state that
    ``random_playout`` (decide, events) ends in, and replaying those events agrees too."""
    for options in VARIANT_RULES:
        rules = Rules.from_dict(options)
        for seed in range(40):
            live, events = random_playout(rules, random.Random(seed))
            assert live.result is not None
            assert replay(events) == live
            assert fast_playout(rules, random.Random(seed)) == live, (options, seed)
