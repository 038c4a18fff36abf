"""Names: the rules a name keeps, one length limit everywhere, and uniqueness without regard
to case or look-alike letters, through the API and the database."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, connection
from rest_framework.test import APIClient

from accounts.apis import RegisterSerializer
from accounts.models import Player
from accounts.names import NAME_MAX, NAME_MIN, InvalidName, name_clean, name_key
from accounts.services import guest_create

PASSWORD = "kozyrnaya-dama"


def _register(username: str, client: APIClient | None = None) -> Any:
    return (client or APIClient()).post("/api/v1/auth/register/", {"username": username, "password": PASSWORD},
                                        format="json")


@pytest.mark.parametrize("a, b", [
    ("Иван", "ИВАН"), ("Ivan", "ivan"), ("Ivan", "lvan"), ("Мох", "MOX"), ("Ольга 10", "ОЛЬГА 10"),
    ("Ёжик", "Ежик"), ("Ｉｖａｎ", "Ivan"), ("Сара", "Capa"), ("Rvorg", "Rvor\u0261"),
])
def test_look_alike_names_share_a_key(a: str, b: str) -> None:
    assert name_key(name_clean(a)) == name_key(name_clean(b))


@pytest.mark.parametrize("a, b", [
    ("Иван", "Иbaн"), ("Петр", "ПETP"), ("Соня", "CoHя"), ("Ольга 10", "ольга io"), ("Хрюша", "XpЮша"),
    ("Rvorg", "Rv\u0585rg"), ("Rvorg", "\u13a1vorg"),
])
def test_names_mixing_scripts_share_a_key_and_are_refused(a: str, b: str) -> None:
    """Old names that mix scripts still find their account by key; new ones are refused."""
    assert name_key(name_clean(a)) == name_key(b)
    with pytest.raises(InvalidName) as error:
        name_clean(b)
    assert error.value.extra["rule"] == "mixed_script"


@pytest.mark.parametrize("a, b", [("Иван", "Иваг"), ("Маша", "Миша"), ("Ivan", "Ivana"), ("Йода", "Иода")])
def test_different_names_keep_different_keys(a: str, b: str) -> None:
    assert name_key(name_clean(a)) != name_key(name_clean(b))


def test_names_are_trimmed_and_spaces_inside_single() -> None:
    assert name_clean("  Иван   Петров ") == "Иван Петров"
    assert name_clean("Ｖａｓｙａ") == "Vasya"  # NFKC: full-width letters are the plain ones


@pytest.mark.parametrize("raw, rule", [
    ("Ив\u200bан", "zero-width"), ("Ив\u200dан", "zero-width"), ("\ufeffИван", "zero-width"),
    ("Ив\u2060ан", "zero-width"), ("Ив\u202eан", "direction"), ("Ив\u2066ан", "direction"),
    ("Ив\u200fан", "direction"), ("Ив\x07ан", "control"), ("Ив\tан", "control"), ("Ив\U000e0001ан", "control"),
    ("Ив\ue000ан", "control"), ("И", f"{NAME_MIN} to {NAME_MAX}"), ("И" * (NAME_MAX + 1), f"{NAME_MIN} to {NAME_MAX}"),
    ("   ", f"{NAME_MIN} to {NAME_MAX}"), ("Иван!", "letters, digits"), ("Ив<b>", "letters, digits"),
    ("Ив\u2028ан", "letters, digits"), ("1234", "one letter"), ("guest-abc", "guests"), ("Гость f475", "guests"),
    ("ГОСТЬ 12", "guests"), ("ГOCTЬ 12", "guests"),
])
def test_bad_names_say_which_rule(raw: str, rule: str) -> None:
    with pytest.raises(InvalidName) as error:
        name_clean(raw)
    assert rule in error.value.message


def test_one_length_limit_for_the_serializer_the_model_and_the_column(db: None) -> None:
    assert RegisterSerializer().fields["username"].max_length == NAME_MAX
    assert Player._meta.get_field("name").max_length == NAME_MAX
    with connection.cursor() as cursor:
        columns = {c.name: c for c in connection.introspection.get_table_description(cursor, "accounts_player")}
    assert NAME_MAX in (columns["name"].display_size, columns["name"].internal_size)


def test_the_column_refuses_longer_names_on_postgresql(db: None) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("SQLite does not enforce a varchar's length")
    player = guest_create()[0]
    with pytest.raises(Exception, match="too long|value too long"):  # noqa: B017 psycopg's DataError
        Player.objects.filter(pk=player.pk).update(name="И" * (NAME_MAX + 1))


@pytest.mark.parametrize("taken, second", [("Иван", "ИВАН"), ("Мох", "MOX"), ("vasya", "VASYA"),
                                           ("Ольга", "ОЛЬГА")])
def test_a_look_alike_of_a_taken_name_is_409(db: None, taken: str, second: str) -> None:
    assert _register(taken).status_code == 201
    response = _register(second)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "username_taken"
    assert Player.objects.filter(is_guest=False).count() == 1


def test_a_bad_name_is_400_invalid_name_saying_why(db: None) -> None:
    response = _register("Ив\u200bан")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_name" and "zero-width" in response.json()["error"]["message"]
    response = _register("И" * (NAME_MAX + 1))
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_name"
    assert not Player.objects.exists()


def test_the_name_is_stored_clean_and_is_the_login(db: None) -> None:
    body = _register("  Иван   Петров ").json()
    assert body["player"]["name"] == "Иван Петров"
    player = Player.objects.select_related("user").get(pk=body["player"]["id"])
    assert player.user.username == "Иван Петров" and player.name_key == name_key("Иван Петров")
    for typed in ("Иван Петров", "ИВАН ПЕТРОВ", " иван  петров "):
        login = APIClient().post("/api/v1/auth/token/", {"username": typed, "password": PASSWORD}, format="json")
        assert login.status_code == 200 and login.json()["token"] != body["token"], typed


def test_the_database_refuses_a_second_key(db: None) -> None:
    """The constraint itself, beneath the service's check (what a race meets)."""
    _register("Иван")
    other = guest_create()[0]
    with pytest.raises(IntegrityError):
        Player.objects.filter(pk=other.pk).update(name_key=name_key("ИВАН"))


def test_guests_get_unique_keys_of_their_own(db: None) -> None:
    guests = [guest_create()[0] for _ in range(20)]
    keys = {g.name_key for g in guests}
    assert len(keys) == 20 and all(k.startswith("#guest-") for k in keys)


def test_the_refusal_names_its_rule_for_the_page(db: None) -> None:
    body = _register("Ив\u202eан").json()["error"]
    assert body["code"] == "invalid_name" and body["rule"] == "direction"
    body = _register("И").json()["error"]
    assert (body["rule"], body["min"], body["max"]) == ("length", NAME_MIN, NAME_MAX)
