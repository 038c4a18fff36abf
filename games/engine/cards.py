"""Cards, decks and card sets.

A card is an int ``(rank - 2) * 4 + suit``: ordering by index orders by rank first,
so the lowest set bit of a hand is its cheapest card. A set of cards is an int
bitmask, which keeps hands immutable, hashable and cheap to copy. Compiled with the
engine's core (its tables are read on every move); ``notation.Card`` is the same int
with its text, for people and tests.

>>> parse_card("10H"), card_name(35)
(35, '10H')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from games.engine.errors import InvalidAction

SUITS: Final = "SCDH"  # ♠ ♣ ♦ ♥, the contract's letters
SUIT_SYMBOLS: Final = "♠♣♦♥"
SPADES: Final = 0
RANK_NAMES: Final = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A",
}
_RANK_BY_NAME: Final = {name: rank for rank, name in RANK_NAMES.items()}
DECK_LOWEST_RANK: Final = {24: 9, 36: 6, 52: 2}

CARD_COUNT: Final = 52
RANK_OF: Final = tuple(i // 4 + 2 for i in range(CARD_COUNT))
SUIT_OF: Final = tuple(i % 4 for i in range(CARD_COUNT))
NAME_OF: Final = tuple(RANK_NAMES[RANK_OF[i]] + SUITS[SUIT_OF[i]] for i in range(CARD_COUNT))
BIT: Final = tuple(1 << i for i in range(CARD_COUNT))
# All four cards of a rank, indexed by the rank itself (2..14).
RANK_MASK: Final = tuple(0 if r < 2 else 0b1111 << ((r - 2) * 4) for r in range(15))
# The set of cards of the same rank as card i.
SAME_RANK: Final = tuple(RANK_MASK[RANK_OF[i]] for i in range(CARD_COUNT))
SUIT_MASK: Final = tuple(sum(1 << i for i in range(CARD_COUNT) if i % 4 == s) for s in range(4))


def card_index(rank: int, suit: int) -> int:
    """The index of the card of ``rank`` (2..14) and ``suit`` (0..3)."""
    return (rank - 2) * 4 + suit


def card_name(card: int) -> str:
    """The contract's text for a card index."""
    return NAME_OF[card]


def parse_card(text: object) -> int:
    """The index of a card written as in the contract (``6S``, ``10H``, ``QD``, ``AC``);
    raises ``InvalidAction`` on anything else."""
    if not isinstance(text, str):
        raise InvalidAction("bad_card", f"A card is written as text like '6S', not {text!r}.")
    # Exactly the contract's spelling: upper case, no spaces ("6S", "10H", "QD", "AC").
    rank = _RANK_BY_NAME.get(text[:-1])
    suit = SUITS.find(text[-1:]) if text else -1
    if rank is None or suit < 0:
        raise InvalidAction("bad_card", f"'{text}' is not a card (write rank then suit, e.g. '6S', '10H', 'QD').")
    return card_index(rank, suit)


def deck_cards(size: int) -> tuple[int, ...]:
    """Every card of a deck of ``size`` (24, 36 or 52) in index order."""
    return _DECKS[size]


_DECKS: Final = {
    size: tuple(i for i in range(CARD_COUNT) if RANK_OF[i] >= low) for size, low in DECK_LOWEST_RANK.items()
}
DECK_MASK: Final = {size: sum(1 << i for i in cards) for size, cards in _DECKS.items()}


def mask_of(cards: Iterable[int]) -> int:
    """The card set holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a set, cheapest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: int) -> list[int]:
    """The cards of a set as a list, cheapest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names(cards: Iterable[int]) -> list[str]:
    """Contract text for several cards."""
    return [NAME_OF[c] for c in cards]


def count(mask: int) -> int:
    """How many cards a set holds."""
    return mask.bit_count()
