"""The OpenAPI shapes of the tournaments' answers (CONTRACT.md, "Tournaments"): every field
typed, so a generated client reads a tournament, its pool, rounds and standings as models."""

from __future__ import annotations

from rest_framework import serializers

from games.event_shapes import RulesSerializer
from games.serializers import GameResultSerializer
from tournaments.models import Entry, Tournament

GAME_STATUSES = ["waiting", "active", "finished"]
# The contract's four entrant statuses (a disqualified entrant shows as eliminated).
ENTRANT_STATUSES = [Entry.Status.REGISTERED, Entry.Status.PLAYING, Entry.Status.ELIMINATED, Entry.Status.FINISHED]


class TournamentSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    organiser = serializers.IntegerField(help_text="The organiser's player id")
    organiser_name = serializers.CharField()
    entry_fee = serializers.IntegerField()
    entrants_count = serializers.IntegerField()
    max_entrants = serializers.IntegerField()
    starts_at = serializers.DateTimeField(allow_null=True, help_text="null: the organiser starts it (or it starts when full)")
    created_at = serializers.DateTimeField()


class TournamentPageSerializer(serializers.Serializer):
    tournaments = TournamentSummarySerializer(many=True, help_text="Newest first")
    next = serializers.CharField(allow_null=True, help_text="The next page's cursor (null: this was the last)")


class EntrantSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=[s.value for s in ENTRANT_STATUSES])


class PoolSerializer(serializers.Serializer):
    entry_fees = serializers.IntegerField()
    rake = serializers.IntegerField(help_text="The house's share of the fees")
    added_prize = serializers.IntegerField()
    overlay = serializers.IntegerField(help_text="What the organiser adds to reach the guarantee")
    total = serializers.IntegerField(help_text="entry_fees - rake + added_prize + overlay")


class RoundTableSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids in seat order")
    status = serializers.ChoiceField(choices=GAME_STATUSES)
    result = GameResultSerializer(allow_null=True)


class TournamentRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    final = serializers.BooleanField()
    tiebreak = serializers.BooleanField(help_text="A round after the final: players tied at places that pay "
                                                  "differently (first place, always) play again on a new deal")
    byes = serializers.ListField(child=serializers.IntegerField())
    tables = RoundTableSerializer(many=True)


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="1 is first; players tied share a place")
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.FloatField()
    tiebreak = serializers.FloatField(allow_null=True)
    prize = serializers.IntegerField(help_text="Coins this place takes (would take, while it runs)")


class TournamentFairnessSerializer(serializers.Serializer):
    commitment = serializers.CharField(allow_null=True, help_text="SHA-256 of the tournament's seed")
    seed = serializers.CharField(allow_null=True, help_text="Revealed once the tournament is over")


class ArenaRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    streak = serializers.IntegerField(help_text="Tables won in a row")
    on_fire = serializers.BooleanField(help_text="The streak doubles the points of the next win")
    tables = serializers.IntegerField(help_text="Tables played")
    wins = serializers.IntegerField(help_text="Tables won")
    waiting = serializers.BooleanField(help_text="Waiting for a seat now")


class ArenaScaleSerializer(serializers.Serializer):
    win = serializers.IntegerField()
    middle = serializers.IntegerField()
    durak = serializers.IntegerField()
    fire_after = serializers.IntegerField(help_text="Wins in a row after which points are multiplied")
    fire_factor = serializers.IntegerField()


class ArenaSerializer(serializers.Serializer):
    duration = serializers.IntegerField(help_text="Minutes")
    ends_at = serializers.DateTimeField(allow_null=True)
    time_up = serializers.BooleanField(help_text="No new table starts; tables in play finish and count")
    waiting = serializers.IntegerField(help_text="Players waiting for a seat")
    leaderboard = ArenaRowSerializer(many=True, help_text="The best 100, best first")
    scale = ArenaScaleSerializer()


class StageSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    rounds = serializers.IntegerField(required=False, help_text="The qualifying stage's rounds")
    leaves = serializers.ChoiceField(choices=Tournament.Leaves.choices, required=False)
    advance = serializers.IntegerField(required=False, help_text="How many go on to the elimination")
    from_round = serializers.IntegerField(help_text="The tournament's round this stage starts with")
    status = serializers.ChoiceField(choices=["next", "playing", "finished"])
    rule = serializers.CharField(required=False, help_text="Who goes on, in English")
    rule_ru = serializers.CharField(required=False, help_text="Who goes on, in Russian")
    advancing = serializers.ListField(child=serializers.IntegerField(), required=False, allow_null=True,
                                      help_text="Who went on, once the qualifying stage is over")


class TableLimitSerializer(serializers.Serializer):
    seconds = serializers.IntegerField(help_text="seats × time_bank: a table lasts at most this long, ...")
    per_move = serializers.IntegerField(help_text="... plus this many seconds for each move made (time_increment)")


class TournamentSerializer(TournamentSummarySerializer):
    rules = RulesSerializer()
    rake_percent = serializers.IntegerField()
    added_prize = serializers.IntegerField()
    guarantee = serializers.IntegerField()
    payouts = serializers.ListField(child=serializers.IntegerField(), help_text="Percent per place, best first (of "
                                    "what the fixed prize_amounts leave)")
    payouts_given = serializers.BooleanField(help_text="false: the table chosen by the number of entrants")
    prize_amounts = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                          help_text="Fixed coins per place, best first, paid before the "
                                                    "percentages split the rest of the pool (null: none)")
    min_entrants = serializers.IntegerField()
    rounds_total = serializers.IntegerField(allow_null=True, help_text="null: elimination, it depends on the results")
    leaves = serializers.ChoiceField(choices=Tournament.Leaves.choices)
    timer = serializers.IntegerField(allow_null=True)
    time_bank = serializers.IntegerField(help_text="Seconds each player has at a table besides the move timer: "
                                                   "when they run out, the computer moves for them")
    time_increment = serializers.IntegerField(help_text="Seconds each move adds back to its player's bank")
    table_limit = TableLimitSerializer(help_text="The longest a table can last: no table holds a round hostage")
    spectator_delay = serializers.IntegerField()
    entrants = EntrantSerializer(many=True)
    entered = serializers.BooleanField(help_text="Whether the caller is in and still playing")
    pool = PoolSerializer()
    rounds = TournamentRoundSerializer(many=True)
    standings = StandingSerializer(many=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    fairness = TournamentFairnessSerializer()
    disqualified = serializers.ListField(child=serializers.IntegerField(), help_text="Players the director disqualified")
    absent_tables = serializers.IntegerField(help_text="Forfeited tables in a row after which a player is withdrawn")
    late_until_round = serializers.IntegerField(allow_null=True, help_text="Entries taken until this round opens")
    reentry = serializers.BooleanField(help_text="A knocked-out player may enter again while late entry is open")
    late_open = serializers.BooleanField(help_text="Whether the tournament takes entries now, running")
    arena = ArenaSerializer(allow_null=True, help_text="An arena's clock and live leaderboard (null: not an arena)")
    stages = StageSerializer(many=True, allow_null=True, help_text="The chain of stages (null: one stage)")


class TableReadyEntrySerializer(serializers.Serializer):
    game = serializers.IntegerField()
    tournament = serializers.IntegerField()
    name = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)


class TableReadySerializer(serializers.Serializer):
    table = TableReadyEntrySerializer(allow_null=True)
