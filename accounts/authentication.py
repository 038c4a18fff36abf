"""Token auth by device (``accounts.devices``): the device comes with its user and player,
one query per request, and is the request's ``auth``."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.devices import device_for_token
from accounts.models import Device


class PlayerTokenAuthentication(TokenAuthentication):
    model = Device

    def authenticate_credentials(self, key: str) -> tuple[Any, Device]:
        device = device_for_token(key)
        if device is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not device.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return device.user, device
