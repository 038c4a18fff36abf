"""Accounts: a guest in one call, registration, token login, who am I."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from accounts.models import Player
from tests.harness.tables import table_create


def _post(client: APIClient, url: str, data: Any = None) -> Any:
    return client.post(url, data, format="json")


def test_a_guest_gets_a_token_and_a_player(db: None) -> None:
    response = _post(APIClient(), "/api/v1/auth/guest/")
    assert response.status_code == 201
    body = response.json()
    assert body["token"] and body["player"]["guest"] is True and body["player"]["name"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    me = client.get("/api/v1/players/me/").json()
    assert me == {**body["player"], "fairness": {"next_commitment": me["fairness"]["next_commitment"]}}
    assert len(me["fairness"]["next_commitment"]) == 64
    player = Player.objects.get(pk=body["player"]["id"])
    assert not player.user.has_usable_password()


def test_register_then_log_in_with_the_password(db: None) -> None:
    response = _post(APIClient(), "/api/v1/auth/register/", {"username": "vasya", "password": "kozyrnaya-dama"})
    assert response.status_code == 201
    assert response.json()["player"] == {"id": response.json()["player"]["id"], "name": "vasya", "guest": False}
    login = _post(APIClient(), "/api/v1/auth/token/", {"username": "vasya", "password": "kozyrnaya-dama"})
    assert login.status_code == 200 and set(login.json()) == {"token", "device"}
    assert login.json()["token"] != response.json()["token"]  # a token of its own device


def test_a_wrong_password_is_401(db: None) -> None:
    _post(APIClient(), "/api/v1/auth/register/", {"username": "vasya", "password": "kozyrnaya-dama"})
    response = _post(APIClient(), "/api/v1/auth/token/", {"username": "vasya", "password": "wrong-wrong"})
    assert response.status_code == 401 and response.json()["error"]["code"] == "invalid_credentials"


@pytest.mark.parametrize("body, status, code", [
    ({"username": "petya"}, 400, "invalid_request"),
    ({"username": "petya", "password": "1"}, 400, "weak_password"),
    ({"username": "guest-123", "password": "kozyrnaya-dama"}, 400, "invalid_name"),
    ({"username": "Vasya", "password": "kozyrnaya-dama"}, 409, "username_taken"),
])
def test_bad_registrations(db: None, body: dict[str, str], status: int, code: str) -> None:
    _post(APIClient(), "/api/v1/auth/register/", {"username": "vasya", "password": "kozyrnaya-dama"})
    response = _post(APIClient(), "/api/v1/auth/register/", body)
    assert response.status_code == status and response.json()["error"]["code"] == code


def test_a_guest_who_registers_keeps_its_games(db: None) -> None:
    guest = _post(APIClient(), "/api/v1/auth/guest/").json()
    player = Player.objects.get(pk=guest["player"]["id"])
    game = table_create(creator=player, rules={"players": 2}, computer=["random"]).game
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    response = _post(client, "/api/v1/auth/register/", {"username": "masha", "password": "kozyrnaya-dama"})
    assert response.status_code == 201
    assert response.json()["player"]["id"] == player.pk and response.json()["player"]["guest"] is False
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")  # the guest's token has ended
    assert client.get(f"/api/v1/games/{game.pk}/").json()["you"]["seat"] == 0


def test_auth_is_throttled_with_429(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "2/min", "actions": "2/min"})
    codes = [_post(APIClient(), "/api/v1/auth/guest/").status_code for _ in range(3)]
    assert codes == [201, 201, 429]


def test_session_login_works_for_the_page(db: None, django_user_model: Any) -> None:
    user = django_user_model.objects.create_user(username="sasha", password="kozyrnaya-dama")
    client = APIClient()
    client.force_login(user)
    me = client.get("/api/v1/players/me/")
    assert me.status_code == 200 and me.json()["name"] == "sasha"


def test_staff_users_get_players_of_their_own(db: None, django_user_model: Any) -> None:
    """Users made outside sign-up (createsuperuser) get a player with a key nobody can
    choose: two of them never clash, nor with a registered name."""
    _post(APIClient(), "/api/v1/auth/register/", {"username": "boss", "password": "kozyrnaya-dama"})
    for name in ("boss", "Boss2", "chief"):
        django_user_model.objects.create_superuser(username=name if name != "boss" else "BOSS",
                                                   password="admin-pass-42")
    for name in ("BOSS", "Boss2", "chief"):
        client = APIClient()
        client.force_login(django_user_model.objects.get(username=name))
        assert client.get("/api/v1/players/me/").status_code == 200
    assert Player.objects.filter(name_key__startswith="#user-").count() == 3
    django_user_model.objects.create_superuser(username="root", password="admin-pass-42")  # no player yet
    login = _post(APIClient(), "/api/v1/auth/token/", {"username": "root", "password": "admin-pass-42"})
    assert login.status_code == 200
