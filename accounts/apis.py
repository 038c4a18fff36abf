"""The auth part of the contract: guest, register, token (and who am I); signing out and
a new password, the project's own."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import logout, update_session_auth_hash
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.deal_seeds import next_commitment
from accounts.names import NAME_MAX, name_clean
from accounts.network import client_ip
from accounts.selectors import player_data, player_of
from accounts.services import guest_create, password_change, player_register, token_obtain, token_revoke
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


class NameField(serializers.CharField):
    """A new player's name: ``accounts.names.name_clean`` decides, and a name that breaks a
    rule is a 400 ``invalid_name`` saying which (raised past DRF's field errors)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=NAME_MAX, min_length=None, allow_blank=True, trim_whitespace=False, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        return name_clean(data)


class RegisterSerializer(serializers.Serializer):
    username = NameField(help_text=f"The player's name and login: 2 to {NAME_MAX} letters, digits, spaces or "
                                   "«_-.»; unique without regard to case and look-alike letters")
    password = serializers.CharField(max_length=128, trim_whitespace=False)


class PasswordChangeSerializer(serializers.Serializer):
    old_password = serializers.CharField(max_length=128, trim_whitespace=False, allow_blank=True)
    new_password = serializers.CharField(max_length=128, trim_whitespace=False)


TokenSerializer = inline_serializer("Token", fields={"token": serializers.CharField()})


class AuthErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    rule = serializers.CharField(required=False, help_text="invalid_name: the rule the name breaks")
    retry_after = serializers.IntegerField(required=False, help_text="429: seconds until another try")


class AuthErrorSerializer(serializers.Serializer):
    """The contract's error shape, with the auth refusals' own fields."""

    error = AuthErrorBodySerializer()


def _errors(*statuses: int) -> dict[int, OpenApiResponse]:
    return {status: OpenApiResponse(AuthErrorSerializer) for status in statuses}


TokenPlayerSerializer = inline_serializer(
    "TokenPlayer", fields={"token": serializers.CharField(), "player": PlayerSerializer()}
)


class AuthApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"


class GuestCreateApi(AuthApi):
    authentication_classes: list[Any] = []

    @extend_schema(request=None, responses={201: TokenPlayerSerializer, **_errors(429)},
                   summary="Create a guest account")
    def post(self, request: Request) -> Response:
        player, token = guest_create(ip=client_ip(request))
        return Response({"token": token, "player": player_data(player)}, status=201)


class RegisterApi(AuthApi):
    @extend_schema(request=RegisterSerializer, responses={201: TokenPlayerSerializer, **_errors(400, 401, 409, 413, 429)},
                   summary="Register (a guest who registers keeps its games and coins)",
                   description="The username is the player's name. 400 `invalid_name` (the message says which "
                               "rule), 400 `weak_password`, 409 `username_taken`.")
    def post(self, request: Request) -> Response:
        data = RegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        guest = player_of(request.user)
        player, token = player_register(
            username=data.validated_data["username"], password=data.validated_data["password"], guest=guest,
            ip=client_ip(request),
        )
        return Response({"token": token, "player": player_data(player)}, status=201)


class TokenObtainApi(AuthApi):
    authentication_classes: list[Any] = []

    @extend_schema(request=CredentialsSerializer, responses={200: TokenSerializer, **_errors(400, 401, 413, 429)},
                   summary="Log in: the token of a registered player",
                   description="The name may be typed in any case. 401 `invalid_credentials`; after "
                               "10 failures for one name within 15 minutes, from any address, "
                               "429 `too_many_attempts` with `retry_after` until the window ends.")
    def post(self, request: Request) -> Response:
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = token_obtain(username=data.validated_data["username"], password=data.validated_data["password"])
        return Response({"token": token})


class LogoutApi(AuthApi):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **_errors(401, 429)}, summary="Sign out: the token is revoked",
                   description="The token is deleted: any request carrying it afterwards gets 401.")
    def post(self, request: Request) -> Response:
        token_revoke(token=request.auth)
        if request.user.is_authenticated and request.session.get("_auth_user_id"):
            logout(request._request)
        return Response(status=204)


class PasswordChangeApi(AuthApi):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=PasswordChangeSerializer, responses={200: TokenSerializer, **_errors(400, 401, 403, 429)},
                   summary="Change the password: a new token replaces every old one",
                   description="400 `wrong_password` (the current one is wrong), 400 `weak_password`, "
                               "403 `registration_required` for a guest, 429 `too_many_attempts`.")
    def post(self, request: Request) -> Response:
        data = PasswordChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = player_of(request.user)
        assert player is not None  # IsAuthenticated ran first
        token = password_change(player=player, old_password=data.validated_data["old_password"],
                                new_password=data.validated_data["new_password"])
        if request.session.get("_auth_user_id"):
            update_session_auth_hash(request._request, player.user)
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
