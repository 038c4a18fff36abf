"""The second security review of accounts (issue 35), one test per finding and way in:
each failed before its fix.

1. The per-name sign-in limit keys on the account the name finds, however it is spelt,
   and one address cannot lock a name for everyone.
2. Look-alike names by Unicode's own confusables (UTS #39), and names mixing scripts.
3. Staff names are reserved; a staff username is never shadowed.
5. A change of privilege (a guest registering) issues a new token and ends the old one.
(4, welcome coins, is in tests/coins.)
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts.models import Player
from tests.harness.clients import MEMBER_PASSWORD, member_create


def _post(url: str, data: Any = None, *, ip: str = "127.0.0.1", token: str | None = None) -> Any:
    client = APIClient(REMOTE_ADDR=ip)
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.post(url, data, format="json")


def _sign_in(username: str, password: str, ip: str = "127.0.0.1") -> Any:
    return _post("/api/v1/auth/token/", {"username": username, "password": password}, ip=ip)


def _register(username: str, token: str | None = None) -> Any:
    return _post("/api/v1/auth/register/", {"username": username, "password": MEMBER_PASSWORD}, token=token)


# --- 1. the sign-in limit ------------------------------------------------------------------------

def test_extra_spaces_do_not_bring_fresh_attempts(db: None) -> None:
    member_create("Zed Qx7733")
    codes = [_sign_in("Zed Qx7733", "wrong-wrong").status_code for _ in range(10)]
    assert codes == [401] * 10
    for spelling in ("Zed  Qx7733", "Zed   Qx7733", " zed qx7733 ", "ZED\u00a0QX7733"):
        refused = _sign_in(spelling, MEMBER_PASSWORD)
        assert refused.status_code == 429, spelling
        assert refused.json()["error"]["code"] == "too_many_attempts"


def test_failures_in_any_spelling_count_against_one_account(db: None) -> None:
    member_create("Zed Qx7733")
    spellings = ["Zed Qx7733", "Zed  Qx7733", "zed   qx7733", "ZED QX7733", " Zed Qx7733"]
    for n in range(10):
        assert _sign_in(spellings[n % len(spellings)], "wrong-wrong").status_code == 401
    assert _sign_in("Zed Qx7733", MEMBER_PASSWORD).status_code == 429


def test_one_address_cannot_lock_a_name_for_everyone(db: None) -> None:
    member_create("Zed Qx7733")
    for _ in range(30):
        _sign_in("Zed Qx7733", "wrong-wrong", ip="203.0.113.9")
    assert _sign_in("Zed Qx7733", MEMBER_PASSWORD, ip="203.0.113.9").status_code == 429  # the attacker's
    assert _sign_in("Zed Qx7733", MEMBER_PASSWORD, ip="198.51.100.20").status_code == 200  # the owner's


def test_failures_from_many_addresses_lock_the_name(db: None, settings: Any) -> None:
    settings.DURAK_SIGNIN_FAILURES, settings.DURAK_SIGNIN_NAME_FAILURES = 3, 9
    member_create("Zed Qx7733")
    for n in range(9):
        assert _sign_in("Zed Qx7733", "wrong-wrong", ip=f"10.0.{n // 3}.1").status_code == 401
    refused = _sign_in("zed qx7733", MEMBER_PASSWORD, ip="10.9.9.9")
    assert refused.status_code == 429 and refused.json()["error"]["retry_after"] > 0


def test_a_signed_in_device_is_not_locked_out(db: None) -> None:
    _, token = member_create("Zed Qx7733")
    for n in range(60):
        _sign_in("Zed Qx7733", "wrong-wrong", ip=f"10.1.{n}.1")
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert me.get("/api/v1/players/me/").status_code == 200


# --- 2. look-alike names ---------------------------------------------------------------------------

@pytest.mark.parametrize("look_alike, status, code", [
    ("Rv\u0585rg94606", 400, "invalid_name"),  # Armenian small oh among Latin letters
    ("\u13a1vorg94606", 400, "invalid_name"),  # Cherokee letter E that looks like an R
    ("Rvor\u026194606", 409, "username_taken"),  # Latin small script g: one script, same skeleton
    ("RV0RG94606", 409, "username_taken"),
    ("Rvorg 94606", 201, ""),  # a space is no look-alike
])
def test_the_reviews_look_alikes_are_refused(db: None, look_alike: str, status: int, code: str) -> None:
    assert _register("Rvorg94606").status_code == 201
    answer = _register(look_alike)
    assert answer.status_code == status, answer.json()
    if code:
        assert answer.json()["error"]["code"] == code
    if code == "invalid_name":
        assert answer.json()["error"]["rule"] == "mixed_script"


@pytest.mark.parametrize("taken, look_alike", [
    ("Мох", "MOX"),  # all Cyrillic against all Latin: whole-script look-alikes
    ("Ivan", "lvan"),  # a capital I and a small l
    ("Pavel1", "PaveII"),
    ("Сара", "Capa"),
])
def test_whole_script_look_alikes_are_one_name(db: None, taken: str, look_alike: str) -> None:
    assert _register(taken).status_code == 201
    answer = _register(look_alike)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "username_taken"


@pytest.mark.parametrize("name", ["Pаvel", "Иbaн", "ПETP", "Ivan日本Иван", "abc\u0661\u0662"])
def test_names_mixing_scripts_are_refused(db: None, name: str) -> None:
    answer = _register(name)
    assert answer.status_code == 400
    assert answer.json()["error"]["rule"] in {"mixed_script", "mixed_digits"}
    assert not Player.objects.filter(is_guest=False).exists()


@pytest.mark.parametrize("name", ["Иван Петров", "Vasya_2.0", "日本語", "Tanaka太郎", "Ёжик", "Ölçü"])
def test_names_in_one_script_are_fine(db: None, name: str) -> None:
    assert _register(name).status_code == 201


def test_old_names_rekeyed_both_keep_working(db: None) -> None:
    """The data migration: two old names the hand-made map let through, which now share a
    key, keep signing in; the older keeps the key."""
    import importlib

    from django.apps import apps

    from accounts.names import name_key

    rekey = importlib.import_module("accounts.migrations.0009_name_keys_by_uts39").rekey
    older, _ = member_create("Rvorg94606")
    later, _ = member_create("Rvorg 1")
    Player.objects.filter(pk=later.pk).update(name="Rvor\u0261", name_key="rvor\u0261")  # as the old map keyed it
    get_user_model().objects.filter(pk=later.user.pk).update(username="Rvor\u0261")
    Player.objects.filter(pk=older.pk).update(name="Rvorg", name_key="legacy-rvorg")
    get_user_model().objects.filter(pk=older.user.pk).update(username="Rvorg")
    rekey(apps, None)
    older.refresh_from_db()
    later.refresh_from_db()
    assert older.name_key == name_key("Rvorg") and later.name_key == f"{name_key('Rvorg')}#{later.pk}"
    assert _sign_in("Rvorg", MEMBER_PASSWORD).status_code == 200
    assert _sign_in("Rvor\u0261", MEMBER_PASSWORD).status_code == 200
    assert _register("RVORG").status_code == 409


# --- 3. staff names --------------------------------------------------------------------------------

@pytest.fixture
def staffer(db: None) -> Any:
    return get_user_model().objects.create_user(username="staffer", password="staff-pass-42", is_staff=True)


@pytest.mark.parametrize("impostor", ["Staffer", "STAFFER", "staffer", "StaffeR"])
def test_a_staff_name_is_reserved(staffer: Any, impostor: str) -> None:
    answer = _register(impostor)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "username_taken"
    assert not Player.objects.filter(is_guest=False, user__is_staff=False).exists()


def test_a_guest_cannot_take_a_staff_name_either(staffer: Any) -> None:
    guest = _post("/api/v1/auth/guest/").json()
    assert _register("Staffer", token=guest["token"]).status_code == 409


def test_a_staff_username_is_never_shadowed(staffer: Any) -> None:
    """An impostor left from before the reservation (registered as «Staffer»): ``staffer``
    still signs staff in, and the impostor's password does not."""
    impostor = get_user_model().objects.create_user(username="Staffer", password=MEMBER_PASSWORD)
    from accounts.names import name_key

    Player.objects.create(user=impostor, name="Staffer", name_key=name_key("Staffer"))
    staff_sign_in = _sign_in("staffer", "staff-pass-42")
    assert staff_sign_in.status_code == 200
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Token {staff_sign_in.json()['token']}")
    assert me.get("/api/v1/players/me/").json()["id"] == staffer.player.pk
    assert _sign_in("staffer", MEMBER_PASSWORD).status_code == 401


# --- 5. a change of privilege --------------------------------------------------------------------

def test_a_guest_registering_gets_a_new_token_and_the_old_one_ends(db: None) -> None:
    guest = _post("/api/v1/auth/guest/").json()
    registered = _register("Маша", token=guest["token"])
    assert registered.status_code == 201
    body = registered.json()
    assert body["player"]["id"] == guest["player"]["id"]  # the same account, its games kept
    assert body["token"] != guest["token"]
    old, new = APIClient(), APIClient()
    old.credentials(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    new.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert old.get("/api/v1/players/me/").status_code == 401
    assert new.get("/api/v1/players/me/").json()["name"] == "Маша"
