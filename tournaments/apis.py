"""Tournaments over REST: one API class per operation, transport only."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Player
from accounts.selectors import player_of
from core.converters import MAX_ID
from core.errors import InvalidRequest, NotFound
from core.pages import PageQuerySerializer
from core.throttles import PlayerRateThrottle
from games import options
from games.apis import BODY_ERRORS, ERRORS
from games.event_shapes import RulesSerializer
from games.inputs import client_seed_field
from tournaments import prizes, selectors, services, terms
from tournaments.models import Tournament
from tournaments.serializers import TableReadySerializer, TournamentPageSerializer, TournamentSerializer


def _player(request: Request) -> Player:
    player = player_of(request.user)
    assert player is not None  # IsAuthenticated ran first
    return player


def _detail(tournament_id: int, player: Player | None) -> dict[str, Any]:
    return selectors.tournament_detail(selectors.tournament_get(tournament_id), player)


# The schema's example of a create body with stages (tests/tournaments/test_stages.py creates
# a tournament from the schema's text, so the example and tournaments.stages.parse agree).
STAGES_EXAMPLE = ('{"format": "swiss", "rounds": 4, "stages": [{"format": "swiss", "rounds": 4}, '
                  '{"format": "elimination", "advance": 8, "leaves": "durak"}]}')


class TournamentCreateInputSerializer(serializers.Serializer):
    """The body of a create request (the service checks every field and names the bad one)."""

    name = serializers.CharField(max_length=80)
    format = serializers.ChoiceField(choices=Tournament.Format.choices, default="round_robin")
    rules = RulesSerializer(help_text="The engine's rules for every table; players 2..6 (any option may be left out).",
                            required=False, partial=True)
    entry_fee = serializers.IntegerField(min_value=0, max_value=terms.MAX_COINS, default=0)
    rake_percent = serializers.IntegerField(min_value=0, max_value=50, default=0)
    added_prize = serializers.IntegerField(min_value=0, max_value=terms.MAX_COINS, default=0)
    guarantee = serializers.IntegerField(min_value=0, max_value=terms.MAX_COINS, default=0)
    payouts = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=100), allow_null=True,
                                    required=False, min_length=1, max_length=prizes.MAX_PAYOUTS,
                                    help_text="Percent per place, best first, summing to 100; null: by field size. "
                                              "With prize_amounts: the split of what they leave.")
    prize_amounts = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=terms.MAX_COINS),
                                          allow_null=True, required=False, min_length=1,
                                          max_length=prizes.MAX_PAYOUTS,
                                          help_text="Fixed coins per place, best first, never rising, paid first; "
                                                    "at most the larger of added_prize and guarantee in all. "
                                                    "null: none.")
    min_entrants = serializers.IntegerField(min_value=2, max_value=terms.MAX_ENTRANTS, default=2)
    max_entrants = serializers.IntegerField(min_value=2, max_value=terms.MAX_ENTRANTS, default=8,
                                            help_text=f"Round robin: at most {terms.ROUND_ROBIN_MAX}.")
    starts_at = serializers.DateTimeField(allow_null=True, required=False)
    rounds = serializers.IntegerField(min_value=terms.SWISS_ROUNDS[0], max_value=terms.SWISS_ROUNDS[1], required=False,
                                      help_text="Swiss only.")
    timer = serializers.IntegerField(min_value=5, max_value=600, allow_null=True, required=False,
                                     help_text="Seconds per move; null: the platform's default clock.")
    time_bank = serializers.IntegerField(min_value=options.BANK_RANGE[0], max_value=options.BANK_RANGE[1],
                                         allow_null=True, default=terms.DEFAULT_BANK,
                                         help_text="Seconds each player has at a table besides the move timer "
                                                   "(docs/tournaments.md); null: the default.")
    time_increment = serializers.IntegerField(min_value=options.INCREMENT_RANGE[0],
                                              max_value=options.INCREMENT_RANGE[1], default=terms.DEFAULT_INCREMENT,
                                              help_text="Seconds each move adds back to its player's bank.")
    spectator_delay = serializers.IntegerField(min_value=0, max_value=20, default=2)
    leaves = serializers.ChoiceField(choices=Tournament.Leaves.choices, required=False,
                                     help_text="Elimination: the durak leaves each table, or the worse half.")
    duration = serializers.IntegerField(min_value=terms.ARENA_MINUTES[0], max_value=terms.ARENA_MINUTES[1],
                                        required=False, help_text="Arena only: minutes it runs.")
    late_until_round = serializers.IntegerField(min_value=terms.LATE_ROUNDS[0], max_value=terms.LATE_ROUNDS[1],
                                                allow_null=True, required=False,
                                                help_text="Late registration: entries taken while running, until "
                                                          "this round opens (not round robin).")
    reentry = serializers.BooleanField(default=False, help_text="Elimination with late registration: a player "
                                       "knocked out may enter again for the fee while it is open.")
    stages = serializers.ListField(child=serializers.DictField(), allow_null=True, required=False,
                                   help_text="A chain of exactly two stages with one pool: the first repeats the "
                                             "body's 'format' (swiss or round robin) and its 'rounds'; the second is "
                                             "an elimination of the best 'advance' ('leaves': its rule, default "
                                             "durak). null: one stage. E.g. the body " + STAGES_EXAMPLE +
                                             " (docs/tournaments.md, \"Stages\").")


class PlayerRefSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, max_value=MAX_ID)


class DisqualifyInputSerializer(PlayerRefSerializer):
    """Whom to disqualify: an entrant still playing or already knocked out."""

    player = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The entrant's player id.")
    note = serializers.CharField(max_length=200, required=False, help_text="Why, for the tournament's record.")


TOURNAMENT = OpenApiResponse(TournamentSerializer, description="The tournament (contract, section Tournaments).")


class TournamentListCreateApi(APIView):
    throttle_scope = "tournaments"

    def get_permissions(self) -> list[Any]:
        # Anyone may look at the tournaments; creating one needs an account.
        return [AllowAny()] if self.request.method == "GET" else list(super().get_permissions())

    def get_throttles(self) -> list[Any]:
        # Creating is budgeted per player; looking is not.
        return [] if self.request.method == "GET" else [PlayerRateThrottle()]

    @extend_schema(operation_id="tournaments_list", parameters=[PageQuerySerializer],
                   responses={200: TournamentPageSerializer, **ERRORS}, summary="Every tournament, newest first, a page at a time")
    def get(self, request: Request) -> Response:
        items, cursor = selectors.tournaments_page(request.query_params.dict())
        return Response({"tournaments": items, "next": cursor})

    @extend_schema(request=TournamentCreateInputSerializer, responses={201: TOURNAMENT, **BODY_ERRORS},
                   summary="Create a tournament (elimination, swiss, round robin or arena)")
    def post(self, request: Request) -> Response:
        player = _player(request)
        tournament = services.tournament_create(organiser=player, data=request.data)
        return Response(_detail(tournament.pk, player), status=201)


class TournamentDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: TOURNAMENT, **ERRORS}, summary="A tournament: entrants, pool, rounds, standings")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(_detail(tournament_id, player_of(request.user)))


def _action(summary: str, request_body: Any = None) -> Any:
    return extend_schema(request=request_body, responses={200: TOURNAMENT, **BODY_ERRORS}, summary=summary)


class JoinInputSerializer(serializers.Serializer):
    client_seed = client_seed_field("Your own seed for every table's deal (printable ASCII, no ':'); "
                                    "absent or null: the server picks one")


class TournamentJoinApi(APIView):
    @_action("Enter (pays the entry fee), with your own seed for every table's deal", JoinInputSerializer)
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        data = request.data if isinstance(request.data, dict) else {}
        services.tournament_join(tournament_id=tournament_id, player=player, client_seed=data.get("client_seed"))
        return Response(_detail(tournament_id, player))


class TournamentWithdrawApi(APIView):
    @_action("Leave before the start (the fee comes back)")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        services.tournament_withdraw(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


class TournamentStartApi(APIView):
    @_action("The organiser closes registration and opens round 1")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        services.tournament_start(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


class TournamentAdvanceApi(APIView):
    @_action("Move on a round whose games are all over (the organiser); staff also unstick its tables")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        if request.user.is_staff:
            services.round_advance_by_staff(tournament_id=tournament_id, by=request.user)
        else:
            services.tournament_advance_by_organiser(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


class TournamentCancelApi(APIView):
    @_action("Cancel: the organiser before the start, staff before the end; every coin not paid goes back")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        tournament = selectors.tournament_get(tournament_id)
        if request.user.is_staff and tournament.organiser_id != player.pk:
            services.tournament_cancel_by_staff(tournament_id=tournament_id, by=request.user)
        else:
            services.tournament_cancel(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


class TournamentDisqualifyApi(APIView):
    @_action("The organiser (the tournament's director) or staff disqualify an entrant: their seat in play "
             "forfeits, and any prize goes to the places below", DisqualifyInputSerializer)
    def post(self, request: Request, tournament_id: int) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        player_id = data.get("player")
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 1 <= player_id <= MAX_ID:
            raise InvalidRequest("'player' is the id of an entrant.", field="player")
        services.entrant_disqualify(tournament_id=tournament_id, player_id=player_id, by=request.user,
                                    note=str(data.get("note", ""))[:200])
        return Response(_detail(tournament_id, _player(request)))


class TournamentTableApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: inline_serializer("TournamentTable", fields={
        "tournament": serializers.IntegerField(), "name": serializers.CharField(),
        "round": serializers.IntegerField(), "final": serializers.BooleanField(),
        "timer": serializers.IntegerField()}), **ERRORS},
        summary="The tournament a game is a table of (404: an ordinary game)")
    def get(self, request: Request, game_id: int) -> Response:
        table = selectors.table_of_game(game_id)
        if table is None:
            raise NotFound(f"Game {game_id} is not a tournament table.")
        final = selectors.rounds_of(table.tournament)
        return Response({"tournament": table.tournament_id, "name": table.tournament.name, "round": table.round,
                         "final": any(r.final for r in final if r.number == table.round),
                         "timer": table.tournament.move_timer})


class TableReadyApi(APIView):
    @extend_schema(responses={200: TableReadySerializer, **ERRORS},
        summary="Your tournament table being played now, if any")
    def get(self, request: Request) -> Response:
        return Response({"table": selectors.table_ready_for(_player(request))})

