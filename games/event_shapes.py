"""The OpenAPI shapes of a game's rules and events: every event type with its fields, and
the events as a ``oneOf`` keyed by ``type`` (``GameEvent``), so a generated client reads
each event into its own typed model.

One list of event types for every reader: a player's (redacted: another hand is a count),
a spectator's, and the replay's (every card). Fields only some readers get are optional
and say who gets them.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from core.schema import CARD_PATTERN
from games.engine import Rules
from games.engine.events import EVENT_TYPES

RULE_FIELDS: dict[type, type[serializers.Field]] = {
    bool: serializers.BooleanField, int: serializers.IntegerField, str: serializers.CharField,
}


def _rules_serializer() -> type[serializers.Serializer]:
    """Every option of the engine's ``Rules``, typed as the engine types it (docs/rules.md)."""
    defaults = Rules()
    declared: dict[str, Any] = {}
    for option in fields(Rules):
        kind = type(getattr(defaults, option.name))
        declared[option.name] = RULE_FIELDS[kind](help_text=f"default: {getattr(defaults, option.name)!r}")
    return type("RulesSerializer", (serializers.Serializer,), {
        **declared, "__doc__": "A table's rules: every option (docs/rules.md#options-at-a-glance).",
    })


RulesSerializer = _rules_serializer()


def card() -> serializers.RegexField:
    return serializers.RegexField(CARD_PATTERN)


def cards(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=card(), **kwargs)


class EventKindField(serializers.CharField):
    """The ``type`` of one event: a single value, so each variant of the ``oneOf`` admits
    only its own events (and a generated client tells them apart)."""

    def __init__(self, kind: str, **kwargs: Any) -> None:
        self.kind = kind
        super().__init__(**kwargs)


def _kind_schema(kind: str) -> Any:
    @extend_schema_field({"type": "string", "enum": [kind]})
    class Kind(EventKindField):
        pass
    return Kind(kind)


class EventBase(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The event's place in the game: 1, 2, …")
    v = serializers.IntegerField(help_text="The event schema's version")


class DealFairnessSerializer(serializers.Serializer):
    commitment = serializers.CharField()
    client_seeds = serializers.ListField(child=serializers.CharField(allow_null=True))


def _event(kind: str, doc: str, **declared: Any) -> type[serializers.Serializer]:
    name = "".join(part.title() for part in kind.split("_")) + "Event"
    return type(name, (EventBase,), {"type": _kind_schema(kind), **declared, "__doc__": doc})


EVENT_SERIALIZERS: dict[str, serializers.Serializer | type[serializers.Serializer]] = {
    "game_started": _event(
        "game_started", "The deal: the rules and (replay only) the deck in order.",
        rules=RulesSerializer(),
        deck=cards(required=False, help_text="Replay only: deck[0] dealt first, deck[-1] the trump"),
        deck_size=serializers.IntegerField(required=False, help_text="In play: how many cards the deck has"),
        fairness=DealFairnessSerializer(required=False, help_text="A fair deal's commitment and client seeds")),
    "cards_dealt": _event(
        "cards_dealt", "The first hands and the trump.",
        hands=serializers.ListField(child=cards(allow_null=True), help_text="Per seat; null: a hand you cannot see"),
        hand_counts=serializers.ListField(child=serializers.IntegerField(), required=False,
                                          help_text="In play: each hand's size"),
        trump=card()),
    "bout_started": _event("bout_started", "A new bout: who attacks whom.",
                           attacker=serializers.IntegerField(), defender=serializers.IntegerField()),
    "attack_played": _event("attack_played", "A lead or a throw-in.", seat=serializers.IntegerField(), cards=cards()),
    "card_beaten": _event("card_beaten", "The defender beat table[target] with card.",
                          seat=serializers.IntegerField(), card=card(), target=serializers.IntegerField()),
    "attack_transferred": _event(
        "attack_transferred", "The defender passed the attack on («перевод»).",
        seat=serializers.IntegerField(), cards=cards(), shown=serializers.BooleanField(),
        defender=serializers.IntegerField(help_text="The new defender")),
    "take_declared": _event("take_declared", "The defender takes the table.", seat=serializers.IntegerField()),
    "passed": _event("passed", "An attacker has nothing more to throw.", seat=serializers.IntegerField()),
    "bout_ended": _event("bout_ended", "The bout's cards went to the discard pile or the defender's hand.",
                         outcome=serializers.ChoiceField(choices=["beaten", "taken"]),
                         defender=serializers.IntegerField(), cards=cards()),
    "cards_drawn": _event(
        "cards_drawn", "A seat drew from the deck.",
        seat=serializers.IntegerField(),
        cards=cards(required=False, help_text="Your own draw (and the replay): the cards"),
        count=serializers.IntegerField(required=False, help_text="In play: how many cards were drawn")),
    "player_out": _event("player_out", "A seat has no cards left: it is out.", seat=serializers.IntegerField()),
    "hands_passed": _event(
        "hands_passed", "«Круглый дурак»: every hand went to the next seat.",
        hands=serializers.ListField(child=cards(allow_null=True), help_text="Per seat; null: a hand you cannot see"),
        hand_counts=serializers.ListField(child=serializers.IntegerField(), required=False)),
    "seat_given_up": _event("seat_given_up", "A person left: the computer plays the seat.",
                            seat=serializers.IntegerField()),
    "game_finished": _event(
        "game_finished", "The end: the durak (null: a draw or a team loss) and the order seats went out.",
        durak=serializers.IntegerField(allow_null=True), draw=serializers.BooleanField(),
        losers=serializers.ListField(child=serializers.IntegerField()),
        places=serializers.ListField(child=serializers.IntegerField())),
}
if set(EVENT_TYPES) - set(EVENT_SERIALIZERS):  # a new engine event needs its shape here
    raise ImportError(f"event types without a schema: {set(EVENT_TYPES) - set(EVENT_SERIALIZERS)}")


def game_events(**kwargs: Any) -> PolymorphicProxySerializer:
    """A list of events in a response: a ``oneOf`` keyed by ``type`` (``GameEvent``)."""
    return PolymorphicProxySerializer(component_name="GameEvent", serializers=EVENT_SERIALIZERS,
                                      resource_type_field_name="type", many=True, **kwargs)
