"""The push part of the contract: the server's key, and a device's subscription."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_of
from core.schema import errors
from push import services, vapid


class PushKeySerializer(serializers.Serializer):  # type: ignore[type-arg]
    public_key = serializers.CharField(help_text="The VAPID public key, base64url: applicationServerKey.")


class PushKeysInputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    p256dh = serializers.CharField()
    auth = serializers.CharField()


class PushSubscriptionInputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    endpoint = serializers.URLField(help_text="On a push service the server sends to (DURAK_PUSH_ORIGINS).")
    keys = PushKeysInputSerializer()


class PushSubscriptionCreatedSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()


class PushKeyApi(APIView):
    @extend_schema(operation_id="push_key", responses={200: PushKeySerializer, **errors(401)},
                   summary="The server's VAPID public key, to subscribe with")
    def get(self, request: Request) -> Response:
        return Response({"public_key": vapid.key().public_key})


class PushSubscriptionCreateApi(APIView):
    @extend_schema(operation_id="push_subscriptions_create", request=PushSubscriptionInputSerializer,
                   responses={201: PushSubscriptionCreatedSerializer, **errors(400, 401)},
                   summary="Wake this device for your turn, a challenge, your tournament table")
    def post(self, request: Request) -> Response:
        player = player_of(request.user)
        assert player is not None
        subscription = services.subscription_add(player=player, body=request.data)
        return Response({"id": subscription.pk}, status=201)


class PushSubscriptionDeleteApi(APIView):
    @extend_schema(operation_id="push_subscriptions_delete", responses={204: None, **errors(401, 404)},
                   summary="Stop waking this device")
    def delete(self, request: Request, subscription_id: int) -> Response:
        player = player_of(request.user)
        assert player is not None
        services.subscription_remove(player=player, subscription_id=subscription_id)
        return Response(status=204)
