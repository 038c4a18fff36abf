"""The whole-tournament property test (``test_tournament_properties``) with late entries
and re-entries among its moves: tournaments that take entries until round 2 or 3 (an
elimination also re-entries; an arena until its third seating, with its clock moved on and
its time up at the end), any sequence of entries, withdrawals, a start or a cancel,
then tables played out, late entries and re-entries, disqualifications and a staff cancel
at any moment. Whatever happened: exactly one winner, every entrant placed once, every
prize paid once out of a pool of every fee paid, a cancel gives every coin back (the
second fee of a re-entry too), the held guarantee is settled, the ledger sums to zero,
and the seed stays hidden while anything plays."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from coins import ledger
from core.errors import ApplicationError
from tests.harness.clients import Client
from tournaments import arena_play, services
from tournaments import entry as late
from tournaments.models import Tournament

from .playing import open_tables, own_coins, table_play_out
from .test_arena import Clock
from .test_tournament_properties import (
    _check_finished,
    _nobody_at_two_tables,
    _seed_hidden_while_anything_plays,
    table_to_a_draw,
    time_passes,
    time_up,
)

pytestmark = pytest.mark.django_db(transaction=True)

FORMATS = st.sampled_from([
    {"format": "elimination", "rules": {"players": 2, "deck": 24}, "late_until_round": 3, "reentry": True},
    {"format": "elimination", "rules": {"players": 3, "deck": 24}, "late_until_round": 2, "reentry": True},
    {"format": "swiss", "rules": {"players": 2, "deck": 24}, "rounds": 3, "late_until_round": 3},
    {"format": "arena", "rules": {"players": 2, "deck": 24}, "duration": 3, "late_until_round": 3},
])
before = st.lists(st.tuples(st.sampled_from(["join", "join", "withdraw"]), st.integers(0, 6)), max_size=8)
during = st.lists(st.one_of(
    st.tuples(st.just("play"), st.integers(0, 10**6)),
    st.tuples(st.just("draw"), st.integers(0, 10**6)),
    st.tuples(st.just("tick"), st.integers(1, 60)),  # an arena's clock moves on (else nothing)
    st.tuples(st.just("join"), st.integers(1, 6)),  # a late entry, or a re-entry of one knocked out
    st.tuples(st.just("join"), st.integers(1, 6)),
    st.tuples(st.just("disqualify"), st.integers(1, 6)),
    st.tuples(st.just("staff_cancel"), st.just(0)),
), max_size=20)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
# Always at least this: an arena that takes late entries between its seatings, reseats,
# draws, loses a player to the organiser and runs out of time with tables in play.
@example(shape={"format": "arena", "rules": {"players": 2, "deck": 24}, "duration": 3, "late_until_round": 3},
         fee=10, guarantee=200, rake=7, joins=[("join", 3)], start=True,
         steps=[("play", 1), ("join", 4), ("play", 2), ("join", 5), ("tick", 10), ("draw", 3), ("disqualify", 1),
                ("play", 4), ("join", 6), ("play", 5), ("draw", 6)]).via("an arena with late entries")
@given(shape=FORMATS, fee=st.sampled_from([10, 25]), guarantee=st.sampled_from([0, 200]),
       rake=st.sampled_from([0, 7]), joins=before, start=st.booleans(), steps=during)
def test_late_entries_and_reentries_keep_one_winner_and_every_coin(
        monkeypatch: pytest.MonkeyPatch, shape: dict[str, Any], fee: int, guarantee: int, rake: int, joins: list[tuple[str, int]], start: bool,
        steps: list[tuple[str, int]]) -> None:
    clock = Clock()  # the arena's clock (``arena_play.now``), moved on by the sequence
    monkeypatch.setattr(arena_play, "now", clock)
    people = [Client.member() for _ in range(7)]
    for client in people:
        client.post("/api/v1/wallet/welcome/")
    organiser = own_coins(people[0])  # a guarantee is held from its own coins, never welcome coins
    staff = User.objects.create_user(f"staff-{people[0].player.pk}", is_staff=True)
    made = organiser.post("/api/v1/tournaments/", {"name": "Поздние", "entry_fee": fee, "guarantee": guarantee,
                                                   "rake_percent": rake, "max_entrants": 7, **shape})
    assert made.status_code == 201, made.content
    tid = made.json()["id"]
    for kind, who in [("join", 1), ("join", 2), *joins]:
        people[who].post(f"/api/v1/tournaments/{tid}/{kind}/")
    if start:
        organiser.post(f"/api/v1/tournaments/{tid}/start/")
    else:
        organiser.post(f"/api/v1/tournaments/{tid}/cancel/")
    # After the drawn steps: an arena's time runs out, then every table is played out.
    for kind, arg in [*steps, ("time_up", 0), *[("play", n) for n in range(80)]]:
        tournament = Tournament.objects.get(pk=tid)
        if tournament.status != Tournament.Status.RUNNING:
            break
        games = open_tables(tid)
        if kind == "play" and games:
            table_play_out(games[arg % len(games)], random.Random(arg))
        elif kind == "play":  # an arena where everyone waits: its sweep seats them, or ends it
            time_passes(tid, clock, arena_play.GRACE)
        elif kind == "draw" and games:
            table_to_a_draw(games[arg % len(games)], arg)
        elif kind == "tick":
            time_passes(tid, clock, arg)
        elif kind == "time_up":
            time_up(tid, clock)
        elif kind == "join":
            answer = people[arg].post(f"/api/v1/tournaments/{tid}/join/")
            if answer.status_code == 200:
                assert late.late_open(tournament), "an entry taken after late registration closed"
            else:
                assert answer.status_code in (403, 409), answer.content
        elif kind == "disqualify":
            organiser.post(f"/api/v1/tournaments/{tid}/disqualify/", {"player": people[arg].player.pk})
        elif kind == "staff_cancel":
            with contextlib.suppress(ApplicationError):
                services.tournament_cancel_by_staff(tournament_id=tid, by=staff)
        _seed_hidden_while_anything_plays(tid)
        _nobody_at_two_tables(tid)
    tournament = Tournament.objects.get(pk=tid)
    assert tournament.status != Tournament.Status.RUNNING, "the tournament neither finished nor was cancelled"
    if tournament.status == Tournament.Status.FINISHED:
        _check_finished(tournament)
        assert ledger.balance(ledger.hold(tournament)) == 0, "the guarantee settled"
        money = late.money(tournament)
        assert money.entry_fees == fee * late.fees_paid(tournament)
    elif tournament.status == Tournament.Status.CANCELLED:
        assert ledger.balance(ledger.pool(tournament)) == 0 and ledger.balance(ledger.hold(tournament)) == 0
        assert ledger.paid_in(tournament) == {}, "every coin back, re-entry fees too"
        for game_id in open_tables(tid):
            table_play_out(game_id, random.Random(game_id))
    assert ledger.total_sum() == 0 and ledger.unbalanced_movements() == []
