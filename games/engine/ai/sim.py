"""Moves for search: a *legal* action applied without checks, who moves, and the score.

``step`` is the engine's search step; ``lean_step`` builds the same move from public events
and ``apply`` (and follows ``decide``'s settling of a bout), kept as a cross-check: a test
replays random games of every variant through both and ``decide`` and compares the states.
``mover`` fixes one turn order when two seats may act at once (the defender first while a
card lies unbeaten), for playouts and the solver.
"""

from __future__ import annotations

from games.engine.actions import Action, Attack, Defend, Pass, Take, Transfer
from games.engine.decide import step as engine_step
from games.engine.events import (
    AttackPlayed,
    AttackTransferred,
    BoutEnded,
    BoutStarted,
    CardBeaten,
    CardsDrawn,
    GameFinished,
    Passed,
    PlayerOut,
    TakeDeclared,
)
from games.engine.fold import apply
from games.engine.legal import transfer_target
from games.engine.rules import HAND_SIZE
from games.engine.state import NO_SEAT, State, current_thrower, defender_for, next_active, partners


def lean_step(state: State, seat: int, action: Action) -> State:
    """The state after the legal ``action`` by ``seat`` and all that follows from it."""
    kind = type(action)
    if kind is Defend:
        state = apply(state, CardBeaten(seat, action.card, action.target))  # type: ignore[union-attr]
    elif kind is Attack:
        state = apply(state, AttackPlayed(seat, action.cards))  # type: ignore[union-attr]
    elif kind is Take:
        state = apply(state, TakeDeclared(seat))
    elif kind is Pass:
        state = apply(state, Passed(seat))
    elif kind is Transfer:
        target = transfer_target(state)
        state = apply(state, AttackTransferred(seat, action.cards, action.shown, target))  # type: ignore[union-attr]
    return settle(state)


# Search uses the engine's own ``step`` (one copy, no events); ``lean_step`` is the same
# move built from public events, kept as a cross-check in the tests.
step = engine_step


def bout_over(state: State) -> bool:
    if not state.table:
        return False
    if not state.taking:
        for _, defense in state.table:
            if defense < 0:
                return False
    return current_thrower(state) == NO_SEAT


def settle(state: State) -> State:
    """End the bout if nobody may act in it any more: discard or pick up, draw, leave,
    finish or start the next bout (as ``decide`` does)."""
    if not bout_over(state):
        return state
    defender = state.defender
    taken = state.taking
    cards = tuple(c for pair in state.table for c in pair if c >= 0)
    state = apply(state, BoutEnded("taken" if taken else "beaten", defender, cards))
    n = state.rules.players
    order = [(state.lead + i) % n for i in range(n)]
    order = [s for s in order if s != defender] + [defender]
    size = len(state.deck)
    for seat in order:
        missing = HAND_SIZE - state.hands[seat].bit_count()
        if missing <= 0 or state.deck_pos >= size or state.out >> seat & 1:
            continue
        state = apply(state, CardsDrawn(seat, state.deck[state.deck_pos : state.deck_pos + missing]))
    if state.deck_pos >= size:
        for seat in order:
            if not state.out >> seat & 1 and not state.hands[seat]:
                state = apply(state, PlayerOut(seat))
    finished = finish(state, defender)
    if finished is not None:
        return apply(state, finished)
    if not taken:
        attacker = defender if not state.out >> defender & 1 else successor(state, defender)
    else:
        attacker = next_active(state, defender)
    return apply(state, BoutStarted(attacker, defender_for(state, attacker)))


def successor(state: State, seat: int) -> int:
    rules = state.rules
    if rules.teams:
        n = rules.players
        for i in range(1, n):
            other = (seat + i) % n
            if partners(rules, seat, other) and not state.out >> other & 1:
                return other
    return next_active(state, seat)


def finish(state: State, last_defender: int) -> GameFinished | None:
    rules = state.rules
    n = rules.players
    active = [s for s in range(n) if not state.out >> s & 1]
    if rules.teams:
        teams_left = {s % 2 for s in active}
        if len(teams_left) > 1:
            return None
        if teams_left:
            team = teams_left.pop()
        elif rules.draw_allowed:
            return GameFinished(None, True, (), state.places)
        else:
            team = last_defender % 2
        losers = tuple(s for s in range(n) if s % 2 == team)
        durak = active[0] if len(active) == 1 else None
        return GameFinished(durak, False, losers, state.places)
    if len(active) > 1:
        return None
    if active:
        return GameFinished(active[0], False, (active[0],), state.places)
    if rules.draw_allowed:
        return GameFinished(None, True, (), state.places)
    return GameFinished(last_defender, False, (last_defender,), state.places)


def mover(state: State) -> int:
    """One seat to act now when several may: the defender while a card lies unbeaten,
    otherwise the current thrower (or the leader)."""
    if state.result is not None or state.attacker == NO_SEAT:
        return NO_SEAT
    if not state.table:
        return state.attacker
    if not state.taking:
        for _, defense in state.table:
            if defense < 0:
                return state.defender
    return current_thrower(state)


def score(state: State, seat: int) -> float:
    """A finished game for ``seat``: 1 not a loser, 0 a loser, 0.5 a draw."""
    result = state.result
    if result is None:
        return 0.5
    if result.draw:
        return 0.5
    return 0.0 if seat in result.losers else 1.0
