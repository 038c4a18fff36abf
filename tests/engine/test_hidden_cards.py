"""The public record does not depend on hidden cards (docs/rules.md#throwing-in).

From a random reachable position, the cards a viewer cannot see (the others' hands, less
what the table saw go in, and optionally the undrawn stock under the face-up trump) are
dealt again at random, keeping the viewer's hand, the table, the trump and every count.
Both worlds are then played on with the same public moves, and for the viewer nothing
may differ: who is asked to act (``actors``, the view's ``to_act``), the viewer's whole
view, the redacted events, and the answer (events or refusal, code and message) to every
action the viewer might try. The others are driven by a policy that sees no more than
the viewer does, plus "pass when there is nothing to throw": an action is played only
when it is legal in both worlds, so the comparison runs until the worlds' own choices
must differ (a lead of a card one world's seat does not hold) or the viewer draws cards
that the re-dealt stock decided.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    PASS,
    TAKE,
    Action,
    Attack,
    CardsDrawn,
    Defend,
    EngineError,
    Event,
    HandsPassed,
    Rules,
    State,
    Transfer,
    actors,
    decide,
    legal_actions,
    redact,
    view,
)
from games.engine.cards import card_list, deck_cards
from games.engine.decide import decide_and_apply
from tests.engine.random_games import SEEDS, any_rules, examples, play_at_random

STEPS = 120  # public moves compared from each position


def redealt(state: State, viewer: int | None, rng: random.Random, stock: bool) -> State:
    """``state`` with the cards ``viewer`` cannot see dealt again: each other hand keeps
    its known cards and its count; with ``stock`` the undrawn cards (all but the face-up
    trump at the bottom) are shuffled in too."""
    n = state.rules.players
    others = [s for s in range(n) if s != viewer]
    pool = []
    for seat in others:
        pool += card_list(state.hands[seat] & ~state.known[seat])
    undrawn = list(state.deck[state.deck_pos:])
    hidden_stock = undrawn[:-1] if stock and undrawn else []
    pool += hidden_stock
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        need = (state.hands[seat] & ~state.known[seat]).bit_count()
        hands[seat] = state.known[seat] | sum(1 << card for card in pool[:need])
        pool = pool[need:]
    deck = state.deck
    if hidden_stock:
        deck = state.deck[: state.deck_pos] + tuple(pool) + (undrawn[-1],)
    return state.evolve(hands=tuple(hands), deck=deck)


def attempts(state: State, viewer: int, rng: random.Random) -> list[Action]:
    """Actions the viewer might try now: everything legal, and a few that may not be."""
    hand = card_list(state.hands[viewer])
    everything = list(deck_cards(state.rules.deck))
    tries: list[Action] = list(legal_actions(state, viewer))
    tries += [PASS, TAKE]
    for pool in (hand, hand, everything):
        card = rng.choice(pool) if pool else everything[0]
        tries.append(Attack((card,)))
        tries.append(Defend(card, rng.randrange(max(1, len(state.table) + 1))))
        tries.append(Transfer((card,)))
        tries.append(Transfer((card,), True))
    if len(hand) >= 2:
        tries.append(Attack(tuple(rng.sample(hand, 2))))
    return tries


def seen(events: list[Event], viewer: int | None, stock: bool) -> list[dict[str, Any]]:
    """The events as ``viewer`` sees them, less what the re-deal rightly changed: the cards
    of its own draws from a re-dealt stock, and the hands of a ``hands_passed``."""
    out = []
    for event in events:
        data = redact(event, viewer)
        if isinstance(event, HandsPassed) or stock and isinstance(event, CardsDrawn):
            data.pop("hands", None)
            data.pop("cards", None)
        out.append(data)
    return out


def answer(state: State, seat: int, action: Action, viewer: int | None, stock: bool) -> Any:
    """What ``viewer`` sees of ``seat`` trying ``action``: the events, or the refusal."""
    try:
        events = decide(state, seat, action)
    except EngineError as error:
        return (type(error).__name__, error.code, error.message)
    return seen(events, viewer, stock)


def viewer_learns_hidden(events: list[Event], viewer: int | None, stock: bool) -> bool:
    """Events after which the worlds may rightly differ for the viewer: cards it draws
    from a re-dealt stock, or a hand passed to it from a re-dealt seat."""
    for event in events:
        if isinstance(event, HandsPassed):
            return True
        if stock and isinstance(event, CardsDrawn) and event.seat == viewer:
            return True
    return False


def policy(real: State, other: State, seat: int, rng: random.Random) -> Action | None:
    """The move of a seat that is not the viewer: one legal in both worlds (a pass or a
    take always is, when offered), None when the worlds' hands leave no common move."""
    mine = legal_actions(real, seat)
    theirs = legal_actions(other, seat)
    # Being asked to pass or take is public: it must not depend on the seat's cards.
    assert (PASS in mine) == (PASS in theirs), (seat, mine, theirs)
    assert (TAKE in mine) == (TAKE in theirs), (seat, mine, theirs)
    common = [action for action in mine if action in theirs]
    if not common:
        return None
    if PASS in common and not any(isinstance(a, Attack) for a in common):
        return PASS  # nothing to throw in: the only move
    return rng.choice(common)


def compare_from(real: State, other: State, viewer: int | None, rng: random.Random, stock: bool) -> int:
    """Play both worlds on; assert the viewer cannot tell them apart. Returns the number
    of public moves compared."""
    for step in range(STEPS):
        seats = actors(real)
        assert seats == actors(other), f"step {step}: who is asked depends on hidden cards"
        assert view(real, viewer) == view(other, viewer), f"step {step}: the view differs"
        if not seats:
            return step
        if viewer is not None:
            for tried in attempts(real, viewer, rng):
                assert answer(real, viewer, tried, viewer, stock) == answer(other, viewer, tried, viewer, stock), (
                    f"step {step}: {tried!r} answered differently")
        seat = rng.choice(seats)
        if seat == viewer:
            action: Action | None = rng.choice(legal_actions(real, seat))
        else:
            action = policy(real, other, seat, rng)
        if action is None:
            return step
        events, real = decide_and_apply(real, seat, action)
        their_events, other = decide_and_apply(other, seat, action)
        assert seen(events, viewer, stock) == seen(their_events, viewer, stock), (
            f"step {step}: the events of {action!r} differ for the viewer")
        if viewer_learns_hidden(events, viewer, stock):
            return step
    return STEPS


@examples(200)
@given(rules=any_rules(most_players=6), seed=SEEDS, cut=st.floats(0.0, 1.0), stock=st.booleans(),
       spectator=st.booleans())
def test_a_viewer_cannot_tell_hidden_cards_apart(rules: Rules, seed: int, cut: float, stock: bool,
                                                  spectator: bool) -> None:
    """The same public moves give the viewer the same askings, views, events and errors,
    whatever the cards it cannot see."""
    positions = [(state, seat) for state, _, seat, _ in play_at_random(rules, seed)]
    state, _ = positions[int(cut * (len(positions) - 1))]
    rng = random.Random(seed)
    live = [s for s in range(rules.players) if not state.out >> s & 1]
    viewer = None if spectator else rng.choice(live)
    other = redealt(state, viewer, rng, stock)
    compare_from(state, other, viewer, rng, stock)


def test_the_redeal_changes_hands_and_the_comparison_runs_long() -> None:
    """The property is not empty: hidden hands do change, and the worlds are compared over
    many public moves, passes among them."""
    rng = random.Random("hidden")
    changed = moves = 0
    for game in range(30):
        rules = Rules.from_dict({"players": 2 + game % 4, "variant": ("podkidnoy", "perevodnoy")[game % 2]})
        positions = [state for state, _, _, _ in play_at_random(rules, game)]
        state = positions[len(positions) // 3]
        viewer = game % rules.players
        other = redealt(state, viewer, rng, stock=bool(game % 3))
        changed += other.hands != state.hands
        moves += compare_from(state, other, viewer, rng, stock=bool(game % 3))
    assert changed > 20 and moves > 300, (changed, moves)
