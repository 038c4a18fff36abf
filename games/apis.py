"""The games part of the contract: one API class per operation.

Views are transport only: read the request, call one service or selector, answer with
the caller's view. Every refusal is an ``ApplicationError`` rendered by the one handler.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Player
from accounts.selectors import player_of
from core.errors import NotFound
from core.pages import PageQuerySerializer
from core.schema import errors
from core.throttles import PlayerRateThrottle, ScopedRateThrottle
from games import computer, leaving, selectors, services, stats
from games.engine.ai import LEVELS
from games.inputs import (
    ActionInputSerializer,
    AfterQuerySerializer,
    GameCreateInputSerializer,
    GameFillInputSerializer,
    GameJoinInputSerializer,
    HintQuerySerializer,
    InPlayQuerySerializer,
)
from games.serializers import (
    ArchivePageSerializer,
    EventListSerializer,
    GameListSerializer,
    GamesInPlayPageSerializer,
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


class GameListCreateApi(APIView):
    @extend_schema(operation_id="games_list", responses={200: GameListSerializer, **ERRORS}, summary="Your games, and games to join or watch")
    def get(self, request: Request) -> Response:
        player = _player(request)
        games = selectors.games_for_lobby(player)
        return Response({"games": [selectors.game_summary(game, player) for game in games]})

    @extend_schema(request=GameCreateInputSerializer, responses={201: GameViewSerializer, **BODY_ERRORS},
                   summary="Create a game against computer players or with open seats")
    def post(self, request: Request) -> Response:
        # The contract's create is rules + opponents: an empty body is a client's mistake,
        # not a request for the defaults ({"rules": {}} asks for those).
        create = GameCreateInputSerializer.parsed(request.data)
        player = _player(request)
        played = services.game_create(creator=player, rules=create.rules, opponents=create.opponents,
                                      options=create.options, client_seed=create.client_seed)
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
        seed = GameJoinInputSerializer.parsed(request.data).get("client_seed")
        return Response(_view_of(services.game_join(game_id=game_id, player=player, client_seed=seed), player))


class GameFillApi(APIView):
    @extend_schema(request=GameFillInputSerializer, responses={200: GameViewSerializer, **BODY_ERRORS},
                   summary="The creator seats computer players in every open seat")
    def post(self, request: Request, game_id: int) -> Response:
        player = _player(request)
        level = GameFillInputSerializer.parsed(request.data)["ai"]
        return Response(_view_of(services.game_fill(game_id=game_id, player=player, level=level), player))


class ActionPlayApi(APIView):
    # One budget per player, charged by the socket's actions too (core.rates).
    throttle_classes = [PlayerRateThrottle]
    throttle_scope = "actions"
    malformed_code = "invalid_action"

    @extend_schema(request=ActionInputSerializer, responses={200: GameViewSerializer, **BODY_ERRORS},
                   summary="Play one action at the seq you last saw")
    def post(self, request: Request, game_id: int) -> Response:
        move = ActionInputSerializer.parsed(request.data)
        player = _player(request)
        played = services.action_play(game_id=game_id, player=player, action=move.action,
                                      expected_seq=move.expected_seq)
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
        after = AfterQuerySerializer.parsed(request.query_params.dict())
        player = _player(request)
        return Response({"events": selectors.events_for(selectors.game_get_for(game_id, player), player, after)})


class GameReplayApi(APIView):
    @extend_schema(responses={200: ReplaySerializer, **ERRORS},
                   summary="Every event with every card and the server seed revealed, once the game is finished")
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.game_replay(selectors.game_get_for(game_id, _player(request))))


class PlayerArchiveApi(APIView):
    permission_classes = [AllowAny]  # like the profile: finished games are public

    @extend_schema(operation_id="players_games_archive", parameters=[PageQuerySerializer],
                   responses={200: ArchivePageSerializer, **errors(400, 404, 429)},
                   summary="A player's finished games, newest first, a page at a time")
    def get(self, request: Request, player_id: int) -> Response:
        if not Player.objects.filter(pk=player_id).exists():
            raise NotFound(f"There is no player {player_id}.")
        items, cursor = stats.archive_page(player_id, request.query_params.dict(), viewer=player_of(request.user))
        return Response({"games": items, "next": cursor})


class PlayerGamesInPlayApi(APIView):
    @extend_schema(operation_id="my_games_in_play",
                   parameters=[OpenApiParameter("status", str, enum=["active", "waiting"],
                                                description="active (default): in play; waiting: for players"),
                               PageQuerySerializer],
                   responses={200: GamesInPlayPageSerializer, **ERRORS},
                   summary="Your games in play: whose move, the clock, who is away")
    def get(self, request: Request) -> Response:
        query = request.query_params.dict()
        status = InPlayQuerySerializer.parsed(query)
        items, cursor = selectors.games_in_play(_player(request), status,
                                                {k: v for k, v in query.items() if k != "status"})
        return Response({"games": items, "next": cursor})


class GameHintApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "hints"  # its own, tighter scope: a hint costs a computer's thinking

    @extend_schema(
        parameters=[OpenApiParameter("level", str, enum=list(LEVELS), description="default: experienced")],
        responses={200: HintSerializer, **ERRORS}, summary="What a computer player would do in your seat",
    )
    def get(self, request: Request, game_id: int) -> Response:
        level = HintQuerySerializer.parsed(request.query_params.dict())
        player = _player(request)
        action = computer.hint_for(selectors.game_get_for(game_id, player), player, level)
        return Response({"action": action.to_dict() if action is not None else None})
