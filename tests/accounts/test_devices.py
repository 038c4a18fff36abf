"""A token per device (issue 30): every sign-in, registration and guest makes its own token;
the devices are listed, one is revoked or signs out without the rest; an unused token
expires; a new password ends every other. Deleting the account removes the name, the
password, the devices and (through ``account_deleted``) what upper apps keep, while games,
results and the ledger stay whole."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Device, Player
from accounts.signals import AccountDeleted, account_deleted
from tests.harness.clients import MEMBER_PASSWORD, member_create


def _client(token: str | None = None, **headers: Any) -> APIClient:
    client = APIClient(**headers)
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _sign_in(username: str, password: str = MEMBER_PASSWORD, **body: Any) -> Any:
    return _client().post("/api/v1/auth/token/", {"username": username, "password": password, **body}, format="json")


def _me(token: str) -> int:
    return int(_client(token).get("/api/v1/players/me/").status_code)


def test_each_sign_in_makes_a_token_of_its_own_device(db: None) -> None:
    member_create("Маша")
    phone = _sign_in("Маша", device="Pixel 8")
    tablet = _sign_in("маша", device="iPad")
    assert phone.status_code == tablet.status_code == 200
    assert set(phone.json()) == {"token", "device"} and phone.json()["device"]["name"] == "Pixel 8"
    assert phone.json()["token"] != tablet.json()["token"]
    assert phone.json()["device"]["id"] != tablet.json()["device"]["id"]
    assert _me(phone.json()["token"]) == _me(tablet.json()["token"]) == 200


def test_the_devices_are_listed_with_the_current_one_marked(db: None) -> None:
    _, first = member_create("Маша")
    phone = _sign_in("Маша", device="Pixel 8").json()
    listed = _client(phone["token"]).get("/api/v1/auth/devices/")
    assert listed.status_code == 200
    devices = listed.json()["devices"]
    assert [d["current"] for d in devices].count(True) == 1
    mine = next(d for d in devices if d["current"])
    assert mine["id"] == phone["device"]["id"] and mine["name"] == "Pixel 8"
    assert set(mine) == {"id", "name", "created_at", "last_used_at", "current"}
    assert len(devices) == 2  # the registration's own device too


def test_a_device_without_a_name_is_named_by_its_user_agent(db: None) -> None:
    member_create("Маша")
    answer = _client(HTTP_USER_AGENT="DurakApp/1.2 (Android 14)").post(
        "/api/v1/auth/token/", {"username": "Маша", "password": MEMBER_PASSWORD}, format="json")
    assert answer.json()["device"]["name"] == "DurakApp/1.2 (Android 14)"


def test_revoking_one_device_ends_that_token_alone(db: None) -> None:
    _, first = member_create("Маша")
    phone = _sign_in("Маша", device="Pixel 8").json()
    answer = _client(first).delete(f"/api/v1/auth/devices/{phone['device']['id']}/")
    assert answer.status_code == 204
    assert _me(phone["token"]) == 401 and _me(first) == 200


def test_another_accounts_device_is_404_and_untouched(db: None) -> None:
    _, masha = member_create("Маша")
    _, sasha = member_create("Саша")
    sasha_device = Device.objects.get(user__username="Саша")
    answer = _client(masha).delete(f"/api/v1/auth/devices/{sasha_device.pk}/")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    assert _me(sasha) == 200
    assert _client(masha).delete("/api/v1/auth/devices/999999/").status_code == 404


def test_sign_out_ends_the_callers_token_only(db: None) -> None:
    _, first = member_create("Маша")
    phone = _sign_in("Маша").json()["token"]
    assert _client(phone).post("/api/v1/auth/logout/").status_code == 204
    assert _me(phone) == 401 and _me(first) == 200


def test_a_token_unused_for_the_idle_time_expires(db: None, settings: Any) -> None:
    settings.DURAK_TOKEN_IDLE_SECONDS = 3600
    _, token = member_create("Маша")
    other = _sign_in("Маша").json()
    Device.objects.filter(pk=other["device"]["id"]).update(last_used_at=timezone.now() - timedelta(hours=2))
    assert _me(other["token"]) == 401
    assert not Device.objects.filter(pk=other["device"]["id"]).exists()
    assert [d["id"] for d in _client(token).get("/api/v1/auth/devices/").json()["devices"]] != [other["device"]["id"]]
    # Use keeps a token alive: last_used_at moves forward.
    Device.objects.filter(user__username="Маша").update(last_used_at=timezone.now() - timedelta(minutes=50))
    assert _me(token) == 200
    assert Device.objects.get(user__username="Маша").last_used_at > timezone.now() - timedelta(minutes=1)


def test_a_new_password_ends_every_other_device(db: None) -> None:
    _, first = member_create("Маша")
    phone = _sign_in("Маша", device="Pixel 8").json()
    answer = _client(phone["token"]).post("/api/v1/auth/password/", {
        "old_password": MEMBER_PASSWORD, "new_password": "valet-buben-42"}, format="json")
    assert answer.status_code == 200
    body = answer.json()
    assert body["device"]["name"] == "Pixel 8" and body["token"] != phone["token"]
    assert _me(first) == 401 and _me(phone["token"]) == 401 and _me(body["token"]) == 200
    assert Device.objects.filter(user__username="Маша").count() == 1


def test_registration_and_a_guest_make_a_device_token(db: None) -> None:
    guest = _client().post("/api/v1/auth/guest/", {"device": "Firefox"}, format="json").json()
    assert guest["device"]["name"] == "Firefox" and _me(guest["token"]) == 200
    member = _client().post("/api/v1/auth/register/", {"username": "Вася", "password": MEMBER_PASSWORD,
                                                       "device": "Pixel"}, format="json").json()
    assert set(member) == {"token", "device", "player"} and member["device"]["name"] == "Pixel"
    assert _client().post("/api/v1/auth/guest/").status_code == 201  # no body: as before


def test_tokens_are_kept_only_as_digests(db: None) -> None:
    _, token = member_create("Маша")
    assert not Device.objects.filter(key_digest=token).exists()
    assert token not in str(list(Device.objects.values_list("key_digest", "name")))


# --- deleting the account ------------------------------------------------------------------------

def test_deleting_the_account_removes_name_password_and_devices(db: None) -> None:
    player, token = member_create("Маша")
    second = _sign_in("Маша").json()["token"]
    heard: list[int] = []

    def listener(deleted: AccountDeleted) -> None:
        heard.append(deleted.player_id)

    account_deleted.connect("forget", listener, uid="test.listener")
    try:
        answer = _client(token).delete("/api/v1/players/me/")
    finally:
        account_deleted.disconnect("forget", "test.listener")
    assert answer.status_code == 204 and heard == [player.pk]
    assert _me(token) == 401 and _me(second) == 401
    assert _sign_in("Маша").status_code == 401
    assert not Device.objects.filter(user=player.user).exists()
    player.refresh_from_db()
    assert player.name == "Игрок удалён" and player.deleted_at is not None and player.created_ip is None
    assert "Маша" not in player.user.username and not player.user.has_usable_password()
    # The name is free again.
    assert _client().post("/api/v1/auth/register/", {"username": "маша", "password": MEMBER_PASSWORD},
                          format="json").status_code == 201


def test_a_deleted_accounts_games_results_and_coins_stay_whole(db: None) -> None:
    from coins import ledger, services
    from tests.harness.clients import Client

    client = Client.member("Маша")
    services.wallet_welcome(player=client.player)
    game = client.create(opponents=[{"ai": "novice"}]).json()
    before = ledger.wallet_balance(client.player.pk)
    assert client.http.delete("/api/v1/players/me/").status_code == 204
    assert Player.objects.filter(pk=client.player.pk).exists()
    assert ledger.wallet_balance(client.player.pk) == before and ledger.total_sum() == 0
    viewer = Client()
    seats = viewer.view(game["id"])["seats"]
    assert "Игрок удалён" in [seat["name"] for seat in seats]


def test_a_guest_may_delete_itself_and_staff_may_not(db: None, django_user_model: Any) -> None:
    guest = _client().post("/api/v1/auth/guest/").json()
    assert _client(guest["token"]).delete("/api/v1/players/me/").status_code == 204
    staff = django_user_model.objects.create_user(username="boss", password="admin-pass-42", is_staff=True)
    from accounts.selectors import player_of
    from accounts.services import token_for

    token = token_for(player_of(staff))  # type: ignore[arg-type]
    answer = _client(token).delete("/api/v1/players/me/")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "staff_account"


# --- the schema --------------------------------------------------------------------------------------

@pytest.mark.parametrize("path, method, operation, status", [
    ("/api/v1/auth/token/", "post", "device_sign_in", "200"),
    ("/api/v1/auth/devices/", "get", "device_list", "200"),
    ("/api/v1/auth/devices/{id}/", "delete", "device_revoke", "204"),
    ("/api/v1/auth/logout/", "post", "device_sign_out", "204"),
    ("/api/v1/players/me/", "delete", "account_delete", "204"),
])
def test_the_schema_names_and_types_the_device_operations(db: None, path: str, method: str, operation: str,
                                                         status: str) -> None:
    schema = _client().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation_ = schema["paths"][path][method]
    assert operation_["operationId"] == operation
    answer = operation_["responses"][status]
    if status == "204":
        assert "content" not in answer
        return
    ref = answer["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    component = schema["components"]["schemas"][ref]
    assert component["type"] == "object" and component["properties"]


def test_the_schema_holds_the_device_shapes(db: None) -> None:
    schemas = _client().get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    assert set(schemas["DeviceToken"]["required"]) == {"token", "device"}
    assert set(schemas["Device"]["required"]) == {"id", "name"}
    assert set(schemas["DeviceListItem"]["required"]) == {"id", "name", "created_at", "last_used_at", "current"}
    assert schemas["DeviceList"]["properties"]["devices"]["type"] == "array"
