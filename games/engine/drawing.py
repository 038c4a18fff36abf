"""After a bout, everyone draws up to six: who draws in which order, and how the last
cards go when the stock cannot fill every hand (docs/rules.md#drawing-order,
docs/rules.md#the-last-cards).

In-place edits of a state's value list, like ``moves`` (which calls ``draw`` once a bout
has ended); ``cards_drawn`` is also how ``apply`` folds a ``CardsDrawn`` event.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import BIT
from games.engine.events import CardsDrawn, Event
from games.engine.rules import HAND_SIZE, Rules
from games.engine.state import _DECK, _DECK_POS, _HANDS, _KNOWN, _OUT, _RULES, _TRUMP

Values = list[Any]  # a State's fields as a list, edited in place


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


def draw(v: Values, order: list[int], emit: list[Event] | None) -> bool:
    """Fill the hands up to six from the deck in ``order``; whether any card was left to
    draw (docs/rules.md#the-last-cards)."""
    if v[_DECK_POS] >= len(v[_DECK]):
        return False
    if v[_RULES].last_cards == "even" and _short_deck(v, order):
        _draw_evenly(v, order, emit)
    else:
        _draw_in_turn(v, order, emit)
    return True


def cards_drawn(v: Values, seat: int, cards: tuple[int, ...]) -> None:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    hands = list(v[_HANDS])
    hands[seat] |= mask
    v[_HANDS] = tuple(hands)
    v[_DECK_POS] += len(cards)
    trump_bit = BIT[v[_TRUMP]]
    if mask & trump_bit:
        # The face-up trump is drawn last: everyone saw who took it.
        known = list(v[_KNOWN])
        known[seat] |= trump_bit
        v[_KNOWN] = tuple(known)


def _missing(v: Values, seat: int) -> int:
    if v[_OUT] >> seat & 1:
        return 0
    held: int = v[_HANDS][seat].bit_count()
    return max(0, HAND_SIZE - held)


def _short_deck(v: Values, order: list[int]) -> bool:
    left: int = len(v[_DECK]) - v[_DECK_POS]
    return sum(_missing(v, seat) for seat in order) > left


def _draw_in_turn(v: Values, order: list[int], emit: list[Event] | None) -> None:
    deck = v[_DECK]
    for seat in order:
        pos = v[_DECK_POS]
        if pos >= len(deck):
            break
        missing = _missing(v, seat)
        if missing:
            drawn = deck[pos : pos + missing]
            if emit is not None:
                emit.append(CardsDrawn(seat, drawn))
            cards_drawn(v, seat, drawn)


def _draw_evenly(v: Values, order: list[int], emit: list[Event] | None) -> None:
    """The deck cannot fill every hand: deal what is left one card at a time round the
    drawing order, skipping hands that are full (text 000: «остаток распределяется
    поровну»)."""
    deck = v[_DECK]
    wanting = [seat for seat in order if _missing(v, seat)]
    while v[_DECK_POS] < len(deck) and wanting:
        for seat in list(wanting):
            pos = v[_DECK_POS]
            if pos >= len(deck):
                break
            drawn = deck[pos : pos + 1]
            if emit is not None:
                emit.append(CardsDrawn(seat, drawn))
            cards_drawn(v, seat, drawn)
            if not _missing(v, seat):
                wanting.remove(seat)
