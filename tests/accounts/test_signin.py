"""Signing out, a new password, and the limits on guessing a password (issue 26): per name
at the API whatever the address, per address and per name at the admin's sign-in."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client as DjangoClient
from rest_framework.test import APIClient

from accounts.models import Player
from tests.harness.clients import MEMBER_PASSWORD, member_create


def _post(client: APIClient, url: str, data: Any = None) -> Any:
    return client.post(url, data, format="json")


def _with_token(token: str, ip: str = "127.0.0.1") -> APIClient:
    client = APIClient(REMOTE_ADDR=ip)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _sign_in(username: str, password: str, ip: str = "127.0.0.1") -> Any:
    return _post(APIClient(REMOTE_ADDR=ip), "/api/v1/auth/token/", {"username": username, "password": password})


def test_sign_out_revokes_the_token(db: None) -> None:
    _, token = member_create("Маша")
    client = _with_token(token)
    assert client.get("/api/v1/players/me/").status_code == 200
    response = _post(client, "/api/v1/auth/logout/")
    assert response.status_code == 204
    again = client.get("/api/v1/players/me/")
    assert again.status_code == 401 and again.json()["error"]["code"] == "authentication_failed"
    fresh = _sign_in("маша", MEMBER_PASSWORD)  # signing in again gives a new device's token
    assert fresh.status_code == 200 and fresh.json()["token"] != token


def test_sign_out_without_a_token_is_401(db: None) -> None:
    assert _post(APIClient(), "/api/v1/auth/logout/").status_code == 401


def test_a_new_password_rotates_the_token(db: None) -> None:
    _, token = member_create("Маша")
    client = _with_token(token)
    response = _post(client, "/api/v1/auth/password/", {"old_password": MEMBER_PASSWORD,
                                                        "new_password": "valet-buben-42"})
    assert response.status_code == 200
    new_token = response.json()["token"]
    assert new_token != token
    assert client.get("/api/v1/players/me/").status_code == 401  # the old token is gone
    assert _with_token(new_token).get("/api/v1/players/me/").json()["name"] == "Маша"
    assert _sign_in("Маша", MEMBER_PASSWORD).status_code == 401
    again = _sign_in("Маша", "valet-buben-42").json()["token"]
    assert again != new_token and _with_token(again).get("/api/v1/players/me/").status_code == 200


@pytest.mark.parametrize("body, status, code", [
    ({"old_password": "wrong-one", "new_password": "valet-buben-42"}, 400, "wrong_password"),
    ({"old_password": MEMBER_PASSWORD, "new_password": "1"}, 400, "weak_password"),
    ({"old_password": MEMBER_PASSWORD}, 400, "invalid_request"),
])
def test_bad_password_changes_change_nothing(db: None, body: dict[str, str], status: int, code: str) -> None:
    _, token = member_create("Маша")
    response = _post(_with_token(token), "/api/v1/auth/password/", body)
    assert response.status_code == status and response.json()["error"]["code"] == code
    assert _sign_in("Маша", MEMBER_PASSWORD).status_code == 200
    assert _with_token(token).get("/api/v1/players/me/").status_code == 200


def test_a_guest_has_no_password_to_change(db: None) -> None:
    guest = _post(APIClient(), "/api/v1/auth/guest/").json()
    response = _post(_with_token(guest["token"]), "/api/v1/auth/password/",
                     {"old_password": "", "new_password": "valet-buben-42"})
    assert response.status_code == 403 and response.json()["error"]["code"] == "registration_required"


def test_sign_in_is_limited_per_name_whatever_the_address(db: None, settings: Any) -> None:
    settings.DURAK_SIGNIN_NAME_FAILURES = 10
    member_create("Маша")
    codes = [_sign_in("Маша" if n % 2 else "МАША", "wrong-wrong", ip=f"10.0.{n}.1").status_code
             for n in range(10)]
    assert codes == [401] * 10
    # The eleventh, from yet another address and with the right password, is refused unread.
    response = _sign_in("мaшa", MEMBER_PASSWORD, ip="10.9.9.9")
    assert response.status_code == 429
    body = response.json()["error"]
    assert body["code"] == "too_many_attempts" and body["retry_after"] > 0
    assert int(response["Retry-After"]) == body["retry_after"]
    # Another name is not held back by Маша's count.
    member_create("Саша")
    assert _sign_in("Саша", MEMBER_PASSWORD).status_code == 200


def test_a_success_clears_the_count(db: None) -> None:
    member_create("Маша")
    for _ in range(9):
        assert _sign_in("Маша", "wrong-wrong").status_code == 401
    assert _sign_in("Маша", MEMBER_PASSWORD).status_code == 200
    for _ in range(9):
        assert _sign_in("Маша", "wrong-wrong").status_code == 401
    assert _sign_in("Маша", MEMBER_PASSWORD).status_code == 200


def test_the_window_ends(db: None, settings: Any) -> None:
    settings.DURAK_SIGNIN_WINDOW = 4  # long enough for ten sign-ins on a busy machine
    member_create("Маша")
    for _ in range(10):
        _sign_in("Маша", "wrong-wrong")
    assert _sign_in("Маша", MEMBER_PASSWORD).status_code == 429
    time.sleep(4.2)
    assert _sign_in("Маша", MEMBER_PASSWORD).status_code == 200


def _admin_sign_in(username: str, password: str, ip: str = "127.0.0.1") -> Any:
    return DjangoClient(REMOTE_ADDR=ip).post("/admin/login/?next=/admin/",
                                             {"username": username, "password": password})


@pytest.fixture
def staff(db: None) -> Any:
    return get_user_model().objects.create_superuser(username="boss", password="admin-pass-42")


def test_admin_sign_in_is_limited_per_address(staff: Any, settings: Any) -> None:
    settings.DURAK_ADMIN_LOGIN_FAILURES_PER_IP = 5
    codes = [_admin_sign_in(f"someone{n}", "wrong", ip="10.1.1.1").status_code for n in range(5)]
    assert codes == [200] * 5  # the form again, with its error
    refused = _admin_sign_in("boss", "admin-pass-42", ip="10.1.1.1")
    assert refused.status_code == 429 and "Слишком много" in refused.content.decode()
    assert _admin_sign_in("boss", "admin-pass-42", ip="10.2.2.2").status_code == 302  # elsewhere: fine


def test_admin_sign_in_is_limited_per_name(staff: Any, settings: Any) -> None:
    settings.DURAK_SIGNIN_NAME_FAILURES = 10
    codes = [_admin_sign_in("boss", "wrong", ip=f"10.3.{n}.1").status_code for n in range(10)]
    assert codes == [200] * 10
    assert _admin_sign_in("BOSS", "admin-pass-42", ip="10.4.4.4").status_code == 429
    # The API counts the same name: the admin's failures hold it back there too.
    assert _sign_in("boss", "admin-pass-42", ip="10.5.5.5").status_code == 429


def test_the_admin_still_signs_in_and_its_page_opens(staff: Any) -> None:
    client = DjangoClient()
    assert client.get("/admin/login/").status_code == 200
    response = client.post("/admin/login/?next=/admin/", {"username": "boss", "password": "admin-pass-42"})
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_the_address_an_account_was_made_from_is_kept(db: None) -> None:
    guest = _post(APIClient(REMOTE_ADDR="192.0.2.7"), "/api/v1/auth/guest/").json()
    assert Player.objects.get(pk=guest["player"]["id"]).created_ip == "192.0.2.7"
    body = _post(APIClient(REMOTE_ADDR="2001:db8::1"), "/api/v1/auth/register/",
                 {"username": "Вася", "password": MEMBER_PASSWORD}).json()
    assert Player.objects.get(pk=body["player"]["id"]).created_ip == "2001:db8::1"


def test_the_schema_documents_sign_out_and_the_new_password(db: None) -> None:
    paths = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert set(paths["/api/v1/auth/logout/"]["post"]["responses"]) >= {"204", "401"}
    password = paths["/api/v1/auth/password/"]["post"]
    assert set(password["responses"]) >= {"200", "400", "403", "429"}
    body = password["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    schema = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    assert set(schema[body]["required"]) == {"old_password", "new_password"}
    register = paths["/api/v1/auth/register/"]["post"]
    assert set(register["responses"]) >= {"201", "400", "409"}
