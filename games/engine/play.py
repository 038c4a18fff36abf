"""Conveniences over decide/apply: one move, and a whole random game."""

from __future__ import annotations

import random

from games.engine.actions import Action
from games.engine.decide import advance, decide_and_apply
from games.engine.events import Event
from games.engine.fold import replay, shuffled_deck, start
from games.engine.legal import actors, legal_actions
from games.engine.rules import Rules
from games.engine.state import State


def play(state: State, seat: object, action: object) -> tuple[State, list[Event]]:
    """Decide ``action`` and fold its events: the new state and what happened."""
    events, state = decide_and_apply(state, seat, action)
    return state, events


def random_move(state: State, rng: random.Random) -> tuple[int, Action] | None:
    """A uniformly random actor and then a uniformly random legal action of theirs (None
    once the game is over). ``int(random() * n)`` rather than ``choice``: the same uniform
    pick at a third of the cost, on the hot path of every playout."""
    seats = actors(state)
    if not seats:
        return None
    seat = seats[0] if len(seats) == 1 else seats[int(rng.random() * len(seats))]
    options = legal_actions(state, seat)
    return seat, options[0] if len(options) == 1 else options[int(rng.random() * len(options))]


def random_playout(rules: Rules, rng: random.Random, max_actions: int = 10_000) -> tuple[State, list[Event]]:
    """A whole game of uniformly random legal play, recording every event."""
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    for _ in range(max_actions):
        move = random_move(state, rng)
        if move is None:
            break
        new, state = decide_and_apply(state, *move)
        events.extend(new)
    return state, events


def fast_playout(rules: Rules, rng: random.Random, max_actions: int = 10_000) -> State:
    """``random_playout`` for search: the same random moves through ``step`` (in place, on
    the playout's own state), no events."""
    state = replay(start(rules, shuffled_deck(rules, rng)))  # this playout's own state
    for _ in range(max_actions):
        move = random_move(state, rng)
        if move is None:
            break
        advance(state, move[0], move[1])
    return state
