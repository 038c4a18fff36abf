"""Random games for the property tests: any rules the engine offers, and games played out
from a seed by a random actor taking a random legal action."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.engine import (
    Action,
    Event,
    Rules,
    State,
    actors,
    apply,
    decide,
    legal_actions,
    replay,
    shuffled_deck,
    start,
)
from games.engine.rules import (
    DRAW_FIRST,
    DRAW_OTHERS,
    LAST_CARDS,
    LEADS,
    LIMITS,
    THROW_IN_ORDERS,
    THROW_INS,
    TRANSFER_CARDS,
    VARIANTS,
    max_players,
)

MAX_ACTIONS = 5_000  # a random game that has not ended by then has stalled or loops


def examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_rules(draw: st.DrawFn, most_players: int = 8) -> Rules:
    deck = draw(st.sampled_from((24, 36, 52)))
    players = draw(st.integers(2, min(most_players, max_players(deck))))
    bout_limit = draw(st.sampled_from((6, 6, 6, 1, 2, 3, 4, 5)))
    data = {
        "variant": draw(st.sampled_from(VARIANTS)),
        "players": players,
        "deck": deck,
        "teams": players in (4, 6) and draw(st.booleans()),
        "lead": draw(st.sampled_from(LEADS)),
        "bout_limit": bout_limit,
        "first_bout_limit": draw(st.sampled_from((bout_limit, min(5, bout_limit), 1))),
        "first_bout_take_sixth": draw(st.booleans()),
        "draw_first": draw(st.sampled_from(DRAW_FIRST)),
        "last_cards": draw(st.sampled_from(LAST_CARDS)),
        "pass_hands": draw(st.booleans()),
        "limit_by": draw(st.sampled_from(LIMITS)),
        "cap_when_deck_empty": draw(st.booleans()),
        "throw_in": draw(st.sampled_from(THROW_INS)),
        "throw_in_order": draw(st.sampled_from(THROW_IN_ORDERS)),
        "throw_after_take": draw(st.booleans()),
        "transfer_first_bout": draw(st.booleans()),
        "transfer_with_trump_on_table": draw(st.booleans()),
        "proezdnoy": draw(st.booleans()),
        "transfer_out": draw(st.booleans()),
        "transfer_cards": draw(st.sampled_from(TRANSFER_CARDS)),
        # A rule for three players only (docs/rules.md#transfers).
        "initiator_throws_after_transfer": players != 3 or draw(st.booleans()),
        "draw_others": draw(st.sampled_from(DRAW_OTHERS)),
        "draw_allowed": draw(st.booleans()),
        "redeal_five_of_suit": draw(st.booleans()),
        "spades_by_spades": draw(st.booleans()),
    }
    return Rules.from_dict(data)


SEEDS = st.integers(0, 2**32 - 1)


def play_at_random(rules: Rules, seed: int) -> Iterator[tuple[State, list[Event], int, Action]]:
    """Yield (state, events so far, seat, chosen action) before every action, to the end."""
    rng = random.Random(seed)
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    for _ in range(MAX_ACTIONS):
        seats = actors(state)
        if state.result is not None:
            assert seats == []
            return
        assert seats, "nobody can act: the game stalled"
        seat = rng.choice(seats)
        options = legal_actions(state, seat)
        assert options, f"seat {seat} is an actor without legal actions"
        action = rng.choice(options)
        yield state, events, seat, action
        new = decide(state, seat, action)
        for event in new:
            state = apply(state, event)
        events = events + new
    raise AssertionError(f"no result after {MAX_ACTIONS} actions")


def final(rules: Rules, seed: int) -> tuple[State, list[Event]]:
    rng = random.Random(seed)
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    while state.result is None:
        seat = rng.choice(actors(state))
        new = decide(state, seat, rng.choice(legal_actions(state, seat)))
        for event in new:
            state = apply(state, event)
        events += new
        assert len(events) < 40 * MAX_ACTIONS
    return state, events
