"""The account stream's events for the OpenAPI schema: a ``oneOf`` keyed by ``type``."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers


class _Event(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(help_text="Increasing per player: give the last one you saw as ?after=.")
    at = serializers.DateTimeField()


# Each event type's serializer, by its ``type``: the schema's discriminator mapping.
EVENT_TYPES: dict[str, type[serializers.Serializer]] = {}  # type: ignore[type-arg]


def _typed(name: str, kind: str, **fields: serializers.Field) -> type[serializers.Serializer]:  # type: ignore[type-arg]
    attrs: dict[str, object] = {"type": serializers.ChoiceField(choices=[kind]), **fields}
    made = type(name, (_Event,), attrs)
    EVENT_TYPES[kind] = made
    return made


def _id() -> serializers.IntegerField:
    return serializers.IntegerField()


GameStartedEvent = _typed("StreamGameStarted", "game_started", game=_id(), seat=_id())
YourTurnEvent = _typed("StreamYourTurn", "your_turn", game=_id(), seq=_id(),
                       deadline=serializers.DateTimeField(allow_null=True))
GameFinishedEvent = _typed("StreamGameFinished", "game_finished", game=_id(), place=_id(),
                           durak=serializers.BooleanField())
ChallengeReceivedEvent = _typed("StreamChallengeReceived", "challenge_received", challenge=_id())
ChallengeAcceptedEvent = _typed("StreamChallengeAccepted", "challenge_accepted", challenge=_id(), game=_id())
ChallengeDeclinedEvent = _typed("StreamChallengeDeclined", "challenge_declined", challenge=_id())
ChallengeCancelledEvent = _typed("StreamChallengeCancelled", "challenge_cancelled", challenge=_id())
TableReadyEvent = _typed("StreamTableReady", "table_ready", tournament=_id(), game=_id())
TournamentFinishedEvent = _typed("StreamTournamentFinished", "tournament_finished", tournament=_id(),
                                 place=_id(), prize=_id())

EVENT_SERIALIZERS = list(EVENT_TYPES.values())

StreamEventSerializer = PolymorphicProxySerializer(
    component_name="StreamEvent",
    serializers=dict(EVENT_TYPES.items()),  # type: ignore[arg-type]  # dict is invariant
    resource_type_field_name="type",
)
