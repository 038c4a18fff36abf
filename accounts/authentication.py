"""Token auth that fetches the player with the token: one query per request, not three."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


class PlayerTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        try:
            token = Token.objects.select_related("user", "user__player").get(key=key)
        except Token.DoesNotExist as error:
            raise exceptions.AuthenticationFailed("Invalid token.") from error
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return token.user, token
