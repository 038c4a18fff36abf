"""The games part of the contract: one API class per operation.

Views are transport only: read the request, call one service or selector, answer with
the caller's view. Every refusal is an ``ApplicationError`` rendered by the one handler.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Player
from accounts.selectors import player_of
from durak_platform.converters import MAX_ID
from durak_platform.errors import InvalidRequest
from durak_platform.schema import errors
from durak_platform.throttles import PlayerRateThrottle, ScopedRateThrottle
from games import computer, leaving, selectors, services
from games.engine import InvalidAction, action_from_dict
from games.engine.ai import LEVELS
from games.errors import InvalidActionError
from games.options import table_options_parse
from games.serializers import (
    ActionInputSerializer,
    EventListSerializer,
    GameCreateInputSerializer,
    GameFillInputSerializer,
    GameJoinInputSerializer,
    GameListSerializer,
    GameViewSerializer,
    HintSerializer,
    ReplaySerializer,
)
from games.services import Played

ERRORS = errors(400, 401, 403, 404, 409, 429)
# An operation that reads a body: past DURAK_MAX_BODY_BYTES it is 413 payload_too_large.
BODY_ERRORS = {**ERRORS, **errors(413)}


def _player(request: Request) -> Player:
    player = player_of(request.user)
    assert player is not None  # IsAuthenticated ran first
    return player


def _view_of(played: Played, player: Player) -> dict[str, Any]:
    seat = selectors.seat_number_of(played.seats, player)
    return selectors.game_view(played.game, played.seats, played.state, seat)


def _after_param(value: str) -> int:
    if not value.strip().isdigit():
        raise InvalidRequest("'after' must be a whole number, 0 or more.")
    # Past the largest seq there is nothing after; the database could not compare it.
    return min(int(value), MAX_ID)


class GameListCreateApi(APIView):
    @extend_schema(operation_id="games_list", responses={200: GameListSerializer, **ERRORS}, summary="Your games, and games to join or watch")
    def get(self, request: Request) -> Response:
        player = _player(request)
        games = selectors.games_for_lobby(player)
        return Response({"games": [selectors.game_summary(game, player) for game in games]})

    @extend_schema(request=GameCreateInputSerializer, responses={201: GameViewSerializer, **BODY_ERRORS},
                   summary="Create a game against computer players or with open seats")
    def post(self, request: Request) -> Response:
        data = request.data
        if not isinstance(data, dict):
            raise InvalidActionError("The body must be a JSON object with 'rules' and 'opponents'.")
        if not isinstance(data.get("rules"), dict):
            # The contract's create is rules + opponents: an empty body is a client's mistake,
            # not a request for the defaults ({"rules": {}} asks for those).
            raise InvalidActionError("'rules' is required: an object such as {\"players\": 2} ({} for the defaults).",
                                     reason="bad_rules")
        player = _player(request)
        options = table_options_parse(data)  # "timer", "spectator_delay", "hints"
        played = services.game_create(creator=player, rules=data.get("rules"), opponents=data.get("opponents"),
                                      options=options, client_seed=data.get("client_seed"))
        return Response(_view_of(played, player), status=201)


class GameDetailApi(APIView):
    @extend_schema(operation_id="games_view", responses={200: GameViewSerializer, **ERRORS}, summary="The caller's view of a game")
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.game_view_for(game_id, _player(request)))


class GameJoinApi(APIView):
    @extend_schema(request=GameJoinInputSerializer, responses={200: GameViewSerializer, **BODY_ERRORS},
                   summary="Take the next open seat")
    def post(self, request: Request, game_id: int) -> Response:
        player = _player(request)
        seed = request.data.get("client_seed") if isinstance(request.data, dict) else None
        return Response(_view_of(services.game_join(game_id=game_id, player=player, client_seed=seed), player))


class GameFillApi(APIView):
    @extend_schema(request=GameFillInputSerializer, responses={200: GameViewSerializer, **BODY_ERRORS},
                   summary="The creator seats computer players in every open seat")
    def post(self, request: Request, game_id: int) -> Response:
        player = _player(request)
        data = request.data
        level = data.get("ai", "experienced") if isinstance(data, dict) else None
        return Response(_view_of(services.game_fill(game_id=game_id, player=player, level=level), player))


class ActionPlayApi(APIView):
    # One budget per player, charged by the socket's actions too (durak_platform.rates).
    throttle_classes = [PlayerRateThrottle]
    throttle_scope = "actions"
    malformed_code = "invalid_action"

    @extend_schema(request=ActionInputSerializer, responses={200: GameViewSerializer, **BODY_ERRORS},
                   summary="Play one action at the seq you last saw")
    def post(self, request: Request, game_id: int) -> Response:
        try:
            action = action_from_dict(request.data)
        except InvalidAction as error:
            raise InvalidActionError(error.message, reason=error.code) from error
        expected_seq = request.data.get("expected_seq") if isinstance(request.data, dict) else None
        if expected_seq is None:
            raise InvalidActionError("'expected_seq' is required: the seq you last saw.")
        if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or not 0 <= expected_seq <= MAX_ID:
            raise InvalidActionError("'expected_seq' must be a whole number, 0 or more.")
        player = _player(request)
        played = services.action_play(game_id=game_id, player=player, action=action, expected_seq=expected_seq)
        return Response(_view_of(played, player))


class GameLeaveApi(APIView):
    @extend_schema(request=None, responses={200: GameViewSerializer, **ERRORS},
                   summary="Leave a running game: alone against computers it ends, you its durak; "
                           "with other people the computer plays your seat and you rank last")
    def post(self, request: Request, game_id: int) -> Response:
        player = _player(request)
        return Response(_view_of(leaving.game_leave(game_id=game_id, player=player), player))


class GameEventsApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("after", {"type": "integer", "minimum": 0},
                                     description="Only events with a greater seq (default 0)")],
        responses={200: EventListSerializer, **ERRORS}, summary="Events as the caller may see them",
    )
    def get(self, request: Request, game_id: int) -> Response:
        after = _after_param(request.query_params.get("after", "0"))
        game = selectors.game_get(game_id)
        return Response({"events": selectors.events_for(game, _player(request), after)})


class GameReplayApi(APIView):
    @extend_schema(responses={200: ReplaySerializer, **ERRORS},
                   summary="Every event with every card and the server seed revealed, once the game is finished")
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.game_replay(selectors.game_get(game_id)))


class GameHintApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "hints"  # its own, tighter scope: a hint costs a computer's thinking

    @extend_schema(
        parameters=[OpenApiParameter("level", str, enum=list(LEVELS), description="default: experienced")],
        responses={200: HintSerializer, **ERRORS}, summary="What a computer player would do in your seat",
    )
    def get(self, request: Request, game_id: int) -> Response:
        level = request.query_params.get("level", "experienced")
        if level not in LEVELS:
            raise InvalidRequest(f"'level' is one of: {', '.join(LEVELS)}.")
        game = selectors.game_get(game_id)
        action = computer.hint_for(game, _player(request), level)
        return Response({"action": action.to_dict() if action is not None else None})
