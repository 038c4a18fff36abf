"""Input and output shapes of the games API, for the OpenAPI schema.

The inputs, which validate as well, are ``games.inputs``.
"""

from __future__ import annotations

from rest_framework import serializers

from games.event_shapes import RulesSerializer, game_events
from games.inputs import card_field
from games.stats import OUTCOMES


class FairnessSerializer(serializers.Serializer):
    commitment = serializers.CharField(allow_null=True, min_length=64, max_length=64,
                                       help_text="SHA-256 (hex) of the server seed, fixed before any client seed; "
                                                 "null: a game dealt before the fair deal")
    client_seeds = serializers.ListField(child=serializers.CharField(allow_null=True),
                                         help_text="Per seat; null: a computer seat or a seat not yet taken")


class RevealedFairnessSerializer(FairnessSerializer):
    server_seed = serializers.CharField(allow_null=True, help_text="sha256(server_seed) == commitment; "
                                                                   "null: a game dealt before the fair deal")


class ActionSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["attack", "defend", "transfer", "take", "pass"])
    cards = serializers.ListField(child=card_field(), required=False)
    card = card_field(required=False)
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


class GameResultSerializer(serializers.Serializer):
    type = serializers.CharField(required=False, help_text="Lists (summaries, tournament tables): game_finished, "
                                                            "the result being that event as stored")
    v = serializers.IntegerField(required=False, help_text="With type: the event schema's version")
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
    time_bank = serializers.IntegerField(allow_null=True, help_text="Seconds each person has for the whole game "
                                                                    "besides the move timer; null: no bank")
    time_increment = serializers.IntegerField(help_text="Seconds each of a person's moves adds to their bank")


class ClockSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="The seat that must move")
    deadline = serializers.DateTimeField(help_text="When its time runs out (then the computer moves for it)")
    server_time = serializers.DateTimeField(help_text="The server's time when this view was made: count down "
                                                      "deadline - server_time, not against the device's clock")


class BankSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="A person's seat")
    seconds = serializers.IntegerField(help_text="Whole seconds left in its time bank at server_time (the seats "
                                                 "to act are counting down)")


class GameViewSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["waiting", "active", "finished"])
    rules = RulesSerializer()
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
    result = GameResultSerializer(allow_null=True)
    fairness = FairnessSerializer()
    options = TableOptionsSerializer(help_text="The table's options, fixed at creation (docs/api.md)")
    clock = ClockSerializer(allow_null=True, help_text="null: no timer at this table, or no timed move due")
    away = serializers.ListField(child=serializers.IntegerField(),
                                 help_text="Seats the computer stands in for until their player comes back")
    banks = BankSerializer(many=True, help_text="Each person's time bank (empty: no bank at this table, or "
                                                "the game is not in play)")


class EventListSerializer(serializers.Serializer):
    events = game_events(help_text="In seq order, as the caller may see them")


class ReplaySeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    kind = serializers.ChoiceField(choices=["human", "ai"], allow_null=True)
    ai = serializers.CharField(required=False)
    player = serializers.IntegerField(required=False, help_text="A person's player id: their page is /players/{id}/")


class ReplaySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seats = ReplaySeatSerializer(many=True)
    events = game_events(help_text="Every event with every card: game_started holds the deck "
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
    rules = RulesSerializer()
    seats = SeatSummarySerializer(many=True)
    you = serializers.IntegerField(allow_null=True)
    open_seats = serializers.IntegerField()
    result = GameResultSerializer(allow_null=True)
    created_at = serializers.DateTimeField()


class GameListSerializer(serializers.Serializer):
    games = GameSummarySerializer(many=True)


class HintSerializer(serializers.Serializer):
    action = ActionSerializer(allow_null=True)


class RecentSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    kind = serializers.ChoiceField(choices=["human", "ai"], allow_null=True)
    ai = serializers.CharField(required=False, help_text="A computer seat's level")
    player = serializers.IntegerField(required=False, help_text="A person's player id (their profile)")


class RecentGameSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    finished_at = serializers.DateTimeField(allow_null=True)
    result = serializers.ChoiceField(choices=list(OUTCOMES), help_text="What the game was for this player")
    seat = serializers.IntegerField()
    variant = serializers.CharField()
    players = serializers.IntegerField()
    deck = serializers.IntegerField()
    seats = RecentSeatSerializer(many=True)
    replay = serializers.CharField(help_text="The replay page's address")


class ArchivePageSerializer(serializers.Serializer):
    games = RecentGameSerializer(many=True, help_text="Finished games, newest first")
    next = serializers.CharField(allow_null=True, help_text="The next page's cursor (null: this was the last)")


class GameInPlaySerializer(GameSummarySerializer):
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="The seats that must move now")
    your_turn = serializers.BooleanField()
    last_move_at = serializers.DateTimeField(allow_null=True)
    clock = ClockSerializer(allow_null=True)
    away = serializers.ListField(child=serializers.IntegerField())
    banks = BankSerializer(many=True)


class GamesInPlayPageSerializer(serializers.Serializer):
    games = GameInPlaySerializer(many=True, help_text="Newest first")
    next = serializers.CharField(allow_null=True, help_text="The next page's cursor (null: this was the last)")
