"""Two sign-ups of look-alike names at one moment: one account, one 409, never a 500 (the
unique name key decides; PostgreSQL in the scaled run, SQLite's queued writers in the
embedded one)."""

from __future__ import annotations

from functools import partial

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts.models import Player
from tests.harness.races import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def _register(username: str) -> tuple[int, str]:
    response = APIClient().post("/api/v1/auth/register/", {"username": username, "password": "kozyrnaya-dama"},
                                format="json")
    return response.status_code, response.json().get("error", {}).get("code", "")


@pytest.mark.parametrize("names", [("Иван", "ИВАН"), ("Иван", "Иbaн"), ("Петр", "Петр"),
                                   ("Соня", "CoHя", "сOня")])
def test_look_alike_names_registered_at_once(names: tuple[str, ...]) -> None:
    for _ in range(3):  # a few rounds: a race that happens to queue must not pass by luck alone
        get_user_model().objects.all().delete()  # and their players
        answers = at_once(*(partial(_register, name) for name in names))
        assert sorted(answers) == [(201, "")] + [(409, "username_taken")] * (len(names) - 1), answers
        assert Player.objects.count() == 1


def test_a_guest_and_a_newcomer_taking_one_name_at_once() -> None:
    guest = APIClient().post("/api/v1/auth/guest/").json()
    upgrade = APIClient()
    upgrade.credentials(HTTP_AUTHORIZATION=f"Token {guest['token']}")

    def as_guest() -> tuple[int, str]:
        response = upgrade.post("/api/v1/auth/register/", {"username": "Маша", "password": "kozyrnaya-dama"},
                                format="json")
        return response.status_code, response.json().get("error", {}).get("code", "")

    answers = at_once(as_guest, partial(_register, "МАША"))
    assert sorted(answers) == [(201, ""), (409, "username_taken")], answers
    assert Player.objects.filter(is_guest=False).count() == 1


def test_one_guest_signing_up_twice_at_once_gets_one_name() -> None:
    guest = APIClient().post("/api/v1/auth/guest/").json()

    def sign_up(name: str) -> tuple[int, str]:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {guest['token']}")
        response = client.post("/api/v1/auth/register/", {"username": name, "password": "kozyrnaya-dama"},
                               format="json")
        return response.status_code, response.json().get("error", {}).get("code", "")

    answers = at_once(partial(sign_up, "Маша"), partial(sign_up, "Даша"))
    assert sorted(answers) == [(201, ""), (409, "already_registered")], answers
    player = Player.objects.select_related("user").get(pk=guest["player"]["id"])
    assert player.user.username == player.name and player.name in {"Маша", "Даша"}
    assert Player.objects.count() == 1
