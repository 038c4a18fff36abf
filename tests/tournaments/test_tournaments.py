"""Tournaments through the API: entering pays, rounds follow each other as games end,
the pool is paid once and every coin is accounted for in the ledger."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError
from django.test import Client as DjangoClient

from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest
from tournaments import services
from tournaments.models import LedgerEntry, LedgerIsAppendOnly, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def create(organiser: Client, **body: Any) -> dict[str, Any]:
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок", "timer": None, **body})
    assert answer.status_code == 201, answer.content
    return answer.json()  # type: ignore[no-any-return]


def test_a_round_robin_of_three_is_played_to_the_end_and_the_pool_paid(make_client: Any) -> None:
    organiser, *people = [make_client() for _ in range(4)]
    for client in (organiser, *people):
        assert client.post("/api/v1/wallet/welcome/").json()["balance"] == services.WELCOME_COINS
    organiser.post("/api/v1/wallet/welcome/")  # a second claim changes nothing
    assert organiser.get("/api/v1/wallet/").json()["balance"] == services.WELCOME_COINS

    t = create(organiser, entry_fee=100, added_prize=200, prize_split=[70, 30])
    assert t["status"] == "registration" and t["pool"] == 200
    assert organiser.get("/api/v1/wallet/").json()["balance"] == services.WELCOME_COINS - 200
    for client in people:
        answer = client.post(f"/api/v1/tournaments/{t['id']}/join/")
        assert answer.status_code == 200, answer.content
        assert answer.json()["entered"] is True
    assert people[0].get("/api/v1/wallet/").json()["balance"] == services.WELCOME_COINS - 100

    started = organiser.post(f"/api/v1/tournaments/{t['id']}/start/").json()
    assert started["status"] == "running" and started["pool"] == 500 and started["rounds_total"] == 3
    assert len(started["rounds"]) == 1 and len(started["rounds"][0]["tables"]) == 1

    by_player = {c.player.pk: c for c in people}
    for number in (1, 2, 3):
        detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
        assert len(detail["rounds"]) == number, "the next round opens when the last game ends"
        (table,) = detail["rounds"][-1]["tables"]
        seats = {i: by_player[p["player"]] for i, p in enumerate(table["players"])}
        assert seats[0].view(table["game"])["you"]["seat"] == 0
        hint = seats[0].get(f"/api/v1/games/{table['game']}/hint/")
        assert hint.status_code == 403 and hint.json()["error"]["code"] == "hints_off", "no hints where prizes are at stake"
        play_out_over_rest(seats, table["game"])

    final = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert final["status"] == "finished"
    assert sum(row["played"] for row in final["standings"]) == 6
    assert sum(row["prize"] for row in final["standings"]) == 500
    paid = {row["player"]: row["prize"] for row in final["standings"]}
    for player_id, client in by_player.items():
        balance = client.get("/api/v1/wallet/").json()["balance"]
        assert balance == services.WELCOME_COINS - 100 + paid[player_id]

    # Moving it on again pays nobody twice.
    assert services.tournament_advance(tournament_id=t["id"]) is False
    assert LedgerEntry.objects.filter(tournament_id=t["id"], kind="prize").count() == sum(1 for v in paid.values() if v)
    total = sum(e.amount for e in LedgerEntry.objects.filter(tournament_id=t["id"]))
    assert total == 0, "every coin paid in was paid out"


def test_entering_is_refused_without_coins_twice_when_full_and_after_the_start(make_client: Any) -> None:
    organiser, a, b, c = [make_client() for _ in range(4)]
    t = create(organiser, entry_fee=50, max_entrants=2)
    url = f"/api/v1/tournaments/{t['id']}/join/"
    broke = a.post(url)
    assert broke.status_code == 409 and broke.json()["error"]["code"] == "insufficient_funds"
    assert broke.json()["error"]["needed"] == 50
    for client in (a, b, c):
        client.post("/api/v1/wallet/welcome/")
    assert a.post(url).status_code == 200
    assert a.post(url).json()["error"]["code"] == "already_entered"
    assert b.post(url).status_code == 200
    assert c.post(url).json()["error"]["code"] == "tournament_full"
    assert a.get("/api/v1/wallet/").json()["balance"] == services.WELCOME_COINS - 50, "a refusal costs nothing"
    assert a.post(f"/api/v1/tournaments/{t['id']}/start/").json()["error"]["code"] == "not_organiser"
    assert organiser.post(f"/api/v1/tournaments/{t['id']}/start/").status_code == 200
    c2 = make_client()
    c2.post("/api/v1/wallet/welcome/")
    assert c2.post(url).json()["error"]["code"] == "registration_closed"


def test_cancelling_gives_every_coin_back(make_client: Any) -> None:
    organiser, a = make_client(), make_client()
    for client in (organiser, a):
        client.post("/api/v1/wallet/welcome/")
    t = create(organiser, entry_fee=100, added_prize=300)
    assert organiser.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    assert a.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    assert organiser.get("/api/v1/wallet/").json()["balance"] == services.WELCOME_COINS - 400
    done = organiser.post(f"/api/v1/tournaments/{t['id']}/cancel/").json()
    assert done["status"] == "cancelled"
    for client in (organiser, a):
        assert client.get("/api/v1/wallet/").json()["balance"] == services.WELCOME_COINS
    assert organiser.post(f"/api/v1/tournaments/{t['id']}/cancel/").json()["error"]["code"] == "registration_closed"


def test_starting_alone_is_refused(make_client: Any) -> None:
    organiser = make_client()
    t = create(organiser)
    organiser.post(f"/api/v1/tournaments/{t['id']}/join/")
    answer = organiser.post(f"/api/v1/tournaments/{t['id']}/start/")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "too_few_entrants"


@pytest.mark.parametrize("body, message", [
    ({"name": ""}, "name"),
    ({"rules": {"players": 3}}, "two players"),
    ({"rules": {"variant": "chess"}}, "variant"),
    ({"prize_split": [60, 30]}, "100"),
    ({"entry_fee": -5}, "entry_fee"),
    ({"max_entrants": 1}, "max_entrants"),
    ({"timer": 1}, "timer"),
])
def test_bad_settings_get_a_clear_error_and_create_nothing(make_client: Any, body: dict[str, Any], message: str) -> None:
    organiser = make_client()
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок", **body})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid_tournament" and message in error["message"]
    assert not Tournament.objects.exists()


def test_an_added_prize_needs_the_coins(make_client: Any) -> None:
    organiser = make_client()
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок", "added_prize": 10})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "insufficient_funds"
    assert not Tournament.objects.exists(), "nothing is left behind by a refusal"


def test_anyone_may_look_but_creating_needs_an_account(make_client: Any) -> None:
    organiser = make_client()
    t = create(organiser)
    anonymous = DjangoClient()
    assert anonymous.get("/api/v1/tournaments/").status_code == 200
    detail = anonymous.get(f"/api/v1/tournaments/{t['id']}/")
    assert detail.status_code == 200 and detail.json()["entered"] is False
    assert anonymous.post("/api/v1/tournaments/", {"name": "x"}, content_type="application/json").status_code == 401
    assert anonymous.get("/api/v1/tournaments/999999/").json()["error"]["code"] == "not_found"


def test_the_ledger_is_append_only(make_client: Any) -> None:
    client = make_client()
    client.post("/api/v1/wallet/welcome/")
    entry = LedgerEntry.objects.get(player=client.player)
    with pytest.raises(LedgerIsAppendOnly):
        entry.save()
    with pytest.raises(LedgerIsAppendOnly):
        entry.delete()
    with pytest.raises(LedgerIsAppendOnly):
        LedgerEntry.objects.filter(pk=entry.pk).update(amount=10**6)
    with pytest.raises(IntegrityError):
        LedgerEntry.objects.create(player=client.player, amount=1000, kind="welcome")


def test_admin_pages(make_client: Any, admin_client: Any) -> None:
    organiser, a = make_client(), make_client()
    t = create(organiser)
    for client in (organiser, a):
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    organiser.post(f"/api/v1/tournaments/{t['id']}/start/")
    organiser.post("/api/v1/wallet/welcome/")
    for url in ("/admin/tournaments/tournament/", f"/admin/tournaments/tournament/{t['id']}/change/",
                "/admin/tournaments/ledgerentry/", "/admin/tournaments/ledgerentry/add/"):
        assert admin_client.get(url).status_code == 200, url
    granted = admin_client.post("/admin/tournaments/ledgerentry/add/",
                                {"player": a.player.pk, "amount": 250, "note": "приз за активность"})
    assert granted.status_code == 302
    assert a.get("/api/v1/wallet/").json()["balance"] == 250
    assert LedgerEntry.objects.get(player=a.player).kind == "grant"
