"""Writes for accounts: a guest, a registration (or a guest keeping its games), a token,
signing out, a new password.

A registered player's name is their login username as well: one string, chosen at sign-up
(``accounts.names``), unique without regard to case and look-alike letters.
"""

from __future__ import annotations

import contextlib
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, GenericIPAddressField, Value
from django.db.models.functions import Coalesce
from rest_framework.authtoken.models import Token

from accounts import signin_limit
from accounts.models import Player
from accounts.names import guest_key, name_clean, name_key
from accounts.selectors import player_of
from durak_platform.errors import ApplicationError, Conflict, Forbidden, InvalidRequest

GUEST_PREFIX = "guest-"


class InvalidCredentials(ApplicationError):
    status = 401
    code = "invalid_credentials"


class WrongPassword(ApplicationError):
    """The old password of a change is wrong: a 400, not a 401, since the token is good."""

    status = 400
    code = "wrong_password"


class RegistrationRequired(Forbidden):
    code = "registration_required"


class UsernameTaken(Conflict):
    code = "username_taken"

    def __init__(self) -> None:
        super().__init__("That name is taken (names differing only in case or look-alike letters are one).")


def token_for(player: Player) -> str:
    token, _ = Token.objects.get_or_create(user=player.user)
    return token.key


@transaction.atomic
def guest_create(*, ip: str | None = None) -> tuple[Player, str]:
    """A fresh guest account and its token."""
    suffix = secrets.token_hex(8)
    username = f"{GUEST_PREFIX}{suffix}"
    user = get_user_model().objects.create_user(username=username)
    user.set_unusable_password()
    user.save(update_fields=["password"])
    player = Player.objects.create(user=user, name=f"Гость {suffix[:4]}", name_key=guest_key(username),
                                   is_guest=True, created_ip=ip)
    return player, token_for(player)


def _password_checked(password: str, username: str) -> None:
    try:
        validate_password(password, get_user_model()(username=username))
    except ValidationError as error:
        raise InvalidRequest(" ".join(error.messages), code="weak_password") from error


def player_register(*, username: str, password: str, guest: Player | None = None,
                    ip: str | None = None) -> tuple[Player, str]:
    """A registered account named ``username``. A guest who registers keeps its games and
    coins: the same user and player, now named. A name taken meanwhile, even by a sign-up
    at the same moment, is a 409: the unique name key decides, never a 500."""
    name = name_clean(username)
    key = name_key(name)
    _password_checked(password, name)
    if Player.objects.filter(name_key=key).exists():
        raise UsernameTaken()
    try:
        with transaction.atomic():
            return _registered(name, key, password, guest, ip)
    except IntegrityError as error:  # the unique key (or username) taken since the check above
        raise UsernameTaken() from error


def _registered(name: str, key: str, password: str, guest: Player | None, ip: str | None) -> tuple[Player, str]:
    if guest is not None and not guest.is_guest:
        # Signed in already (or a second tab's sign-up of this guest came first): a second
        # account is made signed out, never from inside the first one.
        raise Conflict("You are registered already: sign out to make another account.", code="already_registered")
    if guest is not None:
        # Claimed by one conditional UPDATE, not read then written: of two sign-ups of one
        # guest at once (two tabs) only one finds it still a guest, on SQLite as on PostgreSQL.
        claimed = Player.objects.filter(pk=guest.pk, is_guest=True).update(
            name=name, name_key=key, is_guest=False, created_ip=Coalesce(F("created_ip"), Value(ip, output_field=GenericIPAddressField())))
        if not claimed:
            raise Conflict("This guest has just registered under another name.", code="already_registered")
        guest = Player.objects.select_related("user").get(pk=guest.pk)
        user = guest.user
        user.username = name
        user.set_password(password)
        user.save(update_fields=["username", "password"])
        return guest, token_for(guest)
    user = get_user_model().objects.create_user(username=name, password=password)
    player = Player.objects.create(user=user, name=name, name_key=key, created_ip=ip)
    return player, token_for(player)


def _player_named(username: str) -> Player | None:
    """The registered player a sign-in names, with any case or look-alike spelling."""
    candidates = [name_key(username.strip())]  # an old name from before the rules: found as typed
    with contextlib.suppress(ApplicationError):
        candidates.insert(0, name_key(name_clean(username)))
    player = (Player.objects.select_related("user").filter(name_key__in=candidates, is_guest=False)
              .order_by("id").first())
    if player is None:  # a user made by staff (createsuperuser): found by its exact username
        user = get_user_model().objects.filter(username=username.strip()).first()
        if user is not None and user.has_usable_password():
            player = player_of(user)
    return player


def token_obtain(*, username: str, password: str) -> str:
    """The token of a registered player who gives the right password. Failures are counted
    per name, whatever the address (``signin_limit``): past the limit, a 429."""
    limit_key = name_key(username.strip())
    signin_limit.check(limit_key)
    player = _player_named(username)
    user = player.user if player is not None else None
    if user is None or not user.is_active or not user.check_password(password):
        signin_limit.failed(limit_key)
        raise InvalidCredentials("Wrong username or password.")
    signin_limit.succeeded(limit_key)
    assert player is not None
    return token_for(player)


def token_revoke(*, token: object) -> None:
    """Sign out: the token is deleted, so it gets a 401 from now on."""
    if isinstance(token, Token):
        Token.objects.filter(pk=token.pk).delete()


@transaction.atomic
def password_change(*, player: Player, old_password: str, new_password: str) -> str:
    """A new password and a new token (every other device's token stops working)."""
    if player.is_guest:
        raise RegistrationRequired("Register first: a guest has no password to change.")
    signin_limit.check(player.name_key)
    user = player.user
    if not user.check_password(old_password):
        signin_limit.failed(player.name_key)
        raise WrongPassword("The current password is wrong.")
    _password_checked(new_password, user.get_username())
    user.set_password(new_password)
    user.save(update_fields=["password"])
    Token.objects.filter(user=user).delete()
    return token_for(player)
