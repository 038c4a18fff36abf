"""Two sign-ups of look-alike names at one moment: one account, one 409, never a 500 (the
unique name key decides; PostgreSQL in the scaled run, SQLite's queued writers in the
embedded one)."""

from __future__ import annotations

from functools import partial

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts.models import Device, Player
from tests.harness.races import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def _status_with(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return int(client.get("/api/v1/players/me/").status_code)


def _sign_in(username: str, password: str) -> tuple[int, str]:
    response = APIClient().post("/api/v1/auth/token/", {"username": username, "password": password}, format="json")
    return response.status_code, response.json().get("token", "")


def _register(username: str) -> tuple[int, str]:
    response = APIClient().post("/api/v1/auth/register/", {"username": username, "password": "kozyrnaya-dama"},
                                format="json")
    return response.status_code, response.json().get("error", {}).get("code", "")


@pytest.mark.parametrize("names", [("Иван", "ИВАН"), ("Мох", "MOX"), ("Петр", "Петр"),
                                   ("Соня", "СОНЯ", "соня"), ("Rvorg94606", "Rvor\u026194606")])
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
    # The loser is refused either way: by the account (already registered) when it got in before
    # the winner's sign-up ended the guest's token, or at the door (that token ended) when after.
    winner, loser = sorted(answers)
    assert winner == (201, "") and loser in {(409, "already_registered"), (401, "authentication_failed")}, answers
    player = Player.objects.select_related("user").get(pk=guest["player"]["id"])
    assert player.user.username == player.name and player.name in {"Маша", "Даша"}
    assert Player.objects.count() == 1


def test_a_guest_registering_twice_at_once_keeps_one_live_token() -> None:
    """Two tabs register one guest at once: the guest's token ends, and the one device left
    is the winner's."""
    guest = APIClient().post("/api/v1/auth/guest/").json()

    def sign_up(name: str) -> tuple[int, str]:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {guest['token']}")
        response = client.post("/api/v1/auth/register/", {"username": name, "password": "kozyrnaya-dama"},
                               format="json")
        return response.status_code, response.json().get("token", "")

    answers = at_once(partial(sign_up, "Маша"), partial(sign_up, "Даша"))
    tokens = [token for status, token in answers if status == 201]
    assert len(tokens) == 1
    assert Device.objects.filter(user__player__pk=guest["player"]["id"]).count() == 1
    assert _status_with(guest["token"]) == 401 and _status_with(tokens[0]) == 200


def test_sign_ins_at_once_each_get_a_device_of_their_own() -> None:
    assert _register("Маша")[0] == 201
    answers = at_once(*(partial(_sign_in, "Маша", "kozyrnaya-dama") for _ in range(4)))
    assert [status for status, _ in answers] == [200] * 4
    assert len({token for _, token in answers}) == 4
    assert Device.objects.filter(user__username="Маша").count() == 5  # and the registration's


def test_a_sign_in_racing_a_new_password_does_not_outlive_it() -> None:
    """A sign-in with the old password at the moment the password changes: either it fails,
    or the change ends its token too. Only the change's own token is left."""
    for round_ in range(3):
        get_user_model().objects.all().delete()
        assert _register(f"Маша{round_}")[0] == 201
        first = Device.objects.get(user__username=f"Маша{round_}")
        _, owner_token = _sign_in(f"Маша{round_}", "kozyrnaya-dama")

        def change(owner_token: str = owner_token) -> tuple[int, str]:
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Token {owner_token}")
            response = client.post("/api/v1/auth/password/", {"old_password": "kozyrnaya-dama",
                                                              "new_password": "valet-buben-42"}, format="json")
            return response.status_code, response.json().get("token", "")

        changed, signed = at_once(change, partial(_sign_in, f"Маша{round_}", "kozyrnaya-dama"))
        assert changed[0] == 200
        assert signed[0] in (200, 401)
        if signed[0] == 200:
            assert _status_with(signed[1]) == 401
        assert _status_with(changed[1]) == 200
        assert list(Device.objects.filter(user=first.user).values_list("pk", flat=True)) != [first.pk]
        assert Device.objects.filter(user=first.user).count() == 1
