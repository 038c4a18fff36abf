"""What one seat could see: the only input a computer player gets.

``observe(state, seat)`` copies the public part of the state and the seat's own hand into
an ``Observation``. It has no field for another seat's hand, nor for the deck order: the
cards others hold appear only as counts and as the ``known`` cards everyone saw go in
(picked up from the table, a shown «проездной», the face-up trump drawn last).
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.actions import Action
from games.engine.cards import deck_cards, mask_of
from games.engine.legal import legal_actions
from games.engine.rules import Rules
from games.engine.state import State


class Observation(NamedTuple):
    rules: Rules
    seat: int
    hand: int  # this seat's own cards
    beaters: tuple[int, ...]  # follows from the rules and the trump card
    all_cards: int  # every card of this deck
    deck_size: int
    deck_count: int  # cards left to draw, the face-up trump among them while any are left
    trump: int
    trump_suit: int
    hand_counts: tuple[int, ...]
    known: tuple[int, ...]  # per seat: cards everyone saw go in and not played since (own seat: 0)
    discard: int
    table: tuple[tuple[int, int], ...]
    table_ranks: int
    attacker: int
    defender: int
    lead: int
    start_hand: int
    passed: int
    taking: bool
    bouts: int
    out: int
    places: tuple[int, ...]
    proezdnoy_used: int
    turn: int  # where the right to throw in stands (throw_in_order="round"; else NO_SEAT)
    barred: int  # seats that may not throw in this bout (after a transfer, three players)
    legal: tuple[Action, ...]  # this seat's legal actions now, in the engine's order
    # What the others' moves so far say they do not hold (``reads``); only the master
    # reads the history, so the other levels see none.
    reads: tuple[tuple[int, int, int, float], ...] = ()

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def table_cards(self) -> int:
        mask = 0
        for attack, defense in self.table:
            mask |= 1 << attack
            if defense >= 0:
                mask |= 1 << defense
        return mask

    @property
    def in_play(self) -> int:
        """Seats still playing (not yet out of cards and out of the game)."""
        return self.players - self.out.bit_count()

    @property
    def everything_known(self) -> bool:
        """Two players are left and at most the face-up trump remains in the stock: every
        hidden card then sits in the other player's hand, so the deal is known exactly."""
        return self.deck_count <= 1 and self.in_play == 2

    @property
    def unseen(self) -> int:
        """Cards this seat cannot place: in other hands (not known) or in the stock below
        the face-up trump."""
        known = 0
        for other in self.known:
            known |= other
        mask = self.all_cards & ~(self.hand | self.table_cards | self.discard | known)
        if self.deck_count:
            mask &= ~(1 << self.trump)
        return mask


_ALL_CARDS: dict[int, int] = {}


def observe(state: State, seat: int) -> Observation:
    """The observation of ``seat``: its hand and the public part of ``state``."""
    size = len(state.deck)
    all_cards = _ALL_CARDS.get(size)
    if all_cards is None:
        all_cards = _ALL_CARDS[size] = mask_of(deck_cards(size))
    known = tuple(0 if s == seat else k for s, k in enumerate(state.known))
    return Observation(
        rules=state.rules, seat=seat, hand=state.hands[seat], beaters=state.beaters,
        all_cards=all_cards, deck_size=size, deck_count=size - state.deck_pos,
        trump=state.trump, trump_suit=state.trump_suit,
        hand_counts=tuple(h.bit_count() for h in state.hands), known=known,
        discard=state.discard, table=state.table, table_ranks=state.table_ranks,
        attacker=state.attacker, defender=state.defender, lead=state.lead,
        start_hand=state.start_hand, passed=state.passed, taking=state.taking,
        bouts=state.bouts, out=state.out, places=state.places,
        proezdnoy_used=state.proezdnoy_used, turn=state.turn, barred=state.barred,
        legal=tuple(legal_actions(state, seat)),
    )
