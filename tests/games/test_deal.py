"""Deals: unpredictable in play, replayable in tests."""

from __future__ import annotations

import random

from django.test import override_settings

from games.deal import deal_random


def test_a_seeded_deal_is_a_function_of_the_seed_and_the_game() -> None:
    with override_settings(DURAK_DEAL_SEED="abc"):
        first = [deal_random(7).random() for _ in range(2)]
        assert deal_random(7).random() == first[0]
        assert deal_random(8).random() != first[0]
    with override_settings(DURAK_DEAL_SEED="abd"):
        assert deal_random(7).random() != first[0]


def test_without_a_seed_the_deal_is_the_systems_randomness() -> None:
    with override_settings(DURAK_DEAL_SEED=None):
        assert isinstance(deal_random(7), random.SystemRandom)
