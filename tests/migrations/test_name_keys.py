"""The migration that brings in name keys fills them for every existing player, guests
included, keeps them unique when old names look alike, and fits old names to NAME_MAX."""

from __future__ import annotations

import pytest

from accounts.names import NAME_MAX, name_key
from tests.migrations.moves import latest, migrate_to

BEFORE = [("accounts", "0004_fair_deal")]
AFTER = [("accounts", "0005_name_key_created_ip")]


@pytest.mark.django_db(transaction=True)
def test_existing_players_get_unique_keys() -> None:
    old = migrate_to(BEFORE)
    User = old.get_model("auth", "User")
    Player = old.get_model("accounts", "Player")

    def made(username: str, name: str, guest: bool = False) -> int:
        return int(Player.objects.create(user=User.objects.create(username=username), name=name, is_guest=guest).pk)

    guests = [made(f"guest-{n:016x}", f"Гость {n:04x}"[:10], guest=True) for n in range(3)]
    ivan = made("Иван", "Иван")
    look_alike = made("Иbaн", "Иbaн")  # registered before keys existed: keeps its name
    long = made("x" * 40, "Очень длинное имя игрока, длиннее лимита")

    new = migrate_to(AFTER)
    Player = new.get_model("accounts", "Player")
    keys = dict(Player.objects.values_list("pk", "name_key"))
    assert len(set(keys.values())) == len(keys)
    assert all(keys[g].startswith("#guest-") for g in guests)
    assert keys[ivan] == name_key("Иван") and keys[look_alike] == f"{name_key('Иван')}#{look_alike}"
    assert len(Player.objects.get(pk=long).name) == NAME_MAX

    migrate_to(BEFORE)  # and back: the columns go, the rows stay
    assert old.get_model("accounts", "Player").objects.count() == 6
    migrate_to(latest())  # every app at its latest again
