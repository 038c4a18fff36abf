"""The ratings part of the contract: the leaderboard of a variant."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.schema import errors
from games.engine.rules import VARIANTS
from ratings.selectors import leaderboard
from ratings.serializers import LeaderboardSerializer
from ratings.variants import DEFAULT, variant_checked


class RatingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("variant", str, enum=list(VARIANTS), default=DEFAULT,
                                     description="Which game's ratings; an unknown one is 400 invalid_request")],
        responses={200: LeaderboardSerializer, **errors(400, 401)},
        summary="The best-rated players of a variant (openskill; games between registered people)")
    def get(self, request: Request) -> Response:
        variant = variant_checked(request.query_params.get("variant", DEFAULT))
        return Response({"ratings": leaderboard(variant)})
