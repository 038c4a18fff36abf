"""The players' part of the contract: ``GET /api/v1/players/{id}/``, a player's profile."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_of
from core.schema import errors
from games.serializers import RecentGameSerializer
from players.profiles import player_profile


class RatingPointSerializer(serializers.Serializer):
    game = serializers.IntegerField(allow_null=True, help_text="null: a private game the caller did not play")
    at = serializers.DateTimeField()
    rating = serializers.IntegerField(help_text="The rating after this game")


class VariantRatingSerializer(serializers.Serializer):
    rating = serializers.IntegerField()
    games = serializers.IntegerField(help_text="Rated games of this variant")
    provisional = serializers.BooleanField(help_text="Too few rated games for the rating to mean much yet")
    history = RatingPointSerializer(many=True, help_text="The rating after each rated game, oldest first")


class RecordSerializer(serializers.Serializer):
    games = serializers.IntegerField(help_text="Finished games with a seat: wins + durak + draws + left")
    wins = serializers.IntegerField(help_text="Not the durak (nor of a losing team) in a game that had one")
    durak = serializers.IntegerField(help_text="Left holding cards: the durak, or one of a losing team")
    draws = serializers.IntegerField()
    left = serializers.IntegerField(help_text="Seats given up after the reconnect window: losses")


class VersusComputerSerializer(RecordSerializer):
    level = serializers.CharField(help_text="A computer level that sat at these tables")


class PlayerProfileSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    guest = serializers.BooleanField()
    ratings = serializers.DictField(child=VariantRatingSerializer(), help_text="Per variant")
    stats = RecordSerializer()
    versus_computer = VersusComputerSerializer(many=True, help_text="Per computer level, weakest first")
    recent_games = RecentGameSerializer(many=True, help_text="The last finished games, newest first")


class PlayerProfileApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerProfileSerializer, **errors(404)},
                   summary="A player's profile: ratings, record, results against the computer, recent games")
    def get(self, request: Request, player_id: int) -> Response:
        data: dict[str, Any] = player_profile(player_id, viewer=player_of(request.user))
        return Response(data)
