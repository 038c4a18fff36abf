"""Starting a game and folding events into state: ``start``, ``apply``, ``replay``.

``apply`` trusts its events (``decide`` checked them) and never raises on events that
``decide`` produced; it does no validation, no clock and no randomness, so replaying a
stored game always rebuilds exactly the live state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache

from games.engine.cards import BIT, CARD_COUNT, RANK_OF, SPADES, SUIT_MASK, SUIT_OF, deck_cards
from games.engine.errors import InvalidAction
from games.engine.events import (
    BoutStarted,
    CardsDealt,
    DealCommitment,
    Event,
    GameStarted,
)
from games.engine.moves import FOLDS
from games.engine.rules import HAND_SIZE, Rules
from games.engine.state import NO_SEAT, State, defender_for, derive

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
        shuffle_cards(cards, rng)
        deck = tuple(cards)
        if not rules.redeal_five_of_suit or not needs_redeal(rules, deck):
            return deck


def shuffle_cards(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, step for step the standard library's algorithm (the same
    draws, the same order), without its Python-level call per card: every playout of the
    benchmarks deals a deck, and the master deals the unseen cards for every sample."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


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


def apply(state: State | None, event: Event) -> State:
    """Fold one event into a new state; ``state`` is ``None`` before ``GameStarted``."""
    if type(event) is GameStarted:
        return new_state(event.rules, event.deck)
    if state is None:
        raise InvalidAction("bad_event", "A game needs its GameStarted event first.")
    changed = state.copy()
    FOLDS[type(event)](changed, event)
    derive(changed)
    return changed


def replay(events: Iterable[Event]) -> State:
    """Rebuild a game's state from its events, the first being ``GameStarted``: one new
    state, every event folded into it in turn (as ``apply`` would, without a copy each).

    >>> from games.engine import Rules
    >>> from games.engine.cards import deck_cards
    >>> events = start(Rules(), deck_cards(36))
    >>> [event.type for event in events]
    ['game_started', 'cards_dealt', 'bout_started']
    >>> replay(events) == apply(apply(apply(None, events[0]), events[1]), events[2])
    True
    """
    state: State | None = None
    for event in events:
        if state is None:
            state = apply(None, event)
            continue
        FOLDS[type(event)](state, event)
        derive(state)
    if state is None:
        raise InvalidAction("bad_event", "A game needs its GameStarted event to replay.")
    return state
