"""Writes for accounts: a guest, a registration (or a guest keeping its games), signing in
on a device, signing out, a new password, deleting the account.

A registered player's name is their login username as well: one string, chosen at sign-up
(``accounts.names``), unique without regard to case and look-alike letters. Every sign-in
makes a token of its own device (``accounts.devices``); a change of privilege (a guest
registering, a new password) ends every old token and makes a new one.
"""

from __future__ import annotations

import contextlib
import secrets
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, GenericIPAddressField, Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts import signin_limit
from accounts.devices import device_create, devices_end
from accounts.models import Device, Player
from accounts.names import deleted_key, guest_key, name_clean, name_key, staff_key
from accounts.selectors import player_of
from accounts.signals import AccountDeleted, account_deleted
from core.errors import ApplicationError, Conflict, Forbidden, InvalidRequest

GUEST_PREFIX = "guest-"
# What a deleted account is called where its games and results are shown.
DELETED_NAME = "Игрок удалён"


class InvalidCredentials(ApplicationError, status=401, code="invalid_credentials"):
    """401: no account has this name and password."""


class WrongPassword(ApplicationError, status=400, code="wrong_password"):
    """The old password of a change is wrong: a 400, not a 401, since the token is good."""


class RegistrationRequired(Forbidden, code="registration_required"):
    """403: a guest asked for what only a registered player may do."""


class UsernameTaken(Conflict, code="username_taken"):
    def __init__(self) -> None:
        super().__init__("That name is taken (names differing only in case or look-alike letters are one).")


class SignedIn(NamedTuple):
    """A player signed in on a device, and that device's token (shown this once)."""

    player: Player
    device: Device
    token: str


def token_for(player: Player, *, device: str = "") -> str:
    """A new device's token for ``player``, with no password asked (tools and tests)."""
    return device_create(user=player.user, name=device)[1]


def guest_sign_up(*, ip: str | None = None, device: str = "") -> SignedIn:
    """A fresh guest account on its first device."""
    with transaction.atomic():
        suffix = secrets.token_hex(8)
        username = f"{GUEST_PREFIX}{suffix}"
        user = get_user_model().objects.create_user(username=username)
        user.set_unusable_password()
        user.save(update_fields=["password"])
        player = Player.objects.create(user=user, name=f"Гость {suffix[:4]}", name_key=guest_key(username),
                                       is_guest=True, created_ip=ip)
        made, token = device_create(user=user, name=device)
    return SignedIn(player, made, token)


def guest_create(*, ip: str | None = None) -> tuple[Player, str]:
    """A fresh guest account and its token."""
    signed = guest_sign_up(ip=ip)
    return signed.player, signed.token


def _password_checked(password: str, username: str) -> None:
    try:
        validate_password(password, get_user_model()(username=username))
    except ValidationError as error:
        raise InvalidRequest(" ".join(error.messages), code="weak_password") from error


def _staff_users() -> list[Any]:
    """Every staff user (a handful): their usernames are reserved under their keys."""
    return list(get_user_model().objects.filter(Q(is_staff=True) | Q(is_superuser=True)))


def _name_free(key: str) -> bool:
    """No player holds the key, nor does a staff user's username (staff keep the players'
    keys apart: a look-alike of a staff name is taken all the same)."""
    if Player.objects.filter(name_key=key).exists():
        return False
    return all(staff_key(user.get_username()) != key for user in _staff_users())


def player_sign_up(*, username: str, password: str, guest: Player | None = None, ip: str | None = None,
                   device: str = "") -> SignedIn:
    """A registered account named ``username``, signed in on a new device. A guest who
    registers keeps its games and coins (the same user and player, now named) but not its
    tokens: every one ends, and this device gets a new one. A name taken meanwhile, even by
    a sign-up at the same moment, is a 409: the unique name key decides, never a 500."""
    name = name_clean(username)
    key = name_key(name)
    _password_checked(password, name)
    if not _name_free(key):
        raise UsernameTaken()
    try:
        with transaction.atomic():
            player = _registered(name, key, password, guest, ip)
            made, token = device_create(user=player.user, name=device)
    except IntegrityError as error:  # the unique key (or username) taken since the check above
        raise UsernameTaken() from error
    return SignedIn(player, made, token)


def player_register(*, username: str, password: str, guest: Player | None = None,
                    ip: str | None = None) -> tuple[Player, str]:
    """``player_sign_up`` on an unnamed device: the player and its token."""
    signed = player_sign_up(username=username, password=password, guest=guest, ip=ip)
    return signed.player, signed.token


def _registered(name: str, key: str, password: str, guest: Player | None, ip: str | None) -> Player:
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
        devices_end(user=user)  # the guest's tokens were a guest's: they end with it
        return guest
    user = get_user_model().objects.create_user(username=name, password=password)
    return Player.objects.create(user=user, name=name, name_key=key, created_ip=ip)


def _typed_key(username: str) -> str:
    """The key of a name as typed: cleaned as a new name would be, or (an old name from
    before the rules, or no name at all) with its spaces made single."""
    with contextlib.suppress(ApplicationError):
        return name_key(name_clean(username))
    return name_key(" ".join(username.split()))


def _staff_named(username: str) -> Any | None:
    """The staff user whose username is exactly this: never shadowed by a player's look-alike."""
    return (get_user_model().objects.filter(Q(is_staff=True) | Q(is_superuser=True), username=username.strip())
            .first())


def _user_named(username: str) -> Any | None:
    """The user a sign-in names: a staff user by its exact username first, then the
    registered player whose name has the same key (any case, spacing or look-alike
    spelling), then any user by its exact username (made by staff, with no player yet)."""
    staff = _staff_named(username)
    if staff is not None:
        return staff
    candidates = [_typed_key(username), name_key(username.strip())]
    player = (Player.objects.select_related("user").filter(name_key__in=candidates, is_guest=False)
              .order_by("id").first())
    if player is not None:
        return player.user
    exact = get_user_model().objects.filter(username=username.strip()).first()
    if exact is not None:
        return exact
    return next((user for user in _staff_users() if staff_key(user.get_username()) in candidates), None)


def _limit_key(user: Any | None, username: str) -> str:
    """What failures count against: the account's own key (staff: its reserved key), so
    every spelling of one name shares one count; a name that finds no one, its typed key."""
    if user is None:
        return _typed_key(username)
    if user.is_staff or user.is_superuser:
        return staff_key(user.get_username())
    player = Player.objects.filter(user=user).first()
    if player is not None and not player.name_key.startswith("#"):
        return player.name_key
    return f"#user-{user.pk}"


def signin_key(username: str) -> str:
    """The key sign-in failures for ``username`` count against (the admin's sign-in asks)."""
    return _limit_key(_user_named(username), username)


def player_sign_in(*, username: str, password: str, ip: str | None = None, device: str = "") -> SignedIn:
    """A registered player who gives the right password, signed in on a new device. Failures
    count against the account the name finds, per address and from all addresses
    (``signin_limit``): past a limit, a 429."""
    user = _user_named(username)
    key = _limit_key(user, username)
    signin_limit.name_check(key, ip)
    if user is None or not user.is_active or not user.check_password(password):
        signin_limit.name_failed(key, ip)
        raise InvalidCredentials("Wrong username or password.")
    signin_limit.name_succeeded(key, ip)
    player = _player_of_user(user)
    with transaction.atomic():
        # The password checked is still the one stored: a new password committed since ended
        # every device, and must end this one too (the change locks the same row).
        held = get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("password", flat=True)
        if list(held) != [user.password]:
            raise InvalidCredentials("Wrong username or password.")
        made, token = device_create(user=user, name=device)
    return SignedIn(player, made, token)


def _player_of_user(user: Any) -> Player:
    player = player_of(user)
    assert player is not None  # an authenticated user has one
    return player


def token_obtain(*, username: str, password: str, ip: str | None = None) -> str:
    """``player_sign_in`` on an unnamed device: its token."""
    return player_sign_in(username=username, password=password, ip=ip).token


def token_revoke(*, token: object) -> None:
    """Sign out: the caller's device alone is deleted, so its token gets a 401 from now on."""
    if isinstance(token, Device):
        Device.objects.filter(pk=token.pk).delete()


def password_change(*, player: Player, old_password: str, new_password: str, device: object = None,
                    ip: str | None = None) -> SignedIn:
    """A new password, and a new token for the calling device (named as it was): every
    device's token stops working, this one's included."""
    if player.is_guest:
        raise RegistrationRequired("Register first: a guest has no password to change.")
    key = _limit_key(player.user, player.user.get_username())
    signin_limit.name_check(key, ip)
    user = player.user
    if not user.check_password(old_password):
        signin_limit.name_failed(key, ip)
        raise WrongPassword("The current password is wrong.")
    _password_checked(new_password, user.get_username())
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # a sign-in waits
        user.set_password(new_password)
        user.save(update_fields=["password"])
        devices_end(user=user)
        made, token = device_create(user=user, name=device.name if isinstance(device, Device) else "")
    return SignedIn(player, made, token)


@transaction.atomic
def account_delete(*, player: Player) -> None:
    """Delete the account: its name (free for anyone again), password, devices and, through
    ``account_deleted``, what upper apps keep of it. Its games, results and coins stay whole,
    under an anonymous name; the player row stays so that they still add up."""
    player = Player.objects.select_for_update().select_related("user").get(pk=player.pk)
    user = player.user
    if user.is_staff or user.is_superuser:
        raise Forbidden("A staff account is removed by an administrator.", code="staff_account")
    if player.deleted_at is not None:
        return
    player.name, player.name_key = DELETED_NAME, deleted_key(player.pk)
    player.created_ip, player.deal_seed, player.deleted_at = None, "", timezone.now()
    player.save(update_fields=["name", "name_key", "created_ip", "deal_seed", "deleted_at"])
    user.username = f"#deleted-{player.pk}"  # '#' is in no name: never a sign-in's
    user.set_unusable_password()
    user.is_active = False
    user.email = user.first_name = user.last_name = ""
    user.save()
    devices_end(user=user)
    account_deleted.call(AccountDeleted(player.pk))
