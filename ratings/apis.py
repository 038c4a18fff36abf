"""The ratings part of the contract: the leaderboard."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from durak_platform.schema import errors
from ratings.selectors import leaderboard


class RatingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: inline_serializer("Leaderboard", fields={"players": serializers.ListField()}),
                              **errors(401)},
                   summary="The best-rated players (Elo, games between two people)")
    def get(self, request: Request) -> Response:
        return Response({"players": leaderboard()})
