"""What happened: the append-only facts a game is made of, past tense.

``GameStarted`` holds the rules and the whole deck order, so a game is determined by it
and the actions after it. Every event is written with a schema version ``v``; reading
an older version goes through ``_UPGRADES`` so stored games replay after the code moves on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Union, get_args

from games.engine.cards import NAME_OF, parse_card
from games.engine.errors import InvalidAction
from games.engine.rules import Rules

SCHEMA_VERSION = 1


def _names(cards: tuple[int, ...]) -> list[str]:
    return [NAME_OF[c] for c in cards]


@dataclass(frozen=True, slots=True)
class DealCommitment:
    """What the deal was derived from, save the secret: the server seed's commitment and
    each seat's client seed (None: a computer seat). See ``fairness``."""

    commitment: str
    client_seeds: tuple[str | None, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"commitment": self.commitment, "client_seeds": list(self.client_seeds)}


@dataclass(frozen=True, slots=True)
class GameStarted:
    rules: Rules
    deck: tuple[int, ...]  # deck[0] is dealt first; deck[-1] is the trump, drawn last
    # None: a game dealt before the fair deal (its first event names no commitment).
    fairness: DealCommitment | None = None
    type: ClassVar[str] = "game_started"

    @classmethod
    def read(cls, d: dict[str, Any]) -> GameStarted:
        return cls(Rules.from_dict(d["rules"]), _cards(d["deck"]), _fairness(d.get("fairness")))

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rules": self.rules.to_dict(), "deck": _names(self.deck)}
        if self.fairness is not None:
            data["fairness"] = self.fairness.to_dict()
        return data


def _fairness(data: dict[str, Any] | None) -> DealCommitment | None:
    if data is None:
        return None
    return DealCommitment(str(data["commitment"]), tuple(data["client_seeds"]))


@dataclass(frozen=True, slots=True)
class CardsDealt:
    hands: tuple[tuple[int, ...], ...]
    trump: int
    type: ClassVar[str] = "cards_dealt"

    @classmethod
    def read(cls, d: dict[str, Any]) -> CardsDealt:
        return cls(tuple(_cards(h) for h in d["hands"]), parse_card(d["trump"]))

    def payload(self) -> dict[str, Any]:
        return {"hands": [_names(h) for h in self.hands], "trump": NAME_OF[self.trump]}


@dataclass(frozen=True, slots=True)
class BoutStarted:
    attacker: int
    defender: int
    type: ClassVar[str] = "bout_started"

    @classmethod
    def read(cls, d: dict[str, Any]) -> BoutStarted:
        return cls(d["attacker"], d["defender"])

    def payload(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "defender": self.defender}


@dataclass(frozen=True, slots=True)
class AttackPlayed:
    seat: int
    cards: tuple[int, ...]
    type: ClassVar[str] = "attack_played"

    @classmethod
    def read(cls, d: dict[str, Any]) -> AttackPlayed:
        return cls(d["seat"], _cards(d["cards"]))

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class CardBeaten:
    seat: int
    card: int
    target: int
    type: ClassVar[str] = "card_beaten"

    @classmethod
    def read(cls, d: dict[str, Any]) -> CardBeaten:
        return cls(d["seat"], parse_card(d["card"]), d["target"])

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": NAME_OF[self.card], "target": self.target}


@dataclass(frozen=True, slots=True)
class AttackTransferred:
    seat: int
    cards: tuple[int, ...]
    shown: bool
    defender: int  # the new defender
    type: ClassVar[str] = "attack_transferred"

    @classmethod
    def read(cls, d: dict[str, Any]) -> AttackTransferred:
        return cls(d["seat"], _cards(d["cards"]), d["shown"], d["defender"])

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": _names(self.cards), "shown": self.shown, "defender": self.defender}


@dataclass(frozen=True, slots=True)
class TakeDeclared:
    seat: int
    type: ClassVar[str] = "take_declared"

    @classmethod
    def read(cls, d: dict[str, Any]) -> TakeDeclared:
        return cls(d["seat"])

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    type: ClassVar[str] = "passed"

    @classmethod
    def read(cls, d: dict[str, Any]) -> Passed:
        return cls(d["seat"])

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class BoutEnded:
    outcome: str  # "beaten": to the discard pile; "taken": into the defender's hand
    defender: int
    cards: tuple[int, ...]
    type: ClassVar[str] = "bout_ended"

    @classmethod
    def read(cls, d: dict[str, Any]) -> BoutEnded:
        return cls(d["outcome"], d["defender"], _cards(d["cards"]))

    def payload(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "defender": self.defender, "cards": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    seat: int
    cards: tuple[int, ...]
    type: ClassVar[str] = "cards_drawn"

    @classmethod
    def read(cls, d: dict[str, Any]) -> CardsDrawn:
        return cls(d["seat"], _cards(d["cards"]))

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class PlayerOut:
    seat: int
    type: ClassVar[str] = "player_out"

    @classmethod
    def read(cls, d: dict[str, Any]) -> PlayerOut:
        return cls(d["seat"])

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class HandsPassed:
    """«Круглый дурак»: every hand still in went to the next player clockwise. ``hands``
    are the hands after the pass (redacted like the deal: each seat sees its own)."""

    hands: tuple[tuple[int, ...], ...]
    type: ClassVar[str] = "hands_passed"

    @classmethod
    def read(cls, d: dict[str, Any]) -> HandsPassed:
        return cls(tuple(_cards(h) for h in d["hands"]))

    def payload(self) -> dict[str, Any]:
        return {"hands": [_names(h) for h in self.hands]}


@dataclass(frozen=True, slots=True)
class SeatGivenUp:
    """A person left the table during the game (``leaving.give_up``): the seat plays on
    by the computer and ranks last whatever its cards do, or the game ends there when
    no other person is left in it."""

    seat: int
    type: ClassVar[str] = "seat_given_up"

    @classmethod
    def read(cls, d: dict[str, Any]) -> SeatGivenUp:
        return cls(d["seat"])

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class GameFinished:
    durak: int | None  # the seat left holding cards; None for a draw or a team loss
    draw: bool
    losers: tuple[int, ...]  # the durak, or the whole losing team; empty for a draw
    places: tuple[int, ...]  # seats in the order they went out
    type: ClassVar[str] = "game_finished"

    @classmethod
    def read(cls, d: dict[str, Any]) -> GameFinished:
        return cls(d["durak"], d["draw"], tuple(d["losers"]), tuple(d["places"]))

    def payload(self) -> dict[str, Any]:
        return {"durak": self.durak, "draw": self.draw, "losers": list(self.losers), "places": list(self.places)}


Event = Union[
    GameStarted, CardsDealt, BoutStarted, AttackPlayed, CardBeaten, AttackTransferred,
    TakeDeclared, Passed, BoutEnded, CardsDrawn, PlayerOut, HandsPassed, SeatGivenUp, GameFinished,
]
# Every kind of event by its ``type``: adding an event is its class above (its fields, its
# JSON both ways) and its fold in ``moves.FOLDS``.
EVENT_TYPES: dict[str, type[Event]] = {cls.type: cls for cls in get_args(Event)}


def event_to_dict(event: Event) -> dict[str, Any]:
    """The full (unredacted) JSON of an event, as stored.

    >>> event_to_dict(Passed(1))
    {'type': 'passed', 'v': 1, 'seat': 1}
    >>> event_from_dict({'type': 'passed', 'v': 1, 'seat': 1})
    Passed(seat=1)
    """
    data = {"type": event.type, "v": SCHEMA_VERSION}
    data.update(event.payload())
    return data


def _cards(raw: Any) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in raw)


# Version n -> n+1 rewrites of stored payloads; empty while only version 1 exists.
_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Read a stored event, upgrading older schema versions first."""
    version = data.get("v", 1)
    if not isinstance(version, int) or version > SCHEMA_VERSION:
        raise InvalidAction("bad_event", f"Event schema version {version!r} is newer than this engine.")
    while version < SCHEMA_VERSION:
        data = _UPGRADES[version](data)
        version += 1
    kind = EVENT_TYPES.get(data.get("type", ""))
    if kind is None:
        raise InvalidAction("bad_event", f"Unknown event type {data.get('type')!r}.")
    try:
        return kind.read(data)
    except (KeyError, TypeError) as error:
        raise InvalidAction("bad_event", f"Malformed {data['type']} event: {error}.") from error
