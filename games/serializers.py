"""Input and output shapes of the games API, for the OpenAPI schema.

Action bodies are parsed by the engine's ``action_from_dict`` (its messages are the
contract's), so these serializers document the shapes more than they validate them.
"""

from __future__ import annotations

from rest_framework import serializers

from durak_platform.converters import MAX_ID
from durak_platform.schema import CARD_PATTERN, CLIENT_SEED_PATTERN
from games.engine.ai import LEVELS

CLIENT_SEED_HELP = ("Your part of the fair deal: 1 to 64 printable ASCII characters other than ':' "
                    "(the server picks one when it is absent or null)")


def client_seed_field(help_text: str = CLIENT_SEED_HELP) -> serializers.RegexField:
    return serializers.RegexField(CLIENT_SEED_PATTERN, required=False, allow_null=True, min_length=1, max_length=64,
                                  trim_whitespace=False, help_text=help_text)


class FairnessSerializer(serializers.Serializer):
    commitment = serializers.CharField(allow_null=True, min_length=64, max_length=64,
                                       help_text="SHA-256 (hex) of the server seed, fixed before any client seed; "
                                                 "null: a game dealt before the fair deal")
    client_seeds = serializers.ListField(child=serializers.CharField(allow_null=True),
                                         help_text="Per seat; null: a computer seat or a seat not yet taken")


class RevealedFairnessSerializer(FairnessSerializer):
    server_seed = serializers.CharField(allow_null=True, help_text="sha256(server_seed) == commitment; "
                                                                   "null: a game dealt before the fair deal")


class OpponentSerializer(serializers.Serializer):
    ai = serializers.ChoiceField(choices=LEVELS)


class GameCreateInputSerializer(serializers.Serializer):
    rules = serializers.DictField(
        help_text='{"variant": "podkidnoy" | "perevodnoy" | "simple", "players": 2..6, "deck": 24 | 36 | 52, ...}'
    )
    opponents = OpponentSerializer(many=True, required=False, allow_null=True,
                                   help_text="Computer players (at most players - 1), seated after you; "
                                             "the other seats stay open (absent or null: none)")
    timer = serializers.IntegerField(required=False, allow_null=True, min_value=5, max_value=600,
                                     help_text="Seconds per move; when they run out the computer plays for the seat")
    spectator_delay = serializers.IntegerField(required=False, min_value=0, max_value=20,
                                               help_text="Spectators see the game this many actions late")
    hints = serializers.BooleanField(required=False, allow_null=True,
                                     help_text="Whether the hint button may ask a computer (absent or null: only "
                                               "for one person against computers)")
    rated = serializers.BooleanField(required=False, allow_null=True,
                                     help_text="Whether the finished game moves ratings (absent or null: a table of "
                                               "people without hints is rated; true with a computer or hints is a 400)")
    client_seed = client_seed_field()


class GameJoinInputSerializer(serializers.Serializer):
    client_seed = client_seed_field()


class GameFillInputSerializer(serializers.Serializer):
    ai = serializers.ChoiceField(choices=LEVELS, default="experienced")


def card_field(**kwargs: object) -> serializers.RegexField:
    """A card as the contract spells it: rank 2..10, J, Q, K, A, then suit S, C, D, H."""
    return serializers.RegexField(CARD_PATTERN, **kwargs)  # type: ignore[arg-type]


class ActionInputSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["attack", "defend", "transfer", "take", "pass"])
    cards = serializers.ListField(child=card_field(), required=False, min_length=1,
                                  help_text="attack, transfer: cards like 6S, 10H")
    card = card_field(required=False, help_text="defend: the beating card")
    target = serializers.IntegerField(required=False, min_value=0,
                                      help_text="defend: index of the table card beaten")
    shown = serializers.BooleanField(required=False, help_text="transfer: «проездной», the trump shown")
    expected_seq = serializers.IntegerField(min_value=0, max_value=MAX_ID, help_text="The seq the client last saw")


class ActionSerializer(serializers.Serializer):
    type = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField(), required=False)
    card = serializers.CharField(required=False)
    target = serializers.IntegerField(required=False)
    shown = serializers.BooleanField(required=False)


class TablePairSerializer(serializers.Serializer):
    attack = serializers.CharField()
    defense = serializers.CharField(allow_null=True)


class SeatViewSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True, help_text="empty: an open seat")
    kind = serializers.ChoiceField(choices=["human", "ai"], allow_null=True, help_text="null: an open seat")
    ai = serializers.CharField(required=False)
    player = serializers.IntegerField(required=False, help_text="A person's player id: their page is /players/{id}/")
    hand_count = serializers.IntegerField()
    out = serializers.BooleanField()
    known = serializers.ListField(child=serializers.CharField(),
                                  help_text="Cards of this hand that everyone saw go in")
    given_up = serializers.BooleanField(required=False, help_text="Present (true) once its person left the game: the computer plays it")


class YouSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    hand = serializers.ListField(child=serializers.CharField())


class ResultSerializer(serializers.Serializer):
    durak = serializers.IntegerField(allow_null=True)
    draw = serializers.BooleanField()
    losers = serializers.ListField(child=serializers.IntegerField())
    places = serializers.ListField(child=serializers.IntegerField())
    forfeits = serializers.ListField(child=serializers.IntegerField(), required=False,
                                     help_text="Seats given up (left the game, or did not come back in time): losses")


class TableOptionsSerializer(serializers.Serializer):
    timer = serializers.IntegerField(allow_null=True, help_text="Seconds per move; null: no clock")
    spectator_delay = serializers.IntegerField()
    hints = serializers.BooleanField(help_text="Whether the hint button may ask a computer")
    rated = serializers.BooleanField(help_text="Whether the finished game moves its players' ratings")


class GameViewSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["waiting", "active", "finished"])
    rules = serializers.DictField()
    trump = serializers.CharField(allow_null=True)
    trump_suit = serializers.CharField(allow_null=True)
    deck_count = serializers.IntegerField()
    discard_count = serializers.IntegerField()
    table = TablePairSerializer(many=True)
    seats = SeatViewSerializer(many=True)
    you = YouSerializer(allow_null=True)
    attacker = serializers.IntegerField(allow_null=True)
    defender = serializers.IntegerField(allow_null=True)
    taking = serializers.BooleanField()
    to_act = serializers.ListField(child=serializers.IntegerField())
    bout = serializers.IntegerField()
    legal_actions = ActionSerializer(many=True)
    result = ResultSerializer(allow_null=True)
    fairness = FairnessSerializer()
    options = TableOptionsSerializer(help_text="The table's options, fixed at creation (docs/api.md)")


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    v = serializers.IntegerField()


class EventListSerializer(serializers.Serializer):
    events = EventSerializer(many=True)


class ReplaySeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    kind = serializers.ChoiceField(choices=["human", "ai"], allow_null=True)
    ai = serializers.CharField(required=False)
    player = serializers.IntegerField(required=False, help_text="A person's player id: their page is /players/{id}/")


class ReplaySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seats = ReplaySeatSerializer(many=True)
    events = EventSerializer(many=True, help_text="Every event with every card: game_started holds the deck "
                                                  "and (a fair deal) its commitment and client seeds")
    fairness = RevealedFairnessSerializer()


class SeatSummarySerializer(serializers.Serializer):
    """A seat in a list of games: who sits there, no hand (the view has those)."""

    seat = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True, help_text="empty: an open seat")
    kind = serializers.ChoiceField(choices=["human", "ai"], allow_null=True, help_text="null: an open seat")
    ai = serializers.CharField(required=False, help_text="A computer seat's level")
    player = serializers.IntegerField(required=False, help_text="A person's player id: their page is /players/{id}/")


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["waiting", "active", "finished"])
    rules = serializers.DictField()
    seats = SeatSummarySerializer(many=True)
    you = serializers.IntegerField(allow_null=True)
    open_seats = serializers.IntegerField()
    result = serializers.DictField(allow_null=True)
    created_at = serializers.DateTimeField()


class GameListSerializer(serializers.Serializer):
    games = GameSummarySerializer(many=True)


class HintSerializer(serializers.Serializer):
    action = ActionSerializer(allow_null=True)


