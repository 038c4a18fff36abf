"""A card with its text: ``Card.parse("QS")`` and ``str(card)``, for people and tests.

The engine itself works on plain card ints (``cards``); a ``Card`` is one of them that
prints as the contract writes it. It lives apart from ``cards`` because that module is
compiled with the engine's core, and a compiled module cannot subclass ``int``.

>>> Card.parse("10H")
Card.parse('10H')
>>> str(Card.parse("QS")), Card.parse("QS").rank
('QS', 12)
"""

from __future__ import annotations

from games.engine.cards import NAME_OF, RANK_OF, SUIT_OF, parse_card


class Card(int):
    """A card as an int with a text round trip: ``Card.parse("QS")`` and ``str(card)``."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card written as in the contract (``6S``, ``10H``, ``QD``, ``AC``)."""
        return cls(parse_card(text))

    @property
    def rank(self) -> int:
        return RANK_OF[self]

    @property
    def suit(self) -> int:
        return SUIT_OF[self]

    def __str__(self) -> str:
        return NAME_OF[self]

    def __repr__(self) -> str:
        return f"Card.parse({NAME_OF[self]!r})"
