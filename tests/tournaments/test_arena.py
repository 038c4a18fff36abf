"""A whole arena through the API: 8 scripted people at tables of two for a few minutes of
the arena's clock. Tables are played move by move through the API; each table's end seats
its players again through the real path (the game-finished signal, the count, the seating
after commit). The clock (``arena_play.now``) is moved on instead of waited for, so the
test takes seconds: once the time is up, nobody is seated again, the tables in play finish
and count, and the arena ends with exactly one winner and the ledger exact."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from coins import ledger
from tests.harness.clients import Client
from tests.tournaments.playing import table_play_out
from tournaments import arena, arena_play, places
from tournaments.models import Entry, Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # seating happens in on-commit hooks


class Clock:
    def __init__(self) -> None:
        self.at = timezone.now()

    def __call__(self) -> datetime:
        return self.at

    def move(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(arena_play, "now", moved)
    return moved


def _funded(n: int) -> list[Client]:
    clients = [Client.member() for _ in range(n)]
    for client in clients:
        assert client.post("/api/v1/wallet/welcome/").status_code == 200
    return clients


def _active_tables(detail: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for r in detail["rounds"] for t in r["tables"] if t["status"] != "finished"]


def _play(table: dict[str, Any], rng: random.Random) -> None:
    table_play_out(table["game"], rng)


def _recount(tournament: Tournament) -> dict[int, int]:
    """Everyone's points derived again from the tables' results, in the order they ended."""
    score: dict[int, arena.Score] = {}
    for table in Table.objects.filter(tournament=tournament, counted_at__isnull=False).select_related("game") \
            .order_by("counted_at", "id"):
        result = table.game.result or {}
        base = arena.table_base(places.table_order(table.players, result), places.forfeited(table.players, result))
        for player, points in base.items():
            score[player] = arena.scored(score.get(player, arena.Score()), points)
    return {p: s.points for p, s in score.items()}


def test_an_arena_reseats_players_as_tables_end_and_crowns_one_winner(clock: Clock) -> None:
    clients = _funded(9)
    organiser, players = clients[0], clients[1:]
    by_id = {c.player.pk: c for c in players}
    before = {pk: int(c.get("/api/v1/wallet/").json()["balance"]) for pk, c in by_id.items()}
    created = organiser.post("/api/v1/tournaments/", {
        "name": "Арена", "format": "arena", "duration": 3, "rules": {"players": 2, "deck": 24},
        "entry_fee": 30, "rake_percent": 10, "payouts": [70, 30], "max_entrants": 16})
    assert created.status_code == 201, created.content
    tournament_id = created.json()["id"]
    for client in players:
        assert client.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    assert organiser.post(f"/api/v1/tournaments/{tournament_id}/start/").status_code == 200
    rng = random.Random(3)
    url = f"/api/v1/tournaments/{tournament_id}/"

    detail = organiser.get(url).json()
    assert detail["format"] == "arena" and detail["arena"]["duration"] == 3
    assert len(_active_tables(detail)) == 4  # everyone seated at the start
    last_table: dict[int, set[int]] = {}
    seatings = 0
    tables_at_end: int | None = None
    while True:
        detail = organiser.get(url).json()
        tables = _active_tables(detail)
        seated = [p for t in tables for p in t["players"]]
        assert len(seated) == len(set(seated)), "a player sits at two tables at once"
        if seatings >= 6 and tables_at_end is None:
            clock.move(200)  # the time is up with tables still in play: they finish and count
            assert tables, "tables were in play when the time ran out"
            tables_at_end = Table.objects.filter(tournament_id=tournament_id).count()
        if not tables:
            break
        table = tables[0]
        for player in table["players"]:
            if player in last_table:
                # Four players waited together: nobody meets their last opponent again.
                assert not set(table["players"]) & last_table[player] - {player} or len(by_id) < 4
        _play(table, rng)
        for player in table["players"]:
            last_table[player] = set(table["players"])
        seatings = len(detail["rounds"])
        clock.move(1)
    detail = organiser.get(url).json()
    assert detail["status"] == "finished", detail["status"]
    tournament = Tournament.objects.get(pk=tournament_id)
    assert Table.objects.filter(tournament=tournament, counted_at__isnull=True).count() == 0
    # No table opened once the time was up; those in play then all counted.
    assert Table.objects.filter(tournament=tournament).count() == tables_at_end
    assert len(detail["rounds"]) >= 6
    assert not Entry.objects.filter(tournament=tournament, waiting_since__isnull=False).exists()

    standings = detail["standings"]
    assert [row["place"] for row in standings] == list(range(1, 9)), "exactly one player per place"
    points = _recount(tournament)
    assert {row["player"]: row["points"] for row in standings} == {p: float(points.get(p, 0)) for p in by_id}
    ordered = [row["points"] for row in standings]
    assert ordered == sorted(ordered, reverse=True)
    board = detail["arena"]["leaderboard"]
    assert [row["player"] for row in board] == [row["player"] for row in standings]

    pool = detail["pool"]
    assert sum(row["prize"] for row in standings) == pool["total"] == 8 * 30 - 24
    for player_id, client in by_id.items():
        row = next(r for r in standings if r["player"] == player_id)
        assert int(client.get("/api/v1/wallet/").json()["balance"]) == before[player_id] - 30 + row["prize"]
    assert ledger.total_sum() == 0 and not ledger.unbalanced_movements()


def test_arena_settings_are_checked(clock: Clock) -> None:
    organiser = _funded(1)[0]
    for body, field in (({"format": "arena"}, "duration"), ({"format": "arena", "duration": 0}, "duration"),
                        ({"format": "arena", "duration": 1441}, "duration"),
                        ({"format": "swiss", "rounds": 3, "duration": 5}, "duration")):
        answer = organiser.post("/api/v1/tournaments/", {"name": "x", **body})
        assert answer.status_code == 400, answer.content
        assert answer.json()["error"]["field"] == field
