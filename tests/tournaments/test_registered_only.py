"""Fair play: welcome coins and tournaments with coins at stake are for registered accounts;
a guest is told to register (403 registration_required) and nothing moves. A guest who
registers keeps its coins and entries: the wallet is the player's."""

from __future__ import annotations

from typing import Any

from coins import ledger
from tests.harness.clients import MEMBER_PASSWORD, Client
from tournaments.models import Entry


def _refused(response: Any) -> None:
    assert response.status_code == 403, response.content
    assert response.json()["error"]["code"] == "registration_required"


def _tournament(organiser: Client, **terms: Any) -> int:
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок", "max_entrants": 8, **terms})
    assert answer.status_code == 201, answer.content
    return int(answer.json()["id"])


def test_a_guest_gets_no_welcome_coins(db: None) -> None:
    guest = Client()
    _refused(guest.post("/api/v1/wallet/welcome/"))
    assert guest.get("/api/v1/wallet/").json()["balance"] == 0
    assert ledger.total_sum() == 0


def test_a_guest_enters_no_tournament_with_a_fee_or_a_prize(db: None) -> None:
    organiser = Client.member()
    ledger.move(f"test-funds:{organiser.player.pk}", "grant", ledger.issuer(), ledger.wallet(organiser.player), 1000)
    guest = Client()
    for terms in ({"entry_fee": 10}, {"added_prize": 50}, {"guarantee": 30}):
        tid = _tournament(organiser, **terms)
        _refused(guest.post(f"/api/v1/tournaments/{tid}/join/"))
        assert not Entry.objects.filter(tournament_id=tid).exists()
    free = _tournament(organiser)  # nothing at stake: guests welcome
    assert guest.post(f"/api/v1/tournaments/{free}/join/").status_code == 200


def test_a_guest_who_registers_keeps_its_coins_and_entries(db: None) -> None:
    organiser = Client.member()
    organiser.post("/api/v1/wallet/welcome/")
    guest = Client()
    free = _tournament(organiser)
    assert guest.post(f"/api/v1/tournaments/{free}/join/").status_code == 200
    ledger.move(f"test-grant:{guest.player.pk}", "grant", ledger.issuer(), ledger.wallet(guest.player), 70)

    registered = guest.post("/api/v1/auth/register/", {"username": "Маша", "password": MEMBER_PASSWORD})
    assert registered.status_code == 201 and registered.json()["player"]["id"] == guest.player.pk
    assert registered.json()["token"] != guest.token  # a change of privilege: a new token
    guest.http.credentials(HTTP_AUTHORIZATION=f"Token {registered.json()['token']}")

    assert guest.get("/api/v1/wallet/").json()["balance"] == 70
    assert guest.post("/api/v1/wallet/welcome/").json()["balance"] == 1070  # now it may
    paid = _tournament(organiser, entry_fee=20)
    assert guest.post(f"/api/v1/tournaments/{paid}/join/").status_code == 200
    assert ledger.wallet_balance(guest.player.pk) == 1050
    assert Entry.objects.filter(player=guest.player).count() == 2
