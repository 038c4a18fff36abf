"""Token auth by device (``accounts.devices``): the device comes with its user and player,
one query per request, and is the request's ``auth``."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request

from accounts.devices import device_for_token
from accounts.models import Device

# Where a request keeps the device its token named, once read.
_READ = "_durak_token_device"


class PlayerTokenAuthentication(TokenAuthentication):
    model = Device

    def authenticate(self, request: Request) -> tuple[Any, Device] | None:
        # A POST with an Idempotency-Key is authenticated twice, by the retries middleware
        # (to keep its answer under the account) and then by its view: the token is read
        # once. Kept on Django's request, which both wrap; a refusal is not kept.
        django_request = request._request
        known: tuple[Any, Device] | None = getattr(django_request, _READ, None)
        if known is not None:
            return known
        found: tuple[Any, Device] | None = super().authenticate(request)
        if found is not None:
            setattr(django_request, _READ, found)
        return found

    def authenticate_credentials(self, key: str) -> tuple[Any, Device]:
        device = device_for_token(key)
        if device is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not device.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return device.user, device
