"""Absent players, whole tournaments (the issue: "a player absent for a stated number of
tables in a row is withdrawn, and ranks by what they played"). One player plays their
first table in person and wins it, then stops coming: at their next tables nobody moves
for their seat, so its clock runs out at every turn, the computer stands in, and the seat
is forfeit once the reconnect window closes (``absence``: the real timer tasks on a moved
server clock). After ``ABSENT_TABLES`` forfeited tables in a row they are withdrawn: seated
no more, yet placed by the points they earned; the tournament still ends with one winner
and every coin accounted for. For a swiss and for an arena.

Some deals end while the reconnect window is still open: the stand-in finished the game,
its result stands and the seat was not forfeit (``games.timers.absence_expire``), so that
table breaks the run. The checks follow the recorded results, whatever the deal."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from django.utils import timezone

from games import clocks, places, selectors
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


def _forfeit_at(table: Table, player_id: int) -> bool:
    return player_id in places.forfeited(table.players, table.game.result or {})


def _check_absent_tables(tournament_id: int, player_id: int) -> list[Table]:
    """The player's tables: the first played in person, no move of their own at any later
    one, and no table after the first run of ``ABSENT_TABLES`` forfeits (the withdrawal);
    returns them in the order they were played."""
    tables = list(Table.objects.filter(tournament_id=tournament_id).select_related("game").order_by("id"))
    theirs = [t for t in tables if player_id in t.players]
    assert moved_in_person(theirs[0].game_id, player_id)
    assert not _forfeit_at(theirs[0], player_id)
    run = 0
    for number, table in enumerate(theirs[1:], 1):
        assert not moved_in_person(table.game_id, player_id)
        run = run + 1 if _forfeit_at(table, player_id) else 0
        if run == standings.ABSENT_TABLES:
            assert number == len(theirs) - 1, "seated again after being withdrawn"
    return theirs


def _withdrawn_with(theirs: list[Table], player_id: int) -> bool:
    """Whether the player's tables end in the run that withdraws them."""
    tail = theirs[-standings.ABSENT_TABLES:]
    return len(theirs) > standings.ABSENT_TABLES and all(_forfeit_at(t, player_id) for t in tail)


def _swiss_points(table: Table, player_id: int) -> Fraction:
    """The player's swiss points at a finished table of two (``tournaments.swiss``)."""
    if _forfeit_at(table, player_id):
        return Fraction(0)
    order = places.table_order(table.players, table.game.result or {})
    group = next(g for g in order if player_id in g)
    if len(group) > 1:
        return Fraction(1, 2)
    return Fraction(1) if group is order[0] else Fraction(0)


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
    run, withdrawn_in = 0, None
    for number in range(1, 6):
        tables = list(Table.objects.filter(tournament_id=t["id"], round=number))
        seated = {p for table in tables for p in table.players}
        if withdrawn_in is None:
            assert absent in seated
        else:  # withdrawn: neither seated nor given a bye
            assert absent not in seated | set(Round.objects.get(tournament_id=t["id"], number=number).byes)
        while step(t["id"], absent, rng, server_time) and Round.objects.filter(
                tournament_id=t["id"], number=number + 1).count() == 0:
            pass
        entry = Entry.objects.get(tournament_id=t["id"], player_id=absent)
        if withdrawn_in is not None:
            continue
        [played] = [Table.objects.select_related("game").get(pk=table.pk) for table in tables
                    if absent in table.players]
        run = run + 1 if _forfeit_at(played, absent) else 0
        if run < standings.ABSENT_TABLES:
            assert entry.status == Entry.Status.PLAYING
        else:
            assert (entry.status, entry.out_in_round) == (Entry.Status.ELIMINATED, number), "absent, not withdrawn"
            withdrawn_in = number
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert detail["status"] == "finished"
    theirs = _check_absent_tables(t["id"], absent)
    # A table of two won: a point, a draw half; a forfeited one: none. The first was won in person;
    # a table the stand-in finished inside the reconnect window keeps its result.
    points = sum((_swiss_points(table, absent) for table in theirs), Fraction(0))
    assert points >= 1
    if withdrawn_in is not None:
        _check_ranked_by_points(detail, absent, float(points))
    else:  # the deals ended two tables inside the window: never two forfeits in a row, not withdrawn
        assert not _withdrawn_with(theirs, absent)
        assert next(r for r in detail["standings"] if r["player"] == absent)["points"] == float(points)
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
    assert _withdrawn_with(_check_absent_tables(t["id"], absent), absent)
    # A table won (2 points), forfeited ones none (a table the stand-in finished inside the
    # reconnect window keeps its result): what they had when withdrawn, and no more after.
    recounted = _recount(Tournament.objects.get(pk=t["id"]))
    assert points_when_withdrawn == recounted[absent] >= 2
    _check_ranked_by_points(detail, absent, float(points_when_withdrawn))
    assert {r["player"]: r["points"] for r in detail["standings"]} == {p: float(v) for p, v in recounted.items()}
    assert len(Table.objects.filter(tournament_id=t["id"])) > 2 * (1 + standings.ABSENT_TABLES), \
        "the others played on after the withdrawal"
    ledger_balanced()
