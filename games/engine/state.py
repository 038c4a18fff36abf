"""The immutable state of a game, and the questions about seats that the rules ask.

State is a ``NamedTuple``: truly immutable, compared field by field (so a replayed
game can be checked against the live one), and cheap to rebuild with ``_replace``.
Card sets are int bitmasks (see ``cards``); seats are ints, ``-1`` meaning none.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.cards import RANK_OF, SAME_RANK
from games.engine.events import GameFinished
from games.engine.rules import Rules

NO_CARD = -1
NO_SEAT = -1


class State(NamedTuple):
    rules: Rules
    beaters: tuple[int, ...]  # beaters[card]: the set of cards that beat it in this game
    deck: tuple[int, ...]  # the whole deck order from GameStarted; never changes
    deck_pos: int  # index in ``deck`` of the next card to draw
    trump: int  # the card turned up under the deck
    trump_suit: int  # -1 when the game has no trump (spades turned up in «пики пиками»)
    hands: tuple[int, ...]
    known: tuple[int, ...]  # cards of each hand everyone at the table saw go in
    discard: int
    table: tuple[tuple[int, int], ...]  # (attack card, beating card or NO_CARD)
    table_ranks: int  # every card of a rank that lies on the table: what may be thrown in
    attacker: int  # first to throw in: who led, or who transferred last
    defender: int
    lead: int  # who opened the bout: draws first after it
    start_hand: int  # the defender's hand when the bout (or the last transfer) began
    passed: int  # seats (bitmask) that passed since the table last changed
    taking: bool  # the defender declared «взять»
    bouts: int  # bouts finished so far: 0 during the first bout
    out: int  # seats (bitmask) that left the game with no cards
    places: tuple[int, ...]  # seats in the order they went out
    proezdnoy_used: int  # seats (bitmask) that have shown a trump to transfer
    result: GameFinished | None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def deck_count(self) -> int:
        return len(self.deck) - self.deck_pos

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def unbeaten(self) -> int:
        return sum(1 for _, d in self.table if d < 0)


def partners(rules: Rules, a: int, b: int) -> bool:
    """Seats on one team (teams alternate round the table)."""
    return rules.teams and a != b and (a - b) % 2 == 0


def next_active(state: State, seat: int) -> int:
    """The next seat clockwise after ``seat`` still in the game (may be ``seat`` itself)."""
    n = state.rules.players
    out = state.out
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not out >> other & 1:
            return other
    return NO_SEAT


def defender_for(state: State, attacker: int) -> int:
    """Whom ``attacker`` attacks: the next seat in the game that is not a partner."""
    n = state.rules.players
    out = state.out
    for step in range(1, n):
        other = (attacker + step) % n
        if not out >> other & 1 and not partners(state.rules, attacker, other):
            return other
    return NO_SEAT


def throwers(state: State) -> list[int]:
    """Who may throw in to the defender, in the order they have the right: the attacker
    first, then the others clockwise. Never the defender, nor the defender's partner."""
    rules = state.rules
    if not rules.throw_ins:
        return []
    n = rules.players
    defender = state.defender
    if rules.throw_in == "neighbours":
        left = next_active(state, defender)
        order = [state.attacker] if left == state.attacker else [state.attacker, left]
        return [s for s in order if s != defender and not partners(rules, s, defender)]
    out = state.out
    order = []
    for step in range(n):
        seat = (state.attacker + step) % n
        if seat != defender and not out >> seat & 1 and not partners(rules, seat, defender):
            order.append(seat)
    return order


def attack_limit(state: State) -> int:
    """How many attack cards the table may hold in this bout (start_hand reading), or how
    many may lie unbeaten (current_hand reading): see ``room``."""
    rules = state.rules
    cap = rules.first_bout_limit if state.bouts == 0 else rules.bout_limit
    if not rules.cap_when_deck_empty and state.deck_pos >= len(state.deck):
        cap = 36  # no cap: only the defender's hand limits the bout
    if rules.limit_by == "start_hand":
        return min(cap, state.start_hand)
    return cap


def room(state: State) -> int:
    """How many more attack cards may be put on the table now."""
    rules = state.rules
    limit = attack_limit(state)
    free = limit - len(state.table)
    if rules.limit_by == "current_hand":
        free = min(free, state.hands[state.defender].bit_count() - state.unbeaten)
    return max(free, 0)


def current_thrower(state: State) -> int:
    """The seat whose turn it is to throw in or pass, or NO_SEAT when nobody may.

    A thrower with no card of a table rank is passed over, as at a real table where
    they say «бито» at once.
    """
    if not state.table or room(state) <= 0:
        return NO_SEAT
    if state.taking and not state.rules.throw_after_take:
        return NO_SEAT
    ranks = state.table_ranks
    passed = state.passed
    hands = state.hands
    for seat in throwers(state):
        if not passed >> seat & 1 and hands[seat] & ranks:
            return seat
    return NO_SEAT


def table_ranks_of(table: tuple[tuple[int, int], ...]) -> int:
    ranks = 0
    for attack, defense in table:
        ranks |= SAME_RANK[attack]
        if defense >= 0:
            ranks |= SAME_RANK[defense]
    return ranks


def lead_rank(state: State) -> int:
    return RANK_OF[state.table[0][0]] if state.table else 0
