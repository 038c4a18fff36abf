"""Starting a game and folding events into state: ``start``, ``apply``, ``replay``.

``apply`` trusts its events (``decide`` checked them) and never raises on events that
``decide`` produced; it does no validation, no clock and no randomness, so replaying a
stored game always rebuilds exactly the live state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import lru_cache

from games.engine.cards import BIT, CARD_COUNT, RANK_OF, SAME_RANK, SPADES, SUIT_MASK, SUIT_OF, deck_cards
from games.engine.errors import InvalidAction
from games.engine.events import (
    AttackPlayed,
    AttackTransferred,
    BoutEnded,
    BoutStarted,
    CardBeaten,
    CardsDealt,
    CardsDrawn,
    Event,
    GameFinished,
    GameStarted,
    Passed,
    PlayerOut,
    TakeDeclared,
)
from games.engine.rules import HAND_SIZE, Rules
from games.engine.state import (
    _ATTACKER,
    _BOUTS,
    _DECK_POS,
    _DEFENDER,
    _DISCARD,
    _HANDS,
    _KNOWN,
    _LEAD,
    _OUT,
    _PASSED,
    _PLACES,
    _PROEZDNOY,
    _ROOM,
    _START_HAND,
    _TABLE,
    _TABLE_RANKS,
    _TAKING,
    _THROWER,
    _UNBEATEN,
    NO_CARD,
    NO_SEAT,
    State,
    _derive,
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


def start(rules: Rules, deck: Iterable[int]) -> list[Event]:
    """The opening events of a game: the rules and deck order, the deal, the first bout."""
    deck = tuple(deck)
    if sorted(deck) != list(deck_cards(rules.deck)):
        raise InvalidAction("bad_deck", f"The deck must hold each of the {rules.deck} cards once.")
    events: list[Event] = [GameStarted(rules, deck)]
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
        result=None, unbeaten=0, room=0, thrower=NO_SEAT,
    )


# The fold functions below work on a state's values as a list and make one tuple at the
# end: the hot path of every simulated game, so they avoid keyword copies.


def _taken_from(v: list[Any], seat: int, mask: int) -> None:
    hands = list(v[_HANDS])
    hands[seat] &= ~mask
    v[_HANDS] = tuple(hands)
    if v[_KNOWN][seat] & mask:
        known = list(v[_KNOWN])
        known[seat] &= ~mask
        v[_KNOWN] = tuple(known)


def _done(v: list[Any]) -> State:
    _derive(v)
    return _new_tuple(State, v)


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
        for seat, hand in enumerate(hands):
            if hand & BIT[s.trump]:
                known[seat] = BIT[s.trump]
    return s.evolve(hands=tuple(hands), known=tuple(known), deck_pos=dealt)


def _bout_started(s: State, e: BoutStarted) -> State:
    v = list(s)
    v[_ATTACKER] = v[_LEAD] = e.attacker
    v[_DEFENDER] = e.defender
    v[_START_HAND] = s.hands[e.defender].bit_count()
    v[_PASSED] = 0
    v[_TAKING] = False
    v[_TABLE] = ()
    v[_TABLE_RANKS] = 0
    v[_UNBEATEN] = v[_ROOM] = 0  # what ``_derive`` gives an empty table
    v[_THROWER] = NO_SEAT
    return _new_tuple(State, v)


def _attack_played(s: State, e: AttackPlayed) -> State:
    v = list(s)
    mask = 0
    ranks = s.table_ranks
    for card in e.cards:
        mask |= BIT[card]
        ranks |= SAME_RANK[card]
    _taken_from(v, e.seat, mask)
    cards = e.cards
    v[_TABLE] = s.table + (((cards[0], NO_CARD),) if len(cards) == 1 else tuple((c, NO_CARD) for c in cards))
    v[_TABLE_RANKS] = ranks
    v[_PASSED] = 0
    return _done(v)


def _card_beaten(s: State, e: CardBeaten) -> State:
    v = list(s)
    _taken_from(v, e.seat, BIT[e.card])
    table = list(s.table)
    table[e.target] = (table[e.target][0], e.card)
    v[_TABLE] = tuple(table)
    v[_TABLE_RANKS] = s.table_ranks | SAME_RANK[e.card]
    v[_PASSED] = 0
    return _done(v)


def _attack_transferred(s: State, e: AttackTransferred) -> State:
    v = list(s)
    mask = 0
    for card in e.cards:
        mask |= BIT[card]
    if e.shown:
        known = list(s.known)
        known[e.seat] |= mask
        v[_KNOWN] = tuple(known)
        v[_PROEZDNOY] = s.proezdnoy_used | 1 << e.seat
    else:
        _taken_from(v, e.seat, mask)
        v[_TABLE] = s.table + tuple((card, NO_CARD) for card in e.cards)
    v[_ATTACKER] = e.seat
    v[_DEFENDER] = e.defender
    v[_START_HAND] = v[_HANDS][e.defender].bit_count()
    v[_PASSED] = 0
    v[_TAKING] = False
    return _done(v)


def _take_declared(s: State, e: TakeDeclared) -> State:
    # Everyone may add cards вдогонку now, even those who passed on the table as it was.
    v = list(s)
    v[_TAKING] = True
    v[_PASSED] = 0
    return _done(v)


def _passed(s: State, e: Passed) -> State:
    v = list(s)
    v[_PASSED] = s.passed | 1 << e.seat
    return _done(v)


def _bout_ended(s: State, e: BoutEnded) -> State:
    v = list(s)
    mask = 0
    for card in e.cards:
        mask |= BIT[card]
    if e.outcome == "taken":
        hands = list(s.hands)
        known = list(s.known)
        hands[e.defender] |= mask
        known[e.defender] |= mask
        v[_HANDS] = tuple(hands)
        v[_KNOWN] = tuple(known)
    else:
        v[_DISCARD] = s.discard | mask
    v[_TABLE] = ()
    v[_TABLE_RANKS] = 0
    v[_TAKING] = False
    v[_PASSED] = 0
    v[_BOUTS] = s.bouts + 1
    v[_UNBEATEN] = v[_ROOM] = 0  # what ``_derive`` gives an empty table
    v[_THROWER] = NO_SEAT
    return _new_tuple(State, v)


def _cards_drawn(s: State, e: CardsDrawn) -> State:
    # Between bouts the table is empty: nothing derived changes, so no ``_derive``.
    v = list(s)
    mask = 0
    for card in e.cards:
        mask |= BIT[card]
    hands = list(s.hands)
    hands[e.seat] |= mask
    v[_HANDS] = tuple(hands)
    v[_DECK_POS] = s.deck_pos + len(e.cards)
    if mask & BIT[s.trump]:
        # The face-up trump was drawn last: everyone saw who took it.
        known = list(s.known)
        known[e.seat] |= BIT[s.trump]
        v[_KNOWN] = tuple(known)
    return _new_tuple(State, v)


def _player_out(s: State, e: PlayerOut) -> State:
    v = list(s)
    v[_OUT] = s.out | 1 << e.seat
    v[_PLACES] = s.places + (e.seat,)
    return _new_tuple(State, v)


def _game_finished(s: State, e: GameFinished) -> State:
    return s.evolve(result=e)


_APPLY: dict[type, Callable[..., State]] = {
    GameStarted: _game_started, CardsDealt: _cards_dealt, BoutStarted: _bout_started,
    AttackPlayed: _attack_played, CardBeaten: _card_beaten, AttackTransferred: _attack_transferred,
    TakeDeclared: _take_declared, Passed: _passed, BoutEnded: _bout_ended,
    CardsDrawn: _cards_drawn, PlayerOut: _player_out, GameFinished: _game_finished,
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
