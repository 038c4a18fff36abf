"""Races on tournaments, at one moment (PostgreSQL in the scaled run, SQLite's queued
writers in the embedded one): parallel entries against the last places and against one
wallet, an entry against the start, two closes of one round. Whatever wins, nothing is
half-written and every coin is where the ledger says."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from coins import ledger
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest
from tests.harness.races import at_once
from tournaments import rounds
from tournaments.models import Entry, Round, Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _funded(n: int) -> list[Client]:
    clients = [Client.member() for _ in range(n)]
    for client in clients:
        client.post("/api/v1/wallet/welcome/")
    return clients


def _create(organiser: Client, **body: Any) -> int:
    answer = organiser.post("/api/v1/tournaments/", {"name": "Гонка", **body})
    assert answer.status_code == 201, answer.content
    return int(answer.json()["id"])


def _balanced() -> None:
    assert ledger.total_sum() == 0 and ledger.unbalanced_movements() == []


def test_parallel_entries_take_exactly_the_places_there_are() -> None:
    organiser, *people = _funded(7)
    tid = _create(organiser, entry_fee=10, max_entrants=4, payouts=[100])
    answers = at_once(*(partial(c.post, f"/api/v1/tournaments/{tid}/join/") for c in people))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] * 4 + [409] * 2, [a.content for a in answers]
    refused = {a.json()["error"]["code"] for a in answers if a.status_code == 409}
    assert refused <= {"tournament_full", "registration_closed"}
    tournament = Tournament.objects.get(pk=tid)
    assert tournament.status == "running"  # the fourth entry started it
    entered = set(Entry.objects.filter(tournament=tournament, status="playing").values_list("player_id", flat=True))
    assert len(entered) == 4
    seated = {p for t in Table.objects.filter(tournament=tournament) for p in t.players}
    assert seated == entered
    for client in people:
        paid = 10 if client.player.pk in entered else 0
        assert ledger.wallet_balance(client.player.pk) == 1000 - paid
    _balanced()


def test_one_wallet_cannot_pay_two_fees_it_does_not_have() -> None:
    organiser, rich = _funded(2)
    poor = Client.member()  # no welcome coins: a grant of exactly one fee
    ledger.move(f"test-grant:{poor.player.pk}", "grant", ledger.issuer(), ledger.wallet(poor.player), 300)
    first = _create(organiser, entry_fee=300)
    second = _create(organiser, entry_fee=300)
    tabs = [Client((poor.player, poor.token)) for _ in range(2)]
    answers = at_once(partial(tabs[0].post, f"/api/v1/tournaments/{first}/join/"),
                      partial(tabs[1].post, f"/api/v1/tournaments/{second}/join/"))
    assert sorted(a.status_code for a in answers) == [200, 409], [a.content for a in answers]
    assert next(a for a in answers if a.status_code == 409).json()["error"]["code"] == "insufficient_funds"
    assert ledger.wallet_balance(poor.player.pk) == 0
    assert Entry.objects.filter(player=poor.player).count() == 1
    _balanced()


@pytest.mark.parametrize("attempt", range(3))
def test_an_entry_against_the_start_is_in_or_refused_never_half(attempt: int) -> None:
    organiser, alice, bob, late = _funded(4)
    tid = _create(organiser, entry_fee=25, max_entrants=8, payouts=[100])
    for client in (alice, bob):
        client.post(f"/api/v1/tournaments/{tid}/join/")
    start, join = at_once(partial(organiser.post, f"/api/v1/tournaments/{tid}/start/"),
                          partial(late.post, f"/api/v1/tournaments/{tid}/join/"))
    assert start.status_code == 200, start.content
    entry = Entry.objects.filter(tournament_id=tid, player=late.player).first()
    if join.status_code == 200:  # it came first: it plays in round 1
        assert entry is not None and entry.status == "playing"
        assert any(late.player.pk in t.players for t in Table.objects.filter(tournament_id=tid))
        assert ledger.wallet_balance(late.player.pk) == 975
    else:
        assert join.json()["error"]["code"] == "registration_closed"
        assert entry is None and ledger.wallet_balance(late.player.pk) == 1000
    _balanced()


def test_two_closes_of_one_round_open_the_next_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The games' own signals would close the round as its last table ends: hold them back.
    monkeypatch.setattr(rounds, "table_finished", lambda game_id: None)
    clients = _funded(4)
    by_id = {c.player.pk: c for c in clients}
    tid = _create(clients[0], format="swiss", rounds=2, rules={"players": 2, "deck": 24}, max_entrants=4)
    for client in clients:
        client.post(f"/api/v1/tournaments/{tid}/join/")
    for table in Table.objects.filter(tournament_id=tid, round=1):
        play_out_over_rest({n: by_id[p] for n, p in enumerate(table.players)}, table.game_id)
    results = at_once(*(partial(rounds.round_close, tournament_id=tid) for _ in range(3)))
    assert sorted(results) == [False, False, True]
    assert list(Round.objects.filter(tournament_id=tid).values_list("number", flat=True)) == [1, 2]
    assert Table.objects.filter(tournament_id=tid, round=2).count() == 2
