"""The ledger's models moved from tournaments to coins, and away seats from live to games,
with their tables kept: every row is there after the move and after a move back, on
SQLite and PostgreSQL, and the admin's content types follow the models."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.migrations.moves import latest, migrate_to

# Before the moves: no coins app at all; every other app where the moves found it.
BEFORE: list[tuple[str, str | None]] = [
    ("coins", None), ("tournaments", "0004_verbose_names_in_russian"), ("live", "0005_verbose_names_in_russian"),
    ("games", "0008_verbose_name_of_rated"), ("accounts", "0007_verbose_names_of_name_key"),
    ("contenttypes", "0002_remove_content_type_name")]


@pytest.mark.django_db(transaction=True)
def test_the_ledger_and_the_away_seats_keep_every_row_through_the_move() -> None:
    old = migrate_to(BEFORE)
    User = old.get_model("auth", "User")
    person = old.get_model("accounts", "Player").objects.create(user=User.objects.create(username="u0"), name="p0",
                                                             name_key="p0")
    game = old.get_model("games", "Game").objects.create(rules={"players": 2}, creator=person)
    Account = old.get_model("tournaments", "Account")
    wallet, issuer = Account.objects.create(kind="wallet", player=person), Account.objects.create(kind="issuer")
    transfer = old.get_model("tournaments", "Transfer").objects.create(kind="welcome", key="welcome:1")
    Posting = old.get_model("tournaments", "Posting")
    Posting.objects.create(transfer=transfer, account=issuer, amount=-1000)
    Posting.objects.create(transfer=transfer, account=wallet, amount=1000)
    absence = old.get_model("live", "SeatAbsence").objects.create(game=game, seat=1, away_since="2026-12-01T10:00Z")
    ContentType = old.get_model("contenttypes", "ContentType")
    ContentType.objects.get_or_create(app_label="tournaments", model="transfer")
    ContentType.objects.get_or_create(app_label="live", model="seatabsence")
    tables = set(connection.introspection.table_names())

    new = migrate_to(latest())
    assert set(connection.introspection.table_names()) >= tables, "no table is dropped or renamed"
    movement = new.get_model("coins", "Movement").objects.get(key="welcome:1")
    assert sorted(new.get_model("coins", "Posting").objects.filter(movement=movement)
                  .values_list("account__kind", "amount")) == [("issuer", -1000), ("wallet", 1000)]
    assert new.get_model("coins", "Account").objects.get(player_id=person.pk).kind == "wallet"
    assert new.get_model("games", "SeatAbsence").objects.get(pk=absence.pk).seat == 1
    types = new.get_model("contenttypes", "ContentType").objects
    assert types.filter(app_label="coins", model="movement").exists()
    assert types.filter(app_label="games", model="seatabsence").exists()
    assert not types.filter(app_label="tournaments", model="transfer").exists()

    back = migrate_to(BEFORE)  # and back again, nothing lost
    assert back.get_model("tournaments", "Posting").objects.filter(transfer__key="welcome:1").count() == 2
    assert back.get_model("live", "SeatAbsence").objects.filter(pk=absence.pk).exists()
    assert back.get_model("contenttypes", "ContentType").objects.filter(app_label="tournaments",
                                                                        model="transfer").exists()
    migrate_to(latest())
