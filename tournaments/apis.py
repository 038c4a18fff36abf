"""Tournaments and wallets over REST: one API class per operation, transport only."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Player
from accounts.selectors import player_of
from games.apis import ERRORS
from tournaments import selectors, services


def _player(request: Request) -> Player:
    player = player_of(request.user)
    assert player is not None  # IsAuthenticated ran first
    return player


def _detail(tournament_id: int, player: Player | None) -> dict[str, Any]:
    return selectors.tournament_detail(selectors.tournament_get(tournament_id), player)


class TournamentListCreateApi(APIView):
    def get_permissions(self) -> list[Any]:
        # Anyone may look at the tournaments; creating one needs an account.
        return [AllowAny()] if self.request.method == "GET" else list(super().get_permissions())

    @extend_schema(responses={200: dict, **ERRORS}, summary="Recent tournaments")
    def get(self, request: Request) -> Response:
        return Response({"tournaments": [selectors.tournament_summary(t) for t in selectors.tournaments_list()]})

    @extend_schema(request=dict, responses={201: dict, **ERRORS},
                   summary="Create a tournament: name, rules, entry_fee, added_prize, prize_split, max_entrants, timer, spectator_delay")
    def post(self, request: Request) -> Response:
        player = _player(request)
        tournament = services.tournament_create(organiser=player, data=request.data)
        return Response(_detail(tournament.pk, player), status=201)


class TournamentDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict, **ERRORS}, summary="A tournament: entrants, rounds, standings, prizes")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(_detail(tournament_id, player_of(request.user)))


class TournamentJoinApi(APIView):
    @extend_schema(request=None, responses={200: dict, **ERRORS}, summary="Enter (pays the entry fee)")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        services.tournament_join(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


class TournamentStartApi(APIView):
    @extend_schema(request=None, responses={200: dict, **ERRORS}, summary="The organiser closes registration and opens round 1")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        services.tournament_start(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


class TournamentAdvanceApi(APIView):
    @extend_schema(request=None, responses={200: dict, **ERRORS},
                   summary="The organiser moves on a round whose games are all over (normally automatic)")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        services.tournament_advance_by_organiser(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


class TournamentCancelApi(APIView):
    @extend_schema(request=None, responses={200: dict, **ERRORS}, summary="The organiser cancels before the start; every coin goes back")
    def post(self, request: Request, tournament_id: int) -> Response:
        player = _player(request)
        services.tournament_cancel(tournament_id=tournament_id, player=player)
        return Response(_detail(tournament_id, player))


def _wallet(player: Player) -> dict[str, Any]:
    return {
        "balance": selectors.wallet_balance(player.pk),
        "entries": [
            {"amount": e.amount, "kind": e.kind, "tournament": e.tournament_id, "note": e.note,
             "created_at": e.created_at.isoformat()}
            for e in selectors.wallet_entries(player.pk)
        ],
    }


class WalletApi(APIView):
    @extend_schema(responses={200: dict, **ERRORS}, summary="Your coins and the latest ledger entries")
    def get(self, request: Request) -> Response:
        return Response(_wallet(_player(request)))


class WalletWelcomeApi(APIView):
    @extend_schema(request=None, responses={200: dict, **ERRORS}, summary="Claim the one-time welcome coins")
    def post(self, request: Request) -> Response:
        player = _player(request)
        services.wallet_welcome(player=player)
        return Response(_wallet(player))
