"""The challenges part of the contract: one API class per operation."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Player
from accounts.selectors import player_of
from challenges import selectors, services
from challenges.errors import InvalidChallenge
from challenges.serializers import (
    ChallengeAcceptedSerializer,
    ChallengeCreateInputSerializer,
    ChallengeListSerializer,
    ChallengeSerializer,
)
from core.schema import errors
from games.selectors import game_view_for

ERRORS = errors(400, 401, 403, 404, 409, 429)


def _player(request: Request) -> Player:
    player = player_of(request.user)
    assert player is not None  # IsAuthenticated ran first
    return player


class ChallengeListCreateApi(APIView):
    @extend_schema(operation_id="challenges_list", responses={200: ChallengeListSerializer, **ERRORS},
                   summary="Your pending challenges: to you and yours")
    def get(self, request: Request) -> Response:
        return Response(selectors.challenges_of(_player(request)))

    @extend_schema(operation_id="challenges_create", request=ChallengeCreateInputSerializer,
                   responses={201: ChallengeSerializer, **ERRORS}, summary="Challenge a player (or anyone with the link)")
    def post(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            raise InvalidChallenge("The body is a JSON object with 'to' and 'rules'.")
        challenge = services.challenge_create(challenger=_player(request), body=request.data)
        return Response(selectors.challenge_dict(challenge), status=201)


class ChallengeDetailApi(APIView):
    @extend_schema(operation_id="challenges_view", responses={200: ChallengeSerializer, **ERRORS},
                   summary="One challenge (anyone with its link may read it; once accepted, its players)")
    def get(self, request: Request, challenge_id: int) -> Response:
        return Response(selectors.challenge_dict(selectors.challenge_get_for(challenge_id, player_of(request.user))))


class ChallengeAcceptApi(APIView):
    @extend_schema(operation_id="challenges_accept", request=None, responses={200: ChallengeAcceptedSerializer, **ERRORS},
                   summary="Accept: a private game with both of you seated")
    def post(self, request: Request, challenge_id: int) -> Response:
        player = _player(request)
        challenge, game = services.challenge_accept(challenge_id=challenge_id, player=player)
        return Response({"challenge": selectors.challenge_dict(challenge), "game": game_view_for(game, player)})


class ChallengeDeclineApi(APIView):
    @extend_schema(operation_id="challenges_decline", request=None, responses={200: ChallengeSerializer, **ERRORS},
                   summary="Decline a challenge made to you")
    def post(self, request: Request, challenge_id: int) -> Response:
        challenge = services.challenge_decline(challenge_id=challenge_id, player=_player(request))
        return Response(selectors.challenge_dict(challenge))


class ChallengeCancelApi(APIView):
    @extend_schema(operation_id="challenges_cancel", request=None, responses={200: ChallengeSerializer, **ERRORS},
                   summary="Cancel your own challenge")
    def post(self, request: Request, challenge_id: int) -> Response:
        challenge = services.challenge_cancel(challenge_id=challenge_id, player=_player(request))
        return Response(selectors.challenge_dict(challenge))
