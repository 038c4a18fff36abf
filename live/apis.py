"""The lobby of games to watch, over REST (``live.lobby``)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_of
from core.schema import errors
from games import selectors as game_selectors
from games import timers
from games.serializers import GameSummarySerializer
from live.lobby import lobby, spectator_counts


class WatchedGameSerializer(GameSummarySerializer):
    spectators = serializers.IntegerField(help_text="Sockets watching it without a seat, now")
    tournament = serializers.BooleanField(help_text="A tournament's table")
    finished_at = serializers.DateTimeField(allow_null=True)


class FinishedGameSerializer(WatchedGameSerializer):
    replay = serializers.CharField(help_text="The replay viewer's page")


class WatchLobbyApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="watch_lobby", summary="Games to watch: live ones and recently finished ones",
                   responses={200: inline_serializer("WatchLobby", fields={
                       "live": WatchedGameSerializer(many=True), "finished": FinishedGameSerializer(many=True)}),
                              **errors(401)})
    def get(self, request: Request) -> Response:
        return Response(lobby())


class SpectatorCountApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="watch_spectators", summary="How many watch a game now",
                   responses={200: inline_serializer("Spectators", fields={
                       "game": serializers.IntegerField(), "spectators": serializers.IntegerField()}),
                              **errors(401, 404)})
    def get(self, request: Request, game_id: int) -> Response:
        return Response({"game": game_id, "spectators": spectator_counts([game_id]).get(game_id, 0)})


class SeatBackApi(APIView):
    """«Вернуться за стол»: the computer stands in for a person whose move clock ran out
    (``games.timers``) until they act, reconnect, or press this."""

    @extend_schema(operation_id="games_away", summary="Whether the computer stands in for your seat now",
                   responses={200: inline_serializer("SeatAway", fields={
                       "game": serializers.IntegerField(), "seat": serializers.IntegerField(),
                       "away": serializers.BooleanField(help_text="Your clock ran out and you have not come back")}),
                              **errors(401, 403, 404)})
    def get(self, request: Request, game_id: int) -> Response:
        game = game_selectors.game_get(game_id)
        seat = game_selectors.seated_number(game_selectors.seats_of(game), player_of(request.user))
        return Response({"game": game.pk, "seat": seat, "away": timers.seat_away(game_id=game.pk, seat=seat)})

    @extend_schema(operation_id="games_back", request=None, summary="Take your seat back from the computer",
                   responses={200: inline_serializer("SeatBack", fields={
                       "game": serializers.IntegerField(), "seat": serializers.IntegerField(),
                       "returned": serializers.BooleanField(
                           help_text="Whether the computer was standing in (false: nothing to take back, "
                                     "or the reconnect window had closed)")}),
                              **errors(401, 403, 404)})
    def post(self, request: Request, game_id: int) -> Response:
        game = game_selectors.game_get(game_id)
        seat = game_selectors.seated_number(game_selectors.seats_of(game), player_of(request.user))
        returned = timers.seat_returned(game_id=game.pk, seat=seat)
        return Response({"game": game.pk, "seat": seat, "returned": returned})
