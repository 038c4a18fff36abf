"""After a bout, everyone draws up to six: who draws in which order, and how the last
cards go when the stock cannot fill every hand (docs/rules.md#drawing-order,
docs/rules.md#the-last-cards).

Folds into a state under construction, like ``moves`` (which calls ``draw`` once a bout
has ended); ``cards_drawn`` is also how ``apply`` folds a ``CardsDrawn`` event.
"""

from __future__ import annotations

from games.engine.cards import BIT
from games.engine.events import CardsDrawn, Event
from games.engine.rules import HAND_SIZE, Rules
from games.engine.state import State


def drawing_order(rules: Rules, lead: int, defender: int, players: int) -> list[int]:
    """Who draws after a bout, first to last: who opened it, then the others clockwise,
    the defender last; with ``draw_first="defender"`` the defender first. The others go
    from who opened the bout, or with ``draw_others="left_of_defender"`` from the seat
    left of the defender (text 004: «начиная с игрока, сидящего слева от
    отбивающегося»), which differs only after a transfer or past a partner. Seats already
    out stay in the order: they draw nothing."""
    start = lead if rules.draw_others == "from_lead" else defender
    order = [(start + step) % players for step in range(players)]
    order.remove(defender)
    if lead != start and lead != defender:
        order.remove(lead)
        order.insert(0, lead)
    if rules.draw_first == "defender":
        order.insert(0, defender)
    else:
        order.append(defender)
    return order


def draw(s: State, order: list[int], emit: list[Event] | None) -> bool:
    """Fill the hands up to six from the deck in ``order``; whether any card was left to
    draw (docs/rules.md#the-last-cards)."""
    if s.deck_pos >= len(s.deck):
        return False
    if s.rules.last_cards == "even" and _short_deck(s, order):
        _draw_evenly(s, order, emit)
    else:
        _draw_in_turn(s, order, emit)
    return True


def cards_drawn(s: State, seat: int, cards: tuple[int, ...]) -> None:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    hands = list(s.hands)
    hands[seat] |= mask
    s.hands = tuple(hands)
    s.deck_pos += len(cards)
    trump_bit = BIT[s.trump]
    if mask & trump_bit:
        # The face-up trump is drawn last: everyone saw who took it.
        known = list(s.known)
        known[seat] |= trump_bit
        s.known = tuple(known)


def _missing(s: State, seat: int) -> int:
    if s.out >> seat & 1:
        return 0
    held: int = s.hands[seat].bit_count()
    return max(0, HAND_SIZE - held)


def _short_deck(s: State, order: list[int]) -> bool:
    left: int = len(s.deck) - s.deck_pos
    return sum(_missing(s, seat) for seat in order) > left


def _draw_in_turn(s: State, order: list[int], emit: list[Event] | None) -> None:
    deck = s.deck
    for seat in order:
        pos = s.deck_pos
        if pos >= len(deck):
            break
        missing = _missing(s, seat)
        if missing:
            drawn = deck[pos : pos + missing]
            if emit is not None:
                emit.append(CardsDrawn(seat, drawn))
            cards_drawn(s, seat, drawn)


def _draw_evenly(s: State, order: list[int], emit: list[Event] | None) -> None:
    """The deck cannot fill every hand: deal what is left one card at a time round the
    drawing order, skipping hands that are full (text 000: «остаток распределяется
    поровну»)."""
    deck = s.deck
    wanting = [seat for seat in order if _missing(s, seat)]
    while s.deck_pos < len(deck) and wanting:
        for seat in list(wanting):
            pos = s.deck_pos
            if pos >= len(deck):
                break
            drawn = deck[pos : pos + 1]
            if emit is not None:
                emit.append(CardsDrawn(seat, drawn))
            cards_drawn(s, seat, drawn)
            if not _missing(s, seat):
                wanting.remove(seat)
