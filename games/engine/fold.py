"""Starting a game and folding events into state: ``start``, ``apply``, ``replay``.

``apply`` trusts its events (``decide`` checked them) and never raises on events that
``decide`` produced; it does no validation, no clock and no randomness, so replaying a
stored game always rebuilds exactly the live state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from games.engine import drawing, leaving, moves
from games.engine.cards import BIT, CARD_COUNT, RANK_OF, SPADES, SUIT_MASK, SUIT_OF, deck_cards
from games.engine.errors import InvalidAction
from games.engine.events import (
    AttackPlayed,
    AttackTransferred,
    BoutEnded,
    BoutStarted,
    CardBeaten,
    CardsDealt,
    CardsDrawn,
    DealCommitment,
    Event,
    GameFinished,
    GameStarted,
    HandsPassed,
    Passed,
    PlayerOut,
    SeatGivenUp,
    TakeDeclared,
)
from games.engine.rules import HAND_SIZE, Rules
from games.engine.state import (
    NO_SEAT,
    State,
    _derive_turn,
    _new_tuple,
    defender_for,
)

_SPADE_ORDER = {rank: i for i, rank in enumerate((2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 12))}


@lru_cache(maxsize=64)
def beaters_for(spades_by_spades: bool, trump_suit: int) -> tuple[int, ...]:
    """For every card, the set of cards that beat it."""
    table = []
    for card in range(CARD_COUNT):
        suit, rank = SUIT_OF[card], RANK_OF[card]
        if spades_by_spades and suit == SPADES:
            # «Пики пиками»: spades only by spades, and the queen is the highest spade.
            mask = 0
            for other in range(CARD_COUNT):
                if SUIT_OF[other] == SPADES and _SPADE_ORDER[RANK_OF[other]] > _SPADE_ORDER[rank]:
                    mask |= BIT[other]
            table.append(mask)
            continue
        mask = 0
        for other in range(card + 1, CARD_COUNT):
            if SUIT_OF[other] == suit:
                mask |= BIT[other]
        if trump_suit >= 0 and suit != trump_suit:
            mask |= SUIT_MASK[trump_suit]
        table.append(mask)
    return tuple(table)


def trump_suit_of(rules: Rules, trump: int) -> int:
    if rules.spades_by_spades and SUIT_OF[trump] == SPADES:
        return -1
    return SUIT_OF[trump]


def shuffled_deck(rules: Rules, rng: random.Random) -> tuple[int, ...]:
    """A shuffled deck for these rules; with ``redeal_five_of_suit`` the shuffle is
    repeated until no hand is dealt five cards of one suit (the seed's redeal), so the
    deck stored in ``GameStarted`` is always the one actually played."""
    cards = list(deck_cards(rules.deck))
    while True:
        rng.shuffle(cards)
        deck = tuple(cards)
        if not rules.redeal_five_of_suit or not needs_redeal(rules, deck):
            return deck


def dealt_hands(rules: Rules, deck: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """One card at a time round the table, six each: seat ``s`` gets ``deck[s::n]``."""
    n = rules.players
    return tuple(deck[seat : n * HAND_SIZE : n] for seat in range(n))


def needs_redeal(rules: Rules, deck: tuple[int, ...]) -> bool:
    for hand in dealt_hands(rules, deck):
        suits = [SUIT_OF[c] for c in hand]
        if max(suits.count(s) for s in range(4)) >= 5:
            return True
    return False


def start(rules: Rules, deck: Iterable[int], fairness: DealCommitment | None = None) -> list[Event]:
    """The opening events of a game: the rules and deck order (with what a fair deal
    derived it from, when it did: ``fairness``), the deal, the first bout."""
    deck = tuple(deck)
    if sorted(deck) != list(deck_cards(rules.deck)):
        raise InvalidAction("bad_deck", f"The deck must hold each of the {rules.deck} cards once.")
    events: list[Event] = [GameStarted(rules, deck, fairness)]
    events.append(CardsDealt(dealt_hands(rules, deck), deck[-1]))
    state = replay(events)
    attacker = first_attacker(state)
    events.append(BoutStarted(attacker, defender_for(state, attacker)))
    return events


def first_attacker(state: State) -> int:
    """The holder of the lowest trump leads. With no trump dealt to anyone (or no trump
    suit at all), the holder of the lowest card leads; equal ranks go by suit ♠♣♦♥."""
    best_seat, best_key = 0, (99, 99)
    for seat, hand in enumerate(state.hands):
        for card in range(CARD_COUNT):
            if hand >> card & 1:
                is_trump = SUIT_OF[card] == state.trump_suit
                key = (0 if is_trump else 1, card)
                if key < best_key:
                    best_seat, best_key = seat, key
    return best_seat


def new_state(rules: Rules, deck: tuple[int, ...]) -> State:
    trump = deck[-1]
    trump_suit = trump_suit_of(rules, trump)
    n = rules.players
    return State(
        rules=rules, beaters=beaters_for(rules.spades_by_spades, trump_suit), deck=deck,
        deck_pos=0, trump=trump, trump_suit=trump_suit, hands=(0,) * n, known=(0,) * n,
        discard=0, table=(), table_ranks=0, attacker=NO_SEAT, defender=NO_SEAT, lead=NO_SEAT,
        start_hand=0, passed=0, taking=False, bouts=0, out=0, places=(), proezdnoy_used=0,
        result=None, unbeaten=0, room=0, thrower=NO_SEAT, turn=NO_SEAT, barred=0,
    )


def _game_started(state: State | None, e: GameStarted) -> State:
    return new_state(e.rules, e.deck)


def _cards_dealt(s: State, e: CardsDealt) -> State:
    hands = []
    for hand in e.hands:
        mask = 0
        for card in hand:
            mask |= BIT[card]
        hands.append(mask)
    dealt = sum(len(h) for h in e.hands)
    known = [0] * len(hands)
    if dealt == len(s.deck):
        # The whole deck was dealt: the turned-up trump is in its holder's hand for all to see.
        for seat, mask in enumerate(hands):
            if mask & BIT[s.trump]:
                known[seat] = BIT[s.trump]
    return s.evolve(hands=tuple(hands), known=tuple(known), deck_pos=dealt)


def _folding(change: Callable[[list[Any], Any], None]) -> Callable[[State, Any], State]:
    """``apply`` for one event type: copy the values once, change them, re-derive."""
    def fold(state: State, event: Any) -> State:
        values = list(state)
        change(values, event)
        _derive_turn(values)
        return _new_tuple(State, values)
    return fold


_APPLY: dict[type, Callable[..., State]] = {
    GameStarted: _game_started,
    CardsDealt: _cards_dealt,
    BoutStarted: _folding(lambda v, e: moves.bout_started(v, e.attacker, e.defender)),
    AttackPlayed: _folding(lambda v, e: moves.attack_played(v, e.seat, e.cards)),
    CardBeaten: _folding(lambda v, e: moves.card_beaten(v, e.seat, e.card, e.target)),
    AttackTransferred: _folding(
        lambda v, e: moves.attack_transferred(v, e.seat, e.cards, e.shown, e.defender)
    ),
    TakeDeclared: _folding(lambda v, e: moves.take_declared(v)),
    Passed: _folding(lambda v, e: moves.passed(v, e.seat)),
    BoutEnded: _folding(lambda v, e: moves.bout_ended(v, e.outcome == "taken", e.defender, e.cards)),
    CardsDrawn: _folding(lambda v, e: drawing.cards_drawn(v, e.seat, e.cards)),
    PlayerOut: _folding(lambda v, e: moves.player_out(v, e.seat)),
    HandsPassed: _folding(lambda v, e: moves.hands_passed(v)),
    SeatGivenUp: _folding(lambda v, e: leaving.seat_given_up(v, e.seat)),
    GameFinished: _folding(lambda v, e: moves.game_finished(v, e)),
}


def apply(state: State | None, event: Event) -> State:
    """Fold one event into the state; ``None`` before ``GameStarted``."""
    return _APPLY[type(event)](state, event)


def replay(events: Iterable[Event]) -> State:
    """Rebuild a game's state from its events, the first being ``GameStarted``."""
    state: State | None = None
    for event in events:
        state = _APPLY[type(event)](state, event)
    if state is None:
        raise InvalidAction("bad_event", "A game needs its GameStarted event to replay.")
    return state
