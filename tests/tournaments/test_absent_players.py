"""Absent players, whole tournaments (the issue: "a player absent for a stated number of
tables in a row is withdrawn, and ranks by what they played"). One player plays their
first table in person and wins it, then stops coming: at their next tables nobody moves
for their seat, so its clock runs out at every turn, the computer stands in, and the seat
is forfeit once the reconnect window closes (``absence``: the real timer tasks on a moved
server clock). After ``ABSENT_TABLES`` such tables in a row they are withdrawn: seated no
more, yet placed by the points they earned; the tournament still ends with one winner and
every coin accounted for. For a swiss and for an arena."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import timezone

from games import clocks, selectors
from games.models import Game
from tests.harness.clients import Client
from tournaments import arena_play, standings
from tournaments.models import Entry, Round, Table, Tournament

from .absence import ServerTime, moved_in_person, step
from .playing import create, funded, ledger_balanced, line_play, line_to, won_by
from .test_arena import _recount
from .test_play_through import _check_audit

pytestmark = pytest.mark.django_db(transaction=True)  # rounds and seatings move on in on-commit hooks


@pytest.fixture
def server_time(monkeypatch: pytest.MonkeyPatch) -> ServerTime:
    """The server's clock, moved on by the test; the timer tasks run as they fall due."""
    time = ServerTime()
    monkeypatch.setattr(timezone, "now", time.now)
    monkeypatch.setattr(clocks, "later", time.later)
    return time


def _won_in_person(game_id: int, player_id: int) -> None:
    """``player_id`` wins the table (of two) in person: a winning line found from its deal."""
    game = Game.objects.get(pk=game_id)
    seat = next(s.number for s in selectors.seats_of(game) if s.player_id == player_id)
    line = line_to(selectors.game_state(game), won_by(seat))
    assert line is not None, "no line of this deal wins for the seat"
    line_play(game_id, line)


def _seat_of(table: Table, player_id: int) -> int:
    return table.players.index(player_id)


def _check_absent_tables(tournament_id: int, player_id: int) -> list[Table]:
    """The player's tables: the first played in person, each later one forfeited with no move of
    their own; returns them in the order they were played."""
    tables = list(Table.objects.filter(tournament_id=tournament_id).select_related("game").order_by("id"))
    theirs = [t for t in tables if player_id in t.players]
    assert len(theirs) == 1 + standings.ABSENT_TABLES, "seated again after being withdrawn"
    assert moved_in_person(theirs[0].game_id, player_id)
    assert _seat_of(theirs[0], player_id) not in (theirs[0].game.result or {}).get("forfeits", [])
    for table in theirs[1:]:
        assert not moved_in_person(table.game_id, player_id)
        assert _seat_of(table, player_id) in (table.game.result or {}).get("forfeits", []), \
            "an absent seat was not forfeit"
    return theirs


def _check_ranked_by_points(detail: dict[str, Any], player_id: int, points: float) -> None:
    """One player per place, the places by points, and the absent player among them by
    the points they earned (not last by decree, no disqualification)."""
    rows = detail["standings"]
    assert [r["place"] for r in rows] == list(range(1, len(rows) + 1)), "one player per place"
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
    row = next(r for r in rows if r["player"] == player_id)
    assert row["points"] == points
    assert row["place"] <= 1 + sum(1 for r in rows if r["points"] > points) + sum(
        1 for r in rows if r["points"] == points and r["player"] != player_id)
    assert player_id not in detail["disqualified"]
    assert {e["player"]: e["status"] for e in detail["entrants"]}[player_id] == "eliminated"
    assert sum(r["prize"] for r in rows) == detail["pool"]["total"]


def _first_table_won_in_person(tournament_id: int, player_id: int) -> None:
    [table] = [t for t in Table.objects.filter(tournament_id=tournament_id, game__status=Game.Status.ACTIVE)
               if player_id in t.players]
    _won_in_person(table.game_id, player_id)


def _entered(**terms: Any) -> tuple[Client, int, dict[str, Any]]:
    """A tournament of ``terms`` at tables of two (fee 10, prizes 60/40) that four funded
    people enter: the organiser, the first entrant's id (the one to be absent), and the
    create answer."""
    organiser, *people = funded(5)
    absent = people[0].player.pk
    t = create(organiser, rules={"players": 2, "deck": 24}, entry_fee=10, payouts=[60, 40], **terms)
    for client in people:
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    return organiser, absent, t


def test_a_swiss_player_absent_at_two_tables_in_a_row_is_withdrawn_and_ranks_by_points(
        server_time: ServerTime) -> None:
    organiser, absent, t = _entered(format="swiss", rounds=5, max_entrants=4)  # the fourth entry starts it
    _first_table_won_in_person(t["id"], absent)
    rng = random.Random(31)
    withdrawn_after = 1 + standings.ABSENT_TABLES
    for number in range(1, 6):
        seated = {p for table in Table.objects.filter(tournament_id=t["id"], round=number) for p in table.players}
        if number <= withdrawn_after:
            assert absent in seated
        else:  # withdrawn: neither seated nor given a bye
            assert absent not in seated | set(Round.objects.get(tournament_id=t["id"], number=number).byes)
        while step(t["id"], absent, rng, server_time) and Round.objects.filter(
                tournament_id=t["id"], number=number + 1).count() == 0:
            pass
        entry = Entry.objects.get(tournament_id=t["id"], player_id=absent)
        if number < withdrawn_after:
            assert entry.status == Entry.Status.PLAYING
        elif number == withdrawn_after:
            assert (entry.status, entry.out_in_round) == (Entry.Status.ELIMINATED, number), "absent, not withdrawn"
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert detail["status"] == "finished"
    _check_absent_tables(t["id"], absent)
    # A table of two won: a point; the forfeited ones: none.
    _check_ranked_by_points(detail, absent, 1.0)
    _check_audit(t["id"])  # every round seated as its recorded results say
    ledger_balanced()


def test_an_arena_player_absent_at_two_tables_in_a_row_is_withdrawn_and_ranks_by_points(
        server_time: ServerTime) -> None:
    organiser, absent, t = _entered(format="arena", duration=60, max_entrants=8)
    assert organiser.post(f"/api/v1/tournaments/{t['id']}/start/").status_code == 200
    _first_table_won_in_person(t["id"], absent)
    rng = random.Random(32)
    points_when_withdrawn: int | None = None
    swept = server_time.now()
    for _ in range(20_000):
        tournament = Tournament.objects.get(pk=t["id"])
        if tournament.status == Tournament.Status.FINISHED:
            break
        entry = Entry.objects.get(tournament_id=t["id"], player_id=absent)
        if entry.status == Entry.Status.ELIMINATED and points_when_withdrawn is None:
            points_when_withdrawn = entry.arena_points
            assert entry.arena_absent == standings.ABSENT_TABLES and entry.waiting_since is None
        if not step(t["id"], absent, rng, server_time):  # everyone waits for a table
            server_time.move(arena_play.GRACE)
        if (server_time.now() - swept).total_seconds() >= 60:  # the periodic sweep, every minute
            arena_play.sweep(tournament_id=t["id"])
            swept = server_time.now()
    else:
        raise AssertionError("the arena never ended")
    assert points_when_withdrawn is not None, "the absent player was never withdrawn"
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    _check_absent_tables(t["id"], absent)
    # A table won (2 points), then forfeited ones (none): what they had when withdrawn.
    assert points_when_withdrawn == 2
    _check_ranked_by_points(detail, absent, float(points_when_withdrawn))
    assert {r["player"]: r["points"] for r in detail["standings"]} == {
        p: float(v) for p, v in _recount(Tournament.objects.get(pk=t["id"])).items()}
    assert len(Table.objects.filter(tournament_id=t["id"])) > 2 * (1 + standings.ABSENT_TABLES), \
        "the others played on after the withdrawal"
    ledger_balanced()
