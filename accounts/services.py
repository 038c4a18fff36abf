"""Writes for accounts: a guest, a registration (or a guest keeping its games), a token."""

from __future__ import annotations

import secrets

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from rest_framework.authtoken.models import Token

from accounts.models import Player
from durak_platform.errors import ApplicationError, Conflict, InvalidRequest

GUEST_PREFIX = "guest-"


class InvalidCredentials(ApplicationError):
    status = 401
    code = "invalid_credentials"


def token_for(player: Player) -> str:
    token, _ = Token.objects.get_or_create(user=player.user)
    return token.key


@transaction.atomic
def guest_create() -> tuple[Player, str]:
    """A fresh guest account and its token."""
    suffix = secrets.token_hex(4)
    user = get_user_model().objects.create_user(username=f"{GUEST_PREFIX}{secrets.token_hex(8)}")
    user.set_unusable_password()
    user.save(update_fields=["password"])
    player = Player.objects.create(user=user, name=f"Гость {suffix[:4]}", is_guest=True)
    return player, token_for(player)


def _check_credentials(username: str, password: str) -> None:
    if not username or len(username) > 150:
        raise InvalidRequest("A username of 1 to 150 characters is required.")
    if username.lower().startswith(GUEST_PREFIX):
        raise InvalidRequest(f"Usernames starting with '{GUEST_PREFIX}' are reserved for guests.")
    user_model = get_user_model()
    try:
        validate_password(password, user_model(username=username))
    except ValidationError as error:
        raise InvalidRequest(" ".join(error.messages), code="weak_password") from error
    if user_model.objects.filter(username__iexact=username).exists():
        raise Conflict("That username is taken.", code="username_taken")


@transaction.atomic
def player_register(*, username: str, password: str, guest: Player | None = None) -> tuple[Player, str]:
    """A registered account. A guest who registers keeps its games: same user, now named."""
    _check_credentials(username, password)
    if guest is not None and guest.is_guest:
        user = guest.user
        user.username = username
        user.set_password(password)
        user.save(update_fields=["username", "password"])
        guest.name = username
        guest.is_guest = False
        guest.save(update_fields=["name", "is_guest"])
        return guest, token_for(guest)
    user = get_user_model().objects.create_user(username=username, password=password)
    player = Player.objects.create(user=user, name=username)
    return player, token_for(player)


def token_obtain(*, username: str, password: str) -> str:
    """The token of a registered player who gives the right password."""
    user = authenticate(username=username, password=password)
    if user is None or not user.is_active:
        raise InvalidCredentials("Wrong username or password.")
    player, _ = Player.objects.get_or_create(user=user, defaults={"name": user.get_username()})
    return token_for(player)
