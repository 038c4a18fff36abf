"""The experienced level: the page's tips, a bounded search, and nothing hidden."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

from games.engine import Rules, State, actors, legal_actions, replay, shuffled_deck, start
from games.engine.actions import TAKE, Attack
from games.engine.ai import Observation, experienced, observe
from games.engine.ai.experienced import Seen
from games.engine.ai.sim import step
from games.engine.ai.tips import W
from tests.engine.ai.support import positions
from tests.engine.ai.test_information import reshuffled
from tests.engine.random_games import MAX_ACTIONS, SEEDS, any_rules


def two_player_positions(seed: str, games: int) -> list[tuple[State, int]]:
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    for variant in ("podkidnoy", "perevodnoy"):
        found += positions(rng, games, Rules(variant=variant, players=2))
    return found


def test_the_search_does_not_depend_on_hidden_cards() -> None:
    """Two players, every stage of the game: dealing the unseen cards again (other hand and
    stock) leaves the decision unchanged, and asking twice gives the same answer."""
    rng = random.Random("hidden")
    compared = 0
    for i, (state, seat) in enumerate(two_player_positions("hidden", 6)):
        if i % 3:
            continue
        other = reshuffled(state, seat, rng)
        if legal_actions(other, seat) != legal_actions(state, seat):
            continue
        first = experienced.choose(observe(state, seat))
        assert experienced.choose(observe(other, seat)) == first
        assert experienced.choose(observe(state, seat)) == first
        compared += 1
    assert compared > 50


def test_no_trump_is_led_or_thrown_in_while_the_stock_is_thick() -> None:
    """Small cards first: with more than ``keep_trumps`` cards to draw, it attacks with a
    trump only when it holds nothing else it may play."""
    checked = 0
    for state, seat in two_player_positions("thick", 12):
        obs = observe(state, seat)
        if obs.deck_count <= W["keep_trumps"] or obs.seat == obs.defender or len(obs.legal) == 1:
            continue
        action = experienced.choose(obs)
        trumps = Seen(obs).trumps
        plain = [a for a in obs.legal if type(a) is Attack and not any(trumps >> c & 1 for c in a.cards)]
        if type(action) is Attack and plain:
            assert not any(trumps >> c & 1 for c in action.cards), (obs, action)
            checked += 1
    assert checked > 100


def test_a_cheap_bout_is_taken_rather_than_a_high_trump_spent_early() -> None:
    """The page's king-on-a-six holds whatever the search would say."""
    fired = 0
    for state, seat in two_player_positions("take", 40):
        obs = observe(state, seat)
        if not obs.table or obs.seat != obs.defender or len(obs.legal) == 1:
            continue
        seen = Seen(obs)
        if experienced._take_cheap_bout(obs, seen, experienced._cheapest_defence(obs, seen)):
            assert experienced.choose(obs) == TAKE
            fired += 1
    assert fired > 0


def test_the_search_plays_a_bounded_number_of_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The work per decision is fixed by counts, not by the clock: at most
    ``search_playouts`` greedy playouts, fewer while the stock is thick."""
    calls = 0
    real = experienced.playout  # type: ignore[attr-defined]

    def counted(*args: object) -> float:
        nonlocal calls
        calls += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(experienced, "playout", counted)
    searched = 0
    for i, (state, seat) in enumerate(two_player_positions("bounded", 4)):
        if i % 2:
            continue
        obs = observe(state, seat)
        calls = 0
        experienced.choose(obs)
        limit = W["search_playouts"] / (1.0 + obs.deck_count / W["search_scale"])
        assert calls <= limit
        searched += calls > 0
    assert searched > 20


def omniscient(obs: Observation, state: State) -> Observation:
    """``obs`` as if the seat had been shown every other hand."""
    return obs._replace(known=tuple(0 if s == obs.seat else hand for s, hand in enumerate(state.hands)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=any_rules(most_players=6), seed=SEEDS)
def test_the_tips_twins_agree(rules: Rules, seed: int) -> None:
    """``tips_state`` (the master's playout policy, reading a full state) is ``tips`` of the
    seat's observation, for every seat that may act at every moment of a random game under
    any rules. The one exception is by design: leading with the stock gone and three or more
    players in, ``tips_state`` reads the defender's real hand where ``tips`` knows only what
    the defender may hold; there it is ``tips`` shown every hand (which it is everywhere)."""
    rng = random.Random(seed)
    state = replay(start(rules, shuffled_deck(rules, rng)))
    for _ in range(MAX_ACTIONS):
        seats = actors(state)
        if not seats:
            break
        for seat in seats:
            obs = observe(state, seat)
            twin = experienced.tips_state(state, seat)
            if state.table or state.deck_count or rules.players - state.out.bit_count() == 2:
                assert twin == experienced.tips(obs), (state, seat)
            assert twin == experienced.tips(omniscient(obs, state)), (state, seat)
            assert twin in obs.legal
        seat = rng.choice(seats)
        state = step(state, seat, rng.choice(legal_actions(state, seat)))
    assert state.result is not None
