"""The auth part of the contract: guest, register, sign in on a device (and who am I), the
devices signed in, signing one out, deleting the account; a new password, the project's own."""

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
from accounts.devices import device_name, device_revoke, devices_of
from accounts.models import DEVICE_NAME_MAX, Device
from accounts.names import NAME_MAX, name_clean
from accounts.network import client_ip
from accounts.selectors import player_data, player_of
from accounts.services import (
    SignedIn,
    account_delete,
    guest_sign_up,
    password_change,
    player_sign_in,
    player_sign_up,
    token_revoke,
)
from accounts.tickets import TICKET_TTL, ticket_issue
from core.errors import InvalidRequest
from core.inputs import TextField
from core.schema import errors
from core.throttles import ScopedRateThrottle

ID_MAX = 2**63 - 1


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    name = serializers.CharField()
    guest = serializers.BooleanField()


class NextCommitmentSerializer(serializers.Serializer):
    next_commitment = serializers.CharField(min_length=64, max_length=64,
                                            help_text="SHA-256 (hex) of the server seed the next game you create uses")


class PlayerMeSerializer(PlayerSerializer):
    fairness = NextCommitmentSerializer()


def _device_field() -> serializers.CharField:
    return TextField(
        required=False, allow_blank=True, max_length=DEVICE_NAME_MAX,
        help_text="This device's name as its owner will see it in the list of devices (say, «Pixel 8»); "
                  "none: the User-Agent")


class DeviceInputSerializer(serializers.Serializer):
    device = _device_field()


class CredentialsSerializer(serializers.Serializer):
    username = TextField(max_length=150, trim_whitespace=True)
    password = TextField(max_length=128, trim_whitespace=False)
    device = _device_field()


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
    password = TextField(max_length=128, trim_whitespace=False)
    device = _device_field()


class PasswordChangeSerializer(serializers.Serializer):
    old_password = TextField(max_length=128, trim_whitespace=False, allow_blank=True)
    new_password = TextField(max_length=128, trim_whitespace=False)


class DeviceSerializer(serializers.Serializer):
    id = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    name = serializers.CharField(allow_blank=True, max_length=DEVICE_NAME_MAX)


class DeviceTokenSerializer(serializers.Serializer):
    """A token made for one device, shown this once."""

    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`")
    device = DeviceSerializer()


class DeviceTokenPlayerSerializer(DeviceTokenSerializer):
    player = PlayerSerializer()


class DeviceListItemSerializer(DeviceSerializer):
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(help_text="Moved forward at most once a minute")
    current = serializers.BooleanField(help_text="The device whose token made this request")


class DeviceListSerializer(serializers.Serializer):
    devices = DeviceListItemSerializer(many=True)


def _device_data(device: Device) -> dict[str, Any]:
    return {"id": device.pk, "name": device.name}


def _signed_in(signed: SignedIn, *, with_player: bool) -> dict[str, Any]:
    body = {"token": signed.token, "device": _device_data(signed.device)}
    return {**body, "player": player_data(signed.player)} if with_player else body


def _device_asked(request: Request) -> str:
    if not isinstance(request.data, dict):  # empty is fine; a list or a number is not a body
        raise InvalidRequest("The body must be a JSON object such as {\"device\": \"Pixel 8\"}, or empty.",
                             field="body")
    data = DeviceInputSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return device_name(data.validated_data.get("device"), user_agent=request.headers.get("User-Agent", ""))


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


class AuthApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"


class GuestCreateApi(AuthApi):
    authentication_classes: list[Any] = []

    @extend_schema(request=DeviceInputSerializer, responses={201: DeviceTokenPlayerSerializer, **_errors(400, 429)},
                   operation_id="guest_create", summary="Create a guest account, signed in on this device",
                   description="The body may be empty. The token is this device's own (see the devices).")
    def post(self, request: Request) -> Response:
        signed = guest_sign_up(ip=client_ip(request), device=_device_asked(request))
        return Response(_signed_in(signed, with_player=True), status=201)


class RegisterApi(AuthApi):
    @extend_schema(request=RegisterSerializer, responses={201: DeviceTokenPlayerSerializer,
                                                          **_errors(400, 401, 409, 413, 429)},
                   operation_id="player_register",
                   summary="Register (a guest who registers keeps its games and coins, not its tokens)",
                   description="The username is the player's name. 400 `invalid_name` (`rule` says which: "
                               "`mixed_script` for a name that mixes scripts the way look-alikes do), "
                               "400 `weak_password`, 409 `username_taken` (a name that looks like a "
                               "player's or a staff member's, in any case). A guest registering gets a new "
                               "token for this device, and every token it had stops working.")
    def post(self, request: Request) -> Response:
        data = RegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        guest = player_of(request.user)
        signed = player_sign_up(
            username=data.validated_data["username"], password=data.validated_data["password"], guest=guest,
            ip=client_ip(request), device=device_name(data.validated_data.get("device"),
                                                      user_agent=request.headers.get("User-Agent", "")),
        )
        return Response(_signed_in(signed, with_player=True), status=201)


class TokenObtainApi(AuthApi):
    authentication_classes: list[Any] = []

    @extend_schema(request=CredentialsSerializer, responses={200: DeviceTokenSerializer, **_errors(400, 401, 413, 429)},
                   operation_id="device_sign_in",
                   summary="Sign in on a device: a new token of its own",
                   description="The name may be typed in any case or spacing. Each call makes a new token "
                               "for the named device; the others keep working. 401 `invalid_credentials`; "
                               "failures count against the account the name finds: after 10 within 15 "
                               "minutes from one address, that address gets 429 `too_many_attempts` (with "
                               "`retry_after`) for that name until the window ends; after 50 from all "
                               "addresses together, every address does.")
    def post(self, request: Request) -> Response:
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signed = player_sign_in(
            username=data.validated_data["username"], password=data.validated_data["password"],
            ip=client_ip(request), device=device_name(data.validated_data.get("device"),
                                                      user_agent=request.headers.get("User-Agent", "")),
        )
        return Response(_signed_in(signed, with_player=False))


class LogoutApi(AuthApi):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **_errors(401, 429)}, operation_id="device_sign_out",
                   summary="Sign out this device: its token alone is revoked",
                   description="The calling token is deleted: any request carrying it afterwards gets 401. "
                               "The account's other devices stay signed in.")
    def post(self, request: Request) -> Response:
        token_revoke(token=request.auth)
        if request.user.is_authenticated and request.session.get("_auth_user_id"):
            logout(request._request)
        return Response(status=204)


class PasswordChangeApi(AuthApi):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=PasswordChangeSerializer, responses={200: DeviceTokenSerializer, **_errors(400, 401, 403, 429)},
                   operation_id="password_change",
                   summary="Change the password: every device is signed out, this one gets a new token",
                   description="400 `wrong_password` (the current one is wrong), 400 `weak_password`, "
                               "403 `registration_required` for a guest, 429 `too_many_attempts`.")
    def post(self, request: Request) -> Response:
        data = PasswordChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = player_of(request.user)
        assert player is not None  # IsAuthenticated ran first
        signed = password_change(player=player, old_password=data.validated_data["old_password"],
                                 new_password=data.validated_data["new_password"], device=request.auth,
                                 ip=client_ip(request))
        if request.session.get("_auth_user_id"):
            update_session_auth_hash(request._request, player.user)
        return Response(_signed_in(signed, with_player=False))


class DeviceListApi(APIView):
    @extend_schema(responses={200: DeviceListSerializer, **errors(401)}, operation_id="device_list",
                   summary="The devices signed in to this account",
                   description="Each token made by a sign-in, registration or guest, the most recently used "
                               "first; `current` marks the one making this request. A token unused for "
                               "the server's idle time (90 days unless the operator says otherwise) has "
                               "expired and is not listed.")
    def get(self, request: Request) -> Response:
        current = request.auth.pk if isinstance(request.auth, Device) else None
        return Response({"devices": [
            {**_device_data(device), "created_at": device.created_at, "last_used_at": device.last_used_at,
             "current": device.pk == current}
            for device in devices_of(request.user)
        ]})


class DeviceRevokeApi(APIView):
    @extend_schema(responses={204: None, **errors(401, 404)}, operation_id="device_revoke",
                   summary="Sign one device out: its token alone stops working",
                   description="404 `not_found` for a device that is not this account's (or is gone).")
    def delete(self, request: Request, id: int) -> Response:  # noqa: A002 the URL's name
        device_revoke(user=request.user, device_id=id)
        return Response(status=204)


class PlayerMeApi(APIView):
    @extend_schema(responses={200: PlayerMeSerializer, **errors(401)}, operation_id="player_me",
                   summary="The calling player, with the next deal's commitment")
    def get(self, request: Request) -> Response:
        player = player_of(request.user)
        assert player is not None  # IsAuthenticated ran first
        return Response({**player_data(player), "fairness": {"next_commitment": next_commitment(player)}})

    @extend_schema(responses={204: None, **errors(401, 403)}, operation_id="account_delete",
                   summary="Delete this account",
                   description="The name (free for anyone again), the password, every device and push "
                               "subscription are gone at once; the account's games, results and coin "
                               "ledger stay whole under an anonymous name. 403 `staff_account` for staff.")
    def delete(self, request: Request) -> Response:
        player = player_of(request.user)
        assert player is not None  # IsAuthenticated ran first
        account_delete(player=player)
        if request.session.get("_auth_user_id"):
            logout(request._request)
        return Response(status=204)


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
        device = request.auth
        assert request.user.pk is not None  # IsAuthenticated ran first
        ticket = ticket_issue(user_id=request.user.pk, device_id=device.pk if isinstance(device, Device) else None)
        return Response({"ticket": ticket, "expires_in": TICKET_TTL}, status=201)
