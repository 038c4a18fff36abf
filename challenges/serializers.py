"""The challenges' request and answer shapes, for the OpenAPI schema."""

from __future__ import annotations

from rest_framework import serializers

from games.event_shapes import RulesSerializer
from games.serializers import GameViewSerializer


class ChallengeCreateInputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    # Absent reads as null, as the service has always taken it (the schema said required).
    to = serializers.IntegerField(required=False, allow_null=True,
                                  help_text="The player challenged; null or absent: anyone with the link.")
    rules = serializers.DictField(required=False, help_text="The game's rules (players: 2); "
                                                           "absent in a rematch: the finished game's.")
    rematch = serializers.IntegerField(required=False, help_text="A finished game both players sat at.")
    timer = serializers.IntegerField(required=False, allow_null=True, help_text="Seconds per move (5..600).")
    time_bank = serializers.IntegerField(required=False, allow_null=True,
                                         help_text="Seconds per player for the whole game (10..7200; needs timer).")
    time_increment = serializers.IntegerField(required=False, help_text="Seconds added per move (0..60; "
                                                                        "needs time_bank).")
    hints = serializers.BooleanField(required=False, allow_null=True)
    rated = serializers.BooleanField(required=False, allow_null=True)


class ChallengeOptionsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The table's options as the challenger gave them: only those given are present (the
    others take the defaults when the game is made, as at a game's create)."""

    timer = serializers.IntegerField(required=False, allow_null=True, help_text="Seconds per move; null: no clock")
    time_bank = serializers.IntegerField(required=False, allow_null=True,
                                         help_text="Seconds per player for the whole game; null: no bank")
    time_increment = serializers.IntegerField(required=False, help_text="Seconds added to the bank per move")
    spectator_delay = serializers.IntegerField(required=False)
    hints = serializers.BooleanField(required=False, allow_null=True)
    rated = serializers.BooleanField(required=False, allow_null=True)


class ChallengeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    to = serializers.IntegerField(allow_null=True)
    # Typed, so a generated client's models have fields (CONTRACT.md: no untyped answer).
    rules = RulesSerializer(help_text="The game's rules, every option filled in")
    options = ChallengeOptionsSerializer()
    status = serializers.ChoiceField(choices=["pending", "accepted", "declined", "cancelled", "expired"])
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    game = serializers.IntegerField(allow_null=True)
    rematch_of = serializers.IntegerField(allow_null=True)

    def get_fields(self) -> dict[str, serializers.Field]:  # type: ignore[type-arg]
        fields = super().get_fields()
        fields["from"] = serializers.IntegerField(help_text="The challenger.")  # a keyword in Python
        return fields


class ChallengeListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    incoming = ChallengeSerializer(many=True)
    outgoing = ChallengeSerializer(many=True)


class ChallengeAcceptedSerializer(serializers.Serializer):  # type: ignore[type-arg]
    challenge = ChallengeSerializer()
    game = GameViewSerializer(help_text="The new game as the caller sees it.")
