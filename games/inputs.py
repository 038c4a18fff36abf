"""The games' input boundary: every REST body, query and socket message of a game is read
here into typed values (``GameCreate``, ``ActionInput``, a ``Level``), once, for
``games.apis`` and ``live.consumers`` alike. Services take those values, never raw JSON.

A malformed game input is ``400 invalid_action`` (the contract's code), with ``field``; a
malformed query or socket message outside an action is ``400 invalid_request``. The
engine reads actions and rules itself (its messages are the contract's): its refusals
become API errors in ``games.errors.engine_refusal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.fields import empty

from core.converters import MAX_ID
from core.inputs import FlagField, InputSerializer, WholeNumberField
from core.schema import CARD_PATTERN, CLIENT_SEED_PATTERN
from games.engine import Action, EngineError, Rules, action_from_dict
from games.engine.ai import Level
from games.errors import InvalidActionError, engine_refusal
from games.options import BANK_RANGE, DELAY_RANGE, INCREMENT_RANGE, TIMER_RANGE, TableOptions

CLIENT_SEED_HELP = ("Your part of the fair deal: 1 to 64 printable ASCII characters other than ':' "
                    "(the server picks one when it is absent or null)")


class PatternField(serializers.RegexField):
    """A string matching a pattern (a number is not turned into one first)."""

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


def client_seed_field(help_text: str = CLIENT_SEED_HELP) -> serializers.RegexField:
    return PatternField(CLIENT_SEED_PATTERN, required=False, allow_null=True, min_length=1, max_length=64,
                                  trim_whitespace=False, help_text=help_text,
                                  error_messages={"invalid": "is 1 to 64 printable ASCII characters other than ':'."})


class LevelField(serializers.ChoiceField):
    """A computer player's level, read as a ``Level``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("error_messages", {"invalid_choice": f"is one of: {', '.join(Level)}."})
        super().__init__(choices=[level.value for level in Level], **kwargs)

    def to_internal_value(self, data: object) -> Level:
        if not isinstance(data, str):
            self.fail("invalid_choice", input=data)
        return Level(super().to_internal_value(data))


class RulesField(serializers.DictField):
    """A table's rules, read by the engine (``Rules.from_dict``) into ``Rules``."""

    def to_internal_value(self, data: object) -> Rules:  # type: ignore[override]
        if not isinstance(data, dict):
            # {} asks for the defaults; anything else that is not an object is a mistake.
            raise InvalidActionError("'rules' is an object such as {\"players\": 2} ({} for the defaults).",
                                     reason="bad_rules", field="rules")
        try:
            return Rules.from_dict(data)
        except EngineError as error:
            raise engine_refusal(error) from error


class OpponentSerializer(serializers.Serializer):
    ai = LevelField()


class GameInputSerializer(InputSerializer):
    refusal = InvalidActionError


@dataclass(frozen=True)
class GameCreate:
    rules: Rules
    opponents: list[Level]
    options: TableOptions
    client_seed: str | None


class TableOptionFields(GameInputSerializer):
    """The fields of a table's options, read by every input that sets up a table."""

    timer = WholeNumberField(required=False, allow_null=True, min_value=TIMER_RANGE[0], max_value=TIMER_RANGE[1],
                             help_text="Seconds per move; when they run out the computer plays for the seat")
    time_bank = WholeNumberField(required=False, allow_null=True, min_value=BANK_RANGE[0], max_value=BANK_RANGE[1],
                                 help_text="Seconds each person has for the whole game besides the move timer "
                                           "(needs 'timer'); when they run out the seat times out (absent or "
                                           "null: no bank)")
    time_increment = WholeNumberField(required=False, min_value=INCREMENT_RANGE[0], max_value=INCREMENT_RANGE[1],
                                      help_text="Seconds each of a person's moves adds to their bank (needs "
                                                "'time_bank'; default 0)")
    spectator_delay = WholeNumberField(required=False, min_value=DELAY_RANGE[0], max_value=DELAY_RANGE[1],
                                       help_text="Spectators see the game this many actions late")
    hints = FlagField(required=False, allow_null=True,
                      help_text="Whether the hint button may ask a computer (absent or null: only "
                                "for one person against computers)")
    rated = FlagField(required=False, allow_null=True,
                      help_text="Whether the finished game moves ratings (absent or null: a table of "
                                "people without hints is rated; true with a computer or hints is a 400)")



class TableOptionsInputSerializer(TableOptionFields):
    """A table's options alone (a challenge carries them until it is accepted)."""

    def to_value(self, data: dict[str, Any]) -> TableOptions:
        return table_options_of(data)


def table_options_of(data: dict[str, Any]) -> TableOptions:
    """The options of validated input fields ``timer``, ``time_bank``, ``time_increment``,
    ``spectator_delay``, ``hints``, ``rated``."""
    return TableOptions(move_timer=data.get("timer"), spectator_delay=data.get("spectator_delay", 0),
                        hints=data.get("hints"), rated=data.get("rated"), time_bank=data.get("time_bank"),
                        time_increment=data.get("time_increment", 0))


class GameCreateInputSerializer(TableOptionFields):
    not_an_object = "The body must be a JSON object with 'rules' and 'opponents'."

    rules = RulesField(
        error_messages={"required": "is required: an object such as {{\"players\": 2}} ({{}} for the defaults)."},
        help_text='{"variant": "podkidnoy" | "perevodnoy" | "simple", "players": 2..6, "deck": 24 | 36 | 52, ...}'
    )
    opponents = OpponentSerializer(many=True, required=False, allow_null=True,
                                   help_text="Computer players (at most players - 1), seated after you; "
                                             "the other seats stay open (absent or null: none)")
    client_seed = client_seed_field()

    def validate_opponents(self, value: list[Any] | None) -> list[Any] | None:
        # DRF hands the list's allow_null to its items too: a null opponent is no opponent.
        if value is not None and any(item is None for item in value):
            raise ValidationError("are objects like {\"ai\": \"novice\"}, never null.")
        return value

    def to_value(self, data: dict[str, Any]) -> GameCreate:
        return GameCreate(rules=data["rules"], opponents=[item["ai"] for item in data.get("opponents") or []],
                          options=table_options_of(data), client_seed=data.get("client_seed"))


class GameJoinInputSerializer(GameInputSerializer):
    client_seed = client_seed_field()


class GameFillInputSerializer(GameInputSerializer):
    ai = LevelField(default=Level.EXPERIENCED)


@dataclass(frozen=True)
class ActionInput:
    action: Action
    expected_seq: int


def card_field(**kwargs: Any) -> serializers.RegexField:
    """A card as the contract spells it: rank 2..10, J, Q, K, A, then suit S, C, D, H."""
    return serializers.RegexField(CARD_PATTERN, **kwargs)


class ActionInputSerializer(GameInputSerializer):
    """One action at the seq the client last saw: the REST body of ``…/actions/`` and the
    socket's ``action`` message alike. The engine reads the action (its messages are the
    contract's); the fields below are what the schema shows of it."""

    not_an_object = "An action must be a JSON object."

    type = serializers.ChoiceField(choices=["attack", "defend", "transfer", "take", "pass"])
    cards = serializers.ListField(child=card_field(), required=False, min_length=1,
                                  help_text="attack, transfer: cards like 6S, 10H")
    card = card_field(required=False, help_text="defend: the beating card")
    target = serializers.IntegerField(required=False, min_value=0,
                                      help_text="defend: index of the table card beaten")
    shown = serializers.BooleanField(required=False, help_text="transfer: «проездной», the trump shown")
    expected_seq = WholeNumberField(min_value=0, help_text="The seq the client last saw",
                                    error_messages={"required": "is required: the seq you last saw.",
                                                    "invalid": "must be a whole number, 0 or more.",
                                                    "min_value": "must be a whole number, 0 or more.",
                                                    "max_value": "must be a whole number, 0 or more."})

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        try:
            action = action_from_dict(data)
        except EngineError as error:
            raise engine_refusal(error) from error
        try:
            # The class's own field, unbound: ``self.fields`` would deep-copy all six;
            # validating changes no field.
            seq = self._declared_fields["expected_seq"].run_validation(data.get("expected_seq", empty))
        except ValidationError as error:
            raise ValidationError({"expected_seq": error.detail}) from error
        return {"action": action, "expected_seq": seq}

    def run_validators(self, value: Any) -> None:
        # DRF merges read-only fields' defaults in here, building ``self.fields`` to find
        # them (a deep copy of all six, nine tenths of reading an action); there are none.
        serializers.Field.run_validators(self, value)

    def to_value(self, data: dict[str, Any]) -> ActionInput:
        return ActionInput(action=data["action"], expected_seq=data["expected_seq"])


class AfterQuerySerializer(InputSerializer):
    """``?after=N`` of a list of events: ASCII digits (``²`` or ``①`` are a 400)."""

    after = WholeNumberField(query=True, required=False, default=0, min_value=0, max_value=None,
                             help_text="Only events with a greater seq (default 0)")

    def to_value(self, data: dict[str, Any]) -> int:
        # Past the largest seq there is nothing after; the database could not compare it.
        return min(int(data["after"]), MAX_ID)


class ResumeInputSerializer(InputSerializer):
    """The socket's ``{"type": "resume", "after": N}``."""

    after = WholeNumberField(min_value=0, error_messages={"required": "must be a whole number, 0 or more.",
                                                           "null": "must be a whole number, 0 or more.",
                                                           "invalid": "must be a whole number, 0 or more.",
                                                           "min_value": "must be a whole number, 0 or more."})

    def to_value(self, data: dict[str, Any]) -> int:
        return int(data["after"])


class HintQuerySerializer(InputSerializer):
    level = LevelField(required=False, default=Level.EXPERIENCED)

    def to_value(self, data: dict[str, Any]) -> Level:
        return Level(data["level"])


class InPlayQuerySerializer(InputSerializer):
    """``?status=`` of the caller's games: active (default) or waiting for players."""

    status = serializers.ChoiceField(choices=["active", "waiting"], required=False, default="active")
    cursor = serializers.CharField(required=False)
    limit = serializers.CharField(required=False)

    def to_value(self, data: dict[str, Any]) -> str:
        return str(data["status"])
