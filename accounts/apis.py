"""The auth part of the contract: guest, register, token (and who am I)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.deal_seeds import next_commitment
from accounts.selectors import player_data, player_of
from accounts.services import guest_create, player_register, token_obtain
from accounts.tickets import TICKET_TTL, ticket_issue
from durak_platform.schema import errors
from durak_platform.throttles import ScopedRateThrottle


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    guest = serializers.BooleanField()


class NextCommitmentSerializer(serializers.Serializer):
    next_commitment = serializers.CharField(min_length=64, max_length=64,
                                            help_text="SHA-256 (hex) of the server seed the next game you create uses")


class PlayerMeSerializer(PlayerSerializer):
    fairness = NextCommitmentSerializer()


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=True)
    password = serializers.CharField(max_length=128, trim_whitespace=False)


TokenPlayerSerializer = inline_serializer(
    "TokenPlayer", fields={"token": serializers.CharField(), "player": PlayerSerializer()}
)


class AuthApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"


class GuestCreateApi(AuthApi):
    authentication_classes: list[Any] = []

    @extend_schema(request=None, responses={201: TokenPlayerSerializer, **errors(429)}, summary="Create a guest account")
    def post(self, request: Request) -> Response:
        player, token = guest_create()
        return Response({"token": token, "player": player_data(player)}, status=201)


class RegisterApi(AuthApi):
    # 400: a bad body, name or weak_password; 401: a bad token sent; 409: username_taken.
    @extend_schema(request=CredentialsSerializer, responses={201: TokenPlayerSerializer, **errors(400, 401, 409, 413, 429)},
                   summary="Register (a guest who registers keeps its games)")
    def post(self, request: Request) -> Response:
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        guest = player_of(request.user)
        player, token = player_register(
            username=data.validated_data["username"], password=data.validated_data["password"], guest=guest
        )
        return Response({"token": token, "player": player_data(player)}, status=201)


class TokenObtainApi(AuthApi):
    authentication_classes: list[Any] = []

    @extend_schema(request=CredentialsSerializer,
                   responses={200: inline_serializer("Token", fields={"token": serializers.CharField()}),
                              **errors(400, 401, 413, 429)},  # 401: invalid_credentials
                   summary="Log in: the token of a registered player")
    def post(self, request: Request) -> Response:
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = token_obtain(username=data.validated_data["username"], password=data.validated_data["password"])
        return Response({"token": token})


class PlayerMeApi(APIView):
    @extend_schema(responses={200: PlayerMeSerializer, **errors(401)},
                   summary="The calling player, with the next deal's commitment")
    def get(self, request: Request) -> Response:
        player = player_of(request.user)
        assert player is not None  # IsAuthenticated ran first
        return Response({**player_data(player), "fairness": {"next_commitment": next_commitment(player)}})


TicketSerializer = inline_serializer("Ticket", fields={
    "ticket": serializers.CharField(help_text="Connect with ws://<host>/ws/…/?ticket=<ticket>: once, within expires_in"),
    "expires_in": serializers.IntegerField(help_text="Seconds the ticket stays good for"),
})


class TicketCreateApi(APIView):
    """A single-use websocket ticket, so the token itself need not ride in a URL."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"

    @extend_schema(request=None, responses={201: TicketSerializer},
                   summary="A short-lived, single-use ticket for a websocket's ?ticket=")
    def post(self, request: Request) -> Response:
        token = request.auth
        assert request.user.pk is not None  # IsAuthenticated ran first
        ticket = ticket_issue(user_id=request.user.pk, token_key=getattr(token, "key", None))
        return Response({"ticket": ticket, "expires_in": TICKET_TTL}, status=201)
