"""What a seat may do: the contract's five actions as small immutable values.

Cards inside actions are card indices (ints); ``Action.to_dict`` and ``action_from_dict``
give the contract's JSON, e.g. ``{"type": "defend", "card": "7S", "target": 0}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Union

from games.engine.cards import NAME_OF, parse_card
from games.engine.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class Attack:
    """Lead a bout, or throw in (подкинуть) cards of a rank already on the table."""

    cards: tuple[int, ...]
    type: ClassVar[str] = "attack"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "attack", "cards": [NAME_OF[c] for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Defend:
    """Beat ``table[target]`` with ``card``."""

    card: int
    target: int
    type: ClassVar[str] = "defend"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "defend", "card": NAME_OF[self.card], "target": self.target}


@dataclass(frozen=True, slots=True)
class Transfer:
    """Перевести: add cards of the attack's rank and pass the bout to the next player.

    ``shown`` is «проездной»: the single trump is shown, not laid, and stays in hand.
    """

    cards: tuple[int, ...]
    shown: bool = False
    type: ClassVar[str] = "transfer"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "transfer", "cards": [NAME_OF[c] for c in self.cards]}
        if self.shown:
            data["shown"] = True
        return data


@dataclass(frozen=True, slots=True)
class Take:
    """Взять: the defender gives up and will pick up the table."""

    type: ClassVar[str] = "take"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "take"}


@dataclass(frozen=True, slots=True)
class Pass:
    """Бито / пусть берёт: this thrower adds nothing more to the table as it stands."""

    type: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass"}


Action = Union[Attack, Defend, Transfer, Take, Pass]
TAKE = Take()
PASS = Pass()
# Actions are values, so the common ones are made once: legal_actions hands these out.
ATTACK_ONE = tuple(Attack((card,)) for card in range(52))
# A bout holds at most as many attack cards as the defender held (``limit_by``); with the
# cap off once the stock is gone (``cap_when_deck_empty``) that is up to half the deck, so
# every table position up to 52 // 2 has its defences (12 once sufficed only with the cap).
MAX_ATTACKS = 52 // 2
DEFEND = tuple(tuple(Defend(card, target) for target in range(MAX_ATTACKS)) for card in range(52))


def _cards_field(data: dict[str, Any]) -> tuple[int, ...]:
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise InvalidAction("bad_action", "'cards' must be a non-empty list of cards.")
    cards = tuple(parse_card(text) for text in raw)
    if len(set(cards)) != len(cards):
        raise InvalidAction("bad_action", "The same card is named twice.")
    return cards


def action_from_dict(data: object) -> Action:
    """Read an action in the contract's JSON; malformed input raises ``InvalidAction``.

    Fields the contract does not name for an action type (like ``expected_seq``) are
    ignored here: the platform reads them.
    """
    if not isinstance(data, dict):
        raise InvalidAction("bad_action", "An action must be a JSON object.")
    kind = data.get("type")
    if kind == "attack":
        return Attack(_cards_field(data))
    if kind == "defend":
        target = data.get("target")
        if isinstance(target, bool) or not isinstance(target, int) or target < 0:
            raise InvalidAction("bad_action", "'target' must be the index of a table card (0 or more).")
        return Defend(parse_card(data.get("card")), target)
    if kind == "transfer":
        shown = data.get("shown", False)
        if not isinstance(shown, bool):
            raise InvalidAction("bad_action", "'shown' must be true or false.")
        return Transfer(_cards_field(data), shown)
    if kind == "take":
        return TAKE
    if kind == "pass":
        return PASS
    raise InvalidAction(
        "bad_action", "'type' must be one of attack, defend, transfer, take, pass."
    )
