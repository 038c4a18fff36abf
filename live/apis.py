"""The lobby of games to watch, over REST (``live.lobby``)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from durak_platform.schema import errors
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
