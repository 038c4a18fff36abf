"""Whole tournaments played through the API by scripted people, to the end: an
elimination of 27 players at tables of 3 and a swiss of 8 players at tables of 2. Every
round's tables are played at once (move by move, table by table), and at the end the
contract's promises are checked: one winner, every entrant placed, prizes summing to the
pool, every wallet changed by its prize minus its fee, the ledger summing to zero."""

from __future__ import annotations

import random
from typing import Any

import pytest

from coins import ledger
from tests.harness.clients import Client
from tests.harness.moves import turn_over_rest
from tournaments import rounds
from tournaments.models import Table, Tournament

# Rounds move on in on-commit hooks; "long": make test starts this file first (tests/conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.long]


def _funded(n: int) -> list[Client]:
    clients = [Client.member() for _ in range(n)]
    for client in clients:  # coins of their own: welcome coins fund no added prize or guarantee
        ledger.move(f"test-funds:{client.player.pk}", "grant", ledger.issuer(), ledger.wallet(client.player), 1000)
    return clients


def _balance(client: Client) -> int:
    return int(client.get("/api/v1/wallet/").json()["balance"])


def _play_round(detail: dict[str, Any], by_id: dict[int, Client], rng: random.Random) -> None:
    """Every table of the latest round, a move at a time at each table in turn, to its end."""
    tables = detail["rounds"][-1]["tables"]
    seats = {t["game"]: {n: by_id[p] for n, p in enumerate(t["players"])} for t in tables}
    live = set(seats)
    for _ in range(20_000):
        if not live:
            return
        for game_id in sorted(live):
            players = seats[game_id]
            if players[0].view(game_id)["status"] == "finished":
                live.discard(game_id)
                continue
            turn = turn_over_rest(players, game_id, choose=rng.choice)
            if turn is not None:
                assert turn.answer.status_code == 200, turn.answer.content
    raise AssertionError(f"tables {sorted(live)} did not finish")


def _play_to_the_end(organiser: Client, tournament_id: int, by_id: dict[int, Client], seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    for _ in range(60):
        detail = organiser.get(f"/api/v1/tournaments/{tournament_id}/").json()
        if detail["status"] == "finished":
            return detail  # type: ignore[no-any-return]
        assert detail["status"] == "running", detail["status"]
        _play_round(detail, by_id, rng)
    raise AssertionError("the tournament did not finish")


def _check_rounds(detail: dict[str, Any], seats: int) -> None:
    """No one at two tables in a round; every table's size within one of the others; an
    eliminated player never sits again."""
    out: set[int] = set()
    for round_ in detail["rounds"]:
        seated = [p for t in round_["tables"] for p in t["players"]]
        assert len(seated) == len(set(seated)), f"round {round_['number']} seats someone twice"
        assert not set(seated) & set(round_["byes"])
        assert not (set(seated) | set(round_["byes"])) & out, "an eliminated player sat again"
        sizes = [len(t["players"]) for t in round_["tables"]]
        assert max(sizes) <= seats and max(sizes) - min(sizes) <= 1 and min(sizes) >= 2
        if detail["format"] == "elimination":
            for table in round_["tables"]:
                result = table["result"]
                assert result is not None
                if len(round_["tables"]) > 1 and result["durak"] is not None:
                    out.add(table["players"][result["durak"]])


def _check_audit(tournament_id: int) -> None:
    """Every round, seated again from its recorded seed and history, is the round played."""
    tournament = Tournament.objects.get(pk=tournament_id)
    for number in sorted(set(Table.objects.filter(tournament=tournament).values_list("round", flat=True))):
        again = rounds.round_rederive(tournament, number)
        assert again is not None
        played = [tuple(t.players) for t in Table.objects.filter(tournament=tournament, round=number).order_by("id")]
        assert list(again.tables) == played, f"round {number} does not derive again"


def _check_money(detail: dict[str, Any], before: dict[int, int], clients: dict[int, Client],
                 organiser: Client) -> None:
    standings = detail["standings"]
    pool = detail["pool"]
    assert pool["total"] == pool["entry_fees"] - pool["rake"] + pool["added_prize"] + pool["overlay"]
    assert sum(row["prize"] for row in standings) == pool["total"]
    assert sorted(row["player"] for row in standings) == sorted(clients)
    prizes_by_place = [row["prize"] for row in sorted(standings, key=lambda r: r["place"])]
    assert prizes_by_place == sorted(prizes_by_place, reverse=True)
    for player_id, client in clients.items():
        row = next(r for r in standings if r["player"] == player_id)
        expected = before[player_id] + row["prize"] - detail["entry_fee"]
        if client is organiser:
            expected -= pool["added_prize"] + pool["overlay"]
        assert _balance(client) == expected, (player_id, row)
    assert ledger.total_sum() == 0 and not ledger.unbalanced_movements()


# Nine rounds of people's tables played move by move through the services, the tiebreaks
# included: longer than the suite's default limit on a 2-core machine.
@pytest.mark.timeout(900)
def test_an_elimination_of_27_players_at_tables_of_3_ends_with_one_winner() -> None:
    clients = _funded(27)
    organiser = clients[0]
    by_id = {c.player.pk: c for c in clients}
    before = {pk: _balance(c) for pk, c in by_id.items()}
    created = organiser.post("/api/v1/tournaments/", {
        "name": "Кубок клуба", "format": "elimination", "rules": {"players": 3, "deck": 36},
        "entry_fee": 50, "rake_percent": 10, "added_prize": 100, "guarantee": 800,
        "min_entrants": 9, "max_entrants": 27, "timer": 60})
    assert created.status_code == 201, created.content
    tournament_id = created.json()["id"]
    for client in clients:
        answer = client.post(f"/api/v1/tournaments/{tournament_id}/join/")
        assert answer.status_code == 200, answer.content
    # The 27th entry filled the field: it started by itself.
    detail = _play_to_the_end(organiser, tournament_id, by_id, seed=27)
    _check_rounds(detail, seats=3)
    _check_audit(tournament_id)
    standings = detail["standings"]
    winners = [row for row in standings if row["place"] == 1]
    assert len(winners) >= 1 and detail["rounds"][-1]["tables"][0]["players"]
    assert len(detail["rounds"][-1]["tables"]) == 1, "the last round is one final table"
    assert all(e["status"] in ("eliminated", "finished") for e in detail["entrants"])
    _check_money(detail, before, by_id, organiser)


def test_a_swiss_of_8_players_at_tables_of_2_plays_its_rounds() -> None:
    clients = _funded(9)
    organiser, players = clients[0], clients[1:]
    by_id = {c.player.pk: c for c in players}
    before = {pk: _balance(c) for pk, c in by_id.items()}
    created = organiser.post("/api/v1/tournaments/", {
        "name": "Швейцарка", "format": "swiss", "rounds": 3, "rules": {"players": 2, "deck": 24},
        "entry_fee": 20, "payouts": [60, 40], "max_entrants": 8})
    assert created.status_code == 201, created.content
    tournament_id = created.json()["id"]
    for client in players:
        assert client.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    detail = _play_to_the_end(organiser, tournament_id, by_id, seed=8)
    assert len(detail["rounds"]) == 3
    _check_rounds(detail, seats=2)
    _check_audit(tournament_id)
    points = [row["points"] for row in sorted(detail["standings"], key=lambda r: r["place"])]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 3 * 4  # four tables a round, one point each
    _check_money(detail, before, by_id, organiser)
