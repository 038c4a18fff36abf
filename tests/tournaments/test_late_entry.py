"""Late registration and re-entry through the API (poker-style): an elimination at tables
of two that takes entries until round 3 opens. A newcomer joins while round 1 plays and
sits from round 2; a player knocked out in round 1 enters again for a second fee and sits
from the next round; once round 3 opens, nobody else gets in. At the end every player has
one place, the pool is every fee paid less the rake, and each wallet changed by its prize
minus the fees it paid; the ledger sums to zero."""

from __future__ import annotations

import random

import pytest

from coins import ledger
from coins.models import Movement
from tests.harness.clients import Client
from tests.tournaments.playing import create, open_tables, table_play_out
from tests.tournaments.test_play_through import _balance, _funded

pytestmark = pytest.mark.django_db(transaction=True)

FEE = 40


def _play_round(tournament_id: int, rng: random.Random) -> None:
    """The tables in play, each to its end with seeded random legal moves."""
    for game_id in open_tables(tournament_id):
        table_play_out(game_id, rng)


def _detail(client: Client, tournament_id: int) -> dict:  # type: ignore[type-arg]
    return client.get(f"/api/v1/tournaments/{tournament_id}/").json()  # type: ignore[no-any-return]


def test_late_entries_and_a_reentry_play_on_and_are_paid_through_the_ledger() -> None:
    clients = _funded(8)
    organiser, first, newcomer = clients[0], clients[1:7], clients[7]
    everyone = {c.player.pk: c for c in clients[1:]}
    before = {pk: _balance(c) for pk, c in everyone.items()}
    created = organiser.post("/api/v1/tournaments/", {
        "name": "Поздняя регистрация", "format": "elimination", "rules": {"players": 2, "deck": 24},
        "entry_fee": FEE, "rake_percent": 5, "guarantee": 500, "max_entrants": 16,
        "late_until_round": 3, "reentry": True})
    assert created.status_code == 201, created.content
    assert created.json()["late_until_round"] == 3 and created.json()["reentry"] is True
    tournament_id = created.json()["id"]
    for client in first:
        assert client.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    assert organiser.post(f"/api/v1/tournaments/{tournament_id}/start/").status_code == 200
    rng = random.Random(4)

    # Round 1 plays: the newcomer joins late and is not seated in it.
    answer = newcomer.post(f"/api/v1/tournaments/{tournament_id}/join/")
    assert answer.status_code == 200, answer.content
    late_id = newcomer.player.pk
    detail = _detail(organiser, tournament_id)
    assert late_id not in {p for t in detail["rounds"][0]["tables"] for p in t["players"]}
    # The guarantee stays held while late registration is open.
    assert not Movement.objects.filter(tournament_id=tournament_id, kind=Movement.Kind.RELEASE).exists()
    _play_round(tournament_id, rng)

    detail = _detail(organiser, tournament_id)
    assert len(detail["rounds"]) == 2
    seated_2 = {p for t in detail["rounds"][1]["tables"] for p in t["players"]} | set(detail["rounds"][1]["byes"])
    assert late_id in seated_2, "the late entrant sits from round 2"
    out = [e["player"] for e in detail["entrants"] if e["status"] == "eliminated"]
    assert out, "round 1 knocked someone out"
    back = everyone[out[0]]
    answer = back.post(f"/api/v1/tournaments/{tournament_id}/join/")
    assert answer.status_code == 200, answer.content
    _play_round(tournament_id, rng)

    detail = _detail(organiser, tournament_id)
    if detail["status"] == "running":
        seated_3 = {p for t in detail["rounds"][2]["tables"] for p in t["players"]} | set(detail["rounds"][2]["byes"])
        assert out[0] in seated_3, "the re-entrant sits from the round after re-entering"
        # Round 3 is open: late registration has closed, and the guarantee is settled.
        latecomer = _funded(1)[0]
        refused = latecomer.post(f"/api/v1/tournaments/{tournament_id}/join/")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "registration_closed"
        assert Movement.objects.filter(tournament_id=tournament_id, kind=Movement.Kind.RELEASE).exists()
    for _ in range(10):
        detail = _detail(organiser, tournament_id)
        if detail["status"] == "finished":
            break
        _play_round(tournament_id, rng)
    assert detail["status"] == "finished"

    standings = detail["standings"]
    assert sorted(row["player"] for row in standings) == sorted(everyone), "every player has one place"
    pool = detail["pool"]
    fees = 8 * FEE  # six at the start, one late, one re-entry
    assert pool["entry_fees"] == fees and pool["rake"] == fees * 5 // 100
    assert pool["overlay"] == max(0, 500 - (fees - pool["rake"]))
    assert sum(row["prize"] for row in standings) == pool["total"]
    for player_id, client in everyone.items():
        row = next(r for r in standings if r["player"] == player_id)
        paid = 2 * FEE if player_id == out[0] else FEE
        assert _balance(client) == before[player_id] - paid + row["prize"], (player_id, row)
    assert ledger.balance(ledger.pool(ledger_tournament(tournament_id))) == 0
    assert ledger.balance(ledger.hold(ledger_tournament(tournament_id))) == 0
    assert ledger.total_sum() == 0 and not ledger.unbalanced_movements()


def ledger_tournament(tournament_id: int):  # type: ignore[no-untyped-def]
    from tournaments.models import Tournament

    return Tournament.objects.get(pk=tournament_id)


def test_reentry_needs_it_allowed_and_late_registration_needs_a_running_round() -> None:
    organiser = _funded(1)[0]
    for body, field in (({"format": "elimination", "reentry": True}, "reentry"),
                        ({"format": "swiss", "rounds": 3, "late_until_round": 2, "reentry": True}, "reentry"),
                        ({"format": "round_robin", "late_until_round": 2}, "late_until_round"),
                        ({"format": "elimination", "late_until_round": 1}, "late_until_round")):
        answer = organiser.post("/api/v1/tournaments/", {"name": "x", **body})
        assert answer.status_code == 400, answer.content
        assert answer.json()["error"]["field"] == field


def test_a_late_entry_fee_is_paid_with_welcome_coins_like_any_entry_fee() -> None:
    """Welcome coins pay entry fees (``coins.ledger.fee_pay``), a late entry's too: a
    newcomer holding only their welcome coins gets in while late registration is open."""
    organiser = _funded(1)[0]
    first = [Client.member() for _ in range(2)]
    newcomer = Client.member()
    for client in [*first, newcomer]:
        assert client.post("/api/v1/wallet/welcome/").status_code == 200
    created = organiser.post("/api/v1/tournaments/", {
        "name": "Поздно, но с приветственными", "format": "swiss", "rounds": 2, "rules": {"players": 2, "deck": 24},
        "entry_fee": FEE, "max_entrants": 8, "late_until_round": 2})
    assert created.status_code == 201, created.content
    tournament_id = created.json()["id"]
    for client in first:
        assert client.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    assert organiser.post(f"/api/v1/tournaments/{tournament_id}/start/").status_code == 200
    welcome = ledger.welcome_balance(newcomer.player.pk)
    assert ledger.wallet_balance(newcomer.player.pk) == welcome, "only welcome coins"
    answer = newcomer.post(f"/api/v1/tournaments/{tournament_id}/join/")
    assert answer.status_code == 200, answer.content
    assert ledger.welcome_balance(newcomer.player.pk) == welcome - FEE
    _play_round(tournament_id, random.Random(5))
    _play_round(tournament_id, random.Random(6))
    detail = _detail(organiser, tournament_id)
    assert detail["status"] == "finished"
    assert newcomer.player.pk in {row["player"] for row in detail["standings"]}
    assert detail["pool"]["total"] == 3 * FEE
    assert ledger.total_sum() == 0 and not ledger.unbalanced_movements()


@pytest.mark.parametrize("who", ["late entrant", "re-entrant"])
def test_one_disqualified_before_the_round_they_entered_for_does_not_freeze_it(who: str) -> None:
    """Found by the late-entry property test: a player who entered (or re-entered) for the
    next round and was disqualified before it opened sat in no table of it, yet the
    elimination's replay counted them in from that round, so the round after could not be
    seated ("is in but has no seat") and the tournament stayed running for ever."""
    clients = _funded(7)
    organiser, first, newcomer = clients[0], clients[1:5], clients[5]
    tournament_id = create(organiser, format="elimination", rules={"players": 2, "deck": 24}, entry_fee=FEE,
                           max_entrants=16, late_until_round=4, reentry=True, payouts=[70, 30])["id"]
    for client in first:
        assert client.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    assert organiser.post(f"/api/v1/tournaments/{tournament_id}/start/").status_code == 200
    rng = random.Random(7)
    # One who stays (a late entrant sitting from round 2) so the field is not a final at once.
    assert clients[6].post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    if who == "late entrant":  # enters for round 2 while round 1 plays
        gone = newcomer
    else:  # knocked out in round 1, enters again for round 3 while round 2 plays
        _play_round(tournament_id, rng)
        detail = _detail(organiser, tournament_id)
        gone = next(c for c in first if c.player.pk in
                    [e["player"] for e in detail["entrants"] if e["status"] == "eliminated"])
    assert gone.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    answer = organiser.post(f"/api/v1/tournaments/{tournament_id}/disqualify/", {"player": gone.player.pk})
    assert answer.status_code == 200, answer.content
    for _ in range(10):
        detail = _detail(organiser, tournament_id)
        if detail["status"] != "running":
            break
        _play_round(tournament_id, rng)
    assert detail["status"] == "finished", detail["rounds"]
    assert all(gone.player.pk not in t["players"] and gone.player.pk not in r["byes"]
               for r in detail["rounds"][1 if who == "late entrant" else 2:] for t in r["tables"])
    standings = detail["standings"]
    assert [row["place"] for row in standings].count(1) == 1, "one winner"
    assert next(row for row in standings if row["player"] == gone.player.pk)["prize"] == 0
    assert sum(row["prize"] for row in standings) == detail["pool"]["total"]
    assert ledger.total_sum() == 0 and not ledger.unbalanced_movements()
