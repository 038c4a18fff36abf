"""The wallet over REST: one API class per operation, transport only."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Player
from accounts.selectors import player_of
from coins import selectors, services
from core.pages import PageQuerySerializer
from core.schema import errors

ERRORS = errors(400, 401, 403, 404, 409, 429)


def _player(request: Request) -> Player:
    player = player_of(request.user)
    assert player is not None  # IsAuthenticated ran first
    return player


class WalletEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The entry's (posting's) id: newer ones are greater")
    amount = serializers.IntegerField(help_text="Coins in (positive) or out (negative)")
    kind = serializers.CharField(help_text="welcome, grant, entry_fee, prize_funding, guarantee, overlay, release, "
                                           "refund, prize, ...")
    tournament = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    welcome = serializers.BooleanField(help_text="Whether the entry moved welcome coins (they pay entry fees only)")


class WalletSerializer(serializers.Serializer):
    balance = serializers.IntegerField(help_text="Every coin of the wallet, welcome coins included")
    welcome = serializers.IntegerField(help_text="Of the balance, the welcome coins: they pay entry fees only")
    entries = WalletEntrySerializer(many=True, help_text="The latest entries, newest first (all: /wallet/entries/)")


class WalletEntryPageSerializer(serializers.Serializer):
    entries = WalletEntrySerializer(many=True, help_text="Newest first")
    next = serializers.CharField(allow_null=True, help_text="The next page's cursor (null: this was the last)")


class WalletApi(APIView):
    @extend_schema(responses={200: WalletSerializer, **ERRORS}, summary="Your coins and the latest ledger entries")
    def get(self, request: Request) -> Response:
        return Response(selectors.wallet(_player(request)))


class WalletWelcomeApi(APIView):
    @extend_schema(request=None, responses={200: WalletSerializer, **ERRORS}, summary="Claim the one-time welcome coins")
    def post(self, request: Request) -> Response:
        player = _player(request)
        services.wallet_welcome(player=player)
        return Response(selectors.wallet(player))


class WalletEntriesApi(APIView):
    @extend_schema(parameters=[PageQuerySerializer], responses={200: WalletEntryPageSerializer, **ERRORS},
                   summary="Every entry of your wallet's ledger, newest first, a page at a time")
    def get(self, request: Request) -> Response:
        items, cursor = selectors.wallet_entries_page(_player(request), request.query_params.dict())
        return Response({"entries": items, "next": cursor})
