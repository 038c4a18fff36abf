"""Property tests over random games of every variant and option, 2 to 8 players.

Each example draws a set of rules and a seed; the game is then played out at random
(a random actor, a random legal action) and checked at every step.
"""

from __future__ import annotations

import contextlib
import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given

from games.engine import (
    PASS,
    TAKE,
    Action,
    Attack,
    CardsDealt,
    CardsDrawn,
    Defend,
    EngineError,
    Event,
    GameStarted,
    HandsPassed,
    IllegalAction,
    InvalidAction,
    Rules,
    State,
    Transfer,
    action_from_dict,
    actors,
    decide,
    event_from_dict,
    event_to_dict,
    legal_actions,
    parse_card,
    redact,
    replay,
    shuffled_deck,
    view,
)
from games.engine.cards import CARD_COUNT, card_list, deck_cards
from games.engine.fold import needs_redeal
from tests.engine.random_games import SEEDS, any_rules, examples, final, play_at_random

# ------------------------------------------------------------------ helpers

def cards_of_mask(mask: int) -> set[int]:
    return set(card_list(mask))


def check_conservation(state: State) -> None:
    """Every card of the deck is in exactly one place: the stock, a hand, the table or
    the discard pile."""
    places: list[set[int]] = [set(state.deck[state.deck_pos:])]
    places += [cards_of_mask(h) for h in state.hands]
    places.append({c for pair in state.table for c in pair if c >= 0})
    places.append(cards_of_mask(state.discard))
    seen: set[int] = set()
    total = 0
    for place in places:
        assert not seen & place, f"a card is in two places: {seen & place}"
        seen |= place
        total += len(place)
    assert seen == set(deck_cards(state.rules.deck)) and total == state.rules.deck
    for seat, known in enumerate(state.known):
        assert known & ~state.hands[seat] == 0, "a known card is not in its hand"


def strings(data: Any) -> Iterator[str]:
    """Every string value in a JSON-like structure (not the keys)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from strings(value)


def cards_named(data: Any) -> set[int]:
    found = set()
    for text in strings(data):
        with contextlib.suppress(EngineError):
            found.add(parse_card(text))
    return found


def check_views(state: State) -> None:
    n = state.rules.players
    table = {c for pair in state.table for c in pair if c >= 0}
    public = table | {state.trump}
    for s in range(n):
        public |= cards_of_mask(state.known[s])
    spectator = view(state, None)
    assert spectator["you"] is None and spectator["legal_actions"] == []
    assert cards_named(spectator) <= public, "a spectator sees a hidden card"
    for seat in range(n):
        seen = view(state, seat)
        hand = cards_of_mask(state.hands[seat])
        assert {parse_card(c) for c in seen["you"]["hand"]} == hand
        assert cards_named(seen) <= public | hand, f"seat {seat} sees a card it could not see"
        assert [s["hand_count"] for s in seen["seats"]] == [h.bit_count() for h in state.hands]
        assert seen["deck_count"] == state.deck_count


def check_redaction(event: Event, viewers: list[int | None]) -> None:
    """No redacted event shows a viewer a card that went secretly into another hand."""
    for viewer in viewers:
        data = redact(event, viewer)
        json.dumps(data)
        shown = cards_named(data)
        if isinstance(event, GameStarted):
            assert "deck" not in data and not shown, "the deck order leaked"
        elif isinstance(event, CardsDealt):
            hidden = {c for s, hand in enumerate(event.hands) if s != viewer for c in hand} - {event.trump}
            assert not shown & hidden, f"seat {viewer} sees another's dealt card"
            assert [h is not None for h in data["hands"]] == [s == viewer for s in range(len(event.hands))]
        elif isinstance(event, HandsPassed):
            own = set(event.hands[viewer]) if viewer is not None else set()
            assert shown <= own, f"seat {viewer} sees a passed hand that is not its own"
            assert [h is not None for h in data["hands"]] == [s == viewer for s in range(len(event.hands))]
        elif isinstance(event, CardsDrawn) and event.seat != viewer:
            assert not shown, f"seat {viewer} sees seat {event.seat}'s drawn cards"
            assert data["count"] == len(event.cards)


def check_round_trip(event: Event) -> None:
    data = json.loads(json.dumps(event_to_dict(event)))
    assert data["v"] >= 1
    assert event_from_dict(data) == event


_KIND_ORDER = {Attack: 0, Defend: 1, Transfer: 2, type(TAKE): 3, type(PASS): 4}


def check_fixed_order(state: State, seat: int, options: list[Action]) -> None:
    """Attacks, then defences (by target, then card), transfers, take, pass; cards
    cheapest first; a lead's options by rank, then size."""
    assert options == legal_actions(state, seat), "legal_actions is not repeatable"
    assert len(set(options)) == len(options), "an action is listed twice"
    kinds = [_KIND_ORDER[type(a)] for a in options]
    assert kinds == sorted(kinds)
    attacks = [a.cards for a in options if isinstance(a, Attack)]
    for cards in attacks:
        assert list(cards) == sorted(cards)
    assert attacks == sorted(attacks, key=lambda cards: (cards[0] // 4, len(cards), cards))
    defends = [(a.target, a.card) for a in options if isinstance(a, Defend)]
    assert defends == sorted(defends)
    laid = [a.cards for a in options if isinstance(a, Transfer) and not a.shown]
    assert laid == sorted(laid, key=lambda cards: (len(cards), cards))
    shown = [a.shown for a in options if isinstance(a, Transfer)]
    assert shown == sorted(shown)


def normal(action: Action) -> Action:
    """An action with its cards in index order (as legal_actions lists them)."""
    if isinstance(action, Attack):
        return Attack(tuple(sorted(action.cards)))
    if isinstance(action, Transfer):
        return Transfer(tuple(sorted(action.cards)), action.shown)
    return action


# ------------------------------------------------------------------ properties

@examples(100)
@given(rules=any_rules(), seed=SEEDS)
def test_random_games_keep_every_invariant(rules: Rules, seed: int) -> None:
    """Cards are conserved at every step, every legal action is accepted, the game ends,
    views and redacted events hide what they must, and replay rebuilds the live state."""
    viewers: list[int | None] = [None, *range(rules.players)]
    state = events = None
    checked = 0
    for state, events, seat, chosen in play_at_random(rules, seed):
        check_conservation(state)
        for actor in actors(state):
            options = legal_actions(state, actor)
            check_fixed_order(state, actor, options)
            for action in options:
                new = decide(state, actor, action)
                assert new and new[0].seat == actor  # type: ignore[union-attr]
                assert new == decide(state, actor, action), "decide is not deterministic"
        for idle in set(range(rules.players)) - set(actors(state)):
            assert legal_actions(state, idle) == [], f"seat {idle} has actions but is not an actor"
        for event in events[checked:]:
            check_redaction(event, viewers)
            check_round_trip(event)
        checked = len(events)
        if len(events) % 7 == 0:
            check_views(state)
        assert chosen in legal_actions(state, seat)
    assert state is not None and events is not None
    last, all_events = final(rules, seed)
    check_conservation(last)
    check_views(last)
    assert last.result is not None
    assert replay(all_events) == last
    result = last.result
    if result.draw:
        assert result.durak is None and result.losers == () and len(result.places) == rules.players
    else:
        assert result.losers and (result.durak is None or result.durak in result.losers)
        if not rules.teams:
            assert result.losers == (result.durak,)
    for event in all_events[checked:]:
        check_redaction(event, viewers)
        check_round_trip(event)


@examples(80)
@given(rules=any_rules(most_players=6), seed=SEEDS)
def test_replay_equals_live_state_at_every_step(rules: Rules, seed: int) -> None:
    """``replay(events)`` rebuilds exactly the live state, mid-game as at the end."""
    for state, events, _, _ in play_at_random(rules, seed):
        if len(events) % 5 == 0:
            assert replay(events) == state
    state, events = final(rules, seed)
    assert replay(events) == state
    assert replay(event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in events) == state


def random_action(rng: random.Random, deck: int) -> Action | dict[str, Any]:
    """A random action: random type, cards from the whole 52, random target and flag,
    or a random piece of JSON."""
    cards = tuple(rng.sample(range(CARD_COUNT), rng.choice((1, 1, 1, 2, 3))))
    if rng.random() < 0.7:  # mostly cards that exist in this deck
        pool = deck_cards(deck)
        cards = tuple(rng.sample(pool, min(len(cards), len(pool))))
    kind = rng.randrange(6)
    if kind == 0:
        return Attack(cards)
    if kind == 1:
        return Defend(cards[0], rng.choice((0, 0, 1, 2, 5, 9)))
    if kind == 2:
        return Transfer(cards[:1] if rng.random() < 0.5 else cards, rng.random() < 0.3)
    if kind == 3:
        return TAKE
    if kind == 4:
        return PASS
    junk: list[Any] = [
        {"type": "attack", "cards": ["6S", "6S"]}, {"type": "attack", "cards": []}, {"type": "defend"},
        {"type": "defend", "card": "7S", "target": -1}, {"type": "fly"}, {"type": "attack", "cards": ["11S"]},
        {"type": "transfer", "cards": ["6S"], "shown": 1}, [], "take",
    ]
    return rng.choice(junk)


@examples(80)
@given(rules=any_rules(most_players=6), seed=SEEDS)
def test_illegal_actions_are_refused_and_change_nothing(rules: Rules, seed: int) -> None:
    """Random actions from random seats (including out seats and legal actions from the
    wrong seat) are either legal or refused with InvalidAction/IllegalAction, and a refusal
    changes nothing; whatever decide accepts is in legal_actions."""
    rng = random.Random(seed ^ 0x5EED)
    n = rules.players
    for state, events, seat, chosen in play_at_random(rules, seed):
        before = pickle.dumps(state)
        attempts: list[tuple[Any, Any]] = [(rng.randrange(n), random_action(rng, rules.deck)) for _ in range(4)]
        others = [s for s in range(n) if s != seat]
        attempts.append((rng.choice(others), chosen))  # a legal action from another seat
        attempts.append((rng.choice((n, -1, "0", None, True)), chosen))  # no such seat
        for who, attempt in attempts:
            action: Action | None = None
            try:
                action = action_from_dict(attempt) if isinstance(attempt, (dict, list, str)) else attempt
                new = decide(state, who, action)
            except (InvalidAction, IllegalAction) as refusal:
                assert refusal.code and refusal.message
                assert pickle.loads(before) == state, "a refused action changed the state"
                valid_seat = isinstance(who, int) and not isinstance(who, bool) and 0 <= who < n
                if action is not None and valid_seat:
                    assert normal(action) not in legal_actions(state, who), f"{action} is legal yet refused"
            else:
                assert isinstance(who, int) and 0 <= who < n
                assert normal(action) in legal_actions(state, who), f"decide accepted {action} from {who}"
                assert new
        assert pickle.loads(before) == state
        if len(events) % 11 == 0:
            assert replay(events) == state


@examples(60)
@given(rules=any_rules(), seed=SEEDS)
def test_shuffled_deck_never_needs_a_redeal(rules: Rules, seed: int) -> None:
    """With redeal_five_of_suit the stored deck is the one actually played: never a deal
    with five cards of one suit in a hand."""
    deck = shuffled_deck(rules, random.Random(seed))
    assert sorted(deck) == list(deck_cards(rules.deck))
    if rules.redeal_five_of_suit:
        assert not needs_redeal(rules, deck)


@examples(100)
@given(rules=any_rules())
def test_rules_round_trip(rules: Rules) -> None:
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
