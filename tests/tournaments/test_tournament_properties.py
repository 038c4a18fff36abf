"""Whole tournaments after any sequence (hypothesis draws it): entries and withdrawals,
a start or a cancel, then tables played out (draws included, forfeits too), a
disqualification by the organiser at any moment (a table ended or in play, a bye, one
already knocked out), a cancel by staff while tables play. Whatever happened:

- a finished tournament has exactly one player in first place, every entrant placed once,
  the disqualified last with no prize, every prize paid once and the pool paid exactly;
- a cancelled one gave every coin back;
- the ledger sums to zero, every transfer too;
- no hand is derivable before the end: the tournament's seed is shown only when it is over
  and none of its tables is still in play.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coins import ledger
from coins.models import Movement, Posting
from core.errors import ApplicationError
from tests.harness.clients import Client
from tournaments import selectors, services
from tournaments.models import Entry, Tournament

from .playing import open_tables, own_coins, table_play_out

pytestmark = pytest.mark.django_db(transaction=True)

FORMATS = st.sampled_from([
    {"format": "elimination", "rules": {"players": 2, "deck": 24}},
    {"format": "elimination", "rules": {"players": 3, "deck": 24}, "leaves": "half"},
    {"format": "swiss", "rules": {"players": 2, "deck": 24}, "rounds": 2},
    {"format": "round_robin", "rules": {"players": 3, "deck": 24}},
])
# Fixed prizes (prize_amounts) paid before the percentages, covered by the organiser's guarantee.
FIXED = st.sampled_from([{}, {"prize_amounts": [60, 40, 20], "guarantee": 150}])
before = st.lists(st.tuples(st.sampled_from(["join", "join", "join", "withdraw"]), st.integers(0, 5)), max_size=12)
# While it runs: play one open table out (with a seed), disqualify someone, or staff cancel.
during = st.lists(st.one_of(
    st.tuples(st.just("play"), st.integers(0, 10**6)),
    st.tuples(st.just("play"), st.integers(0, 10**6)),
    st.tuples(st.just("play"), st.integers(0, 10**6)),
    st.tuples(st.just("disqualify"), st.integers(0, 5)),
    st.tuples(st.just("staff_cancel"), st.just(0)),
), max_size=20)


def _seed_hidden_while_anything_plays(tournament_id: int) -> None:
    tournament = Tournament.objects.get(pk=tournament_id)
    seed = selectors.fairness_of(tournament)["seed"]
    if open_tables(tournament_id) or tournament.status in (Tournament.Status.REGISTRATION,
                                                          Tournament.Status.RUNNING):
        assert seed is None, "the seed shown while a hand could still be rebuilt"


def _check_finished(tournament: Tournament) -> None:
    rows = tournament.standings or []
    entrants = set(tournament.entries.exclude(status=Entry.Status.WITHDRAWN).values_list("player_id", flat=True))
    out = set(tournament.entries.filter(status=Entry.Status.DISQUALIFIED).values_list("player_id", flat=True))
    assert sorted(r["player"] for r in rows) == sorted(entrants), "every entrant placed exactly once"
    assert [r["place"] for r in rows].count(1) == 1, "exactly one winner"
    if out == entrants:  # nobody left to win: every coin went back
        assert all(r["prize"] == 0 for r in rows) and ledger.paid_in(tournament) == {}
        assert ledger.balance(ledger.pool(tournament)) == 0
        return
    assert rows[0]["player"] not in out
    assert all(r["prize"] == 0 for r in rows if r["player"] in out), "a disqualified player wins nothing"
    assert [r["player"] for r in rows[len(rows) - len(out):]] == [r["player"] for r in rows if r["player"] in out]
    pool = selectors.pool_of(tournament)
    assert sum(r["prize"] for r in rows) == pool.total
    # A prize is one movement, or two when part of it goes back as welcome coins (its
    # key then ends ":welcome"): once per winner either way, and it adds up to the prize.
    keys = Movement.objects.filter(tournament=tournament, kind=Movement.Kind.PRIZE).values_list("key", flat=True)
    assert sorted({key.removesuffix(":welcome") for key in keys}) == sorted(
        f"prize:{tournament.pk}:{r['player']}" for r in rows if r["prize"]), "every prize paid once"
    for row in rows:
        paid = Posting.objects.filter(movement__tournament=tournament, movement__kind=Movement.Kind.PRIZE,
                                      account__player_id=row["player"]).aggregate(total=Sum("amount"))["total"]
        assert (paid or 0) == row["prize"], "each prize paid in full, once"
    assert ledger.balance(ledger.pool(tournament)) == 0 and ledger.balance(ledger.hold(tournament)) == 0
    assert not open_tables(tournament.pk)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(shape=FORMATS, fee=st.sampled_from([0, 10, 25]), payouts=st.sampled_from([None, [70, 30], [50, 30, 20]]),
       fixed=FIXED, joins=before, start=st.booleans(), steps=during)
def test_any_sequence_ends_with_one_winner_and_every_coin_accounted_for(
        shape: dict[str, Any], fee: int, payouts: list[int] | None, fixed: dict[str, Any],
        joins: list[tuple[str, int]], start: bool, steps: list[tuple[str, int]]) -> None:
    people = [Client.member() for _ in range(6)]
    for client in people:
        client.post("/api/v1/wallet/welcome/")
    organiser = own_coins(people[0])  # welcome coins fund no guarantee
    staff = User.objects.create_user(f"staff-{people[0].player.pk}", is_staff=True)
    made = organiser.post("/api/v1/tournaments/", {"name": "Свойства", "entry_fee": fee, "payouts": payouts,
                                                   "max_entrants": 6, **shape, **fixed})
    assert made.status_code == 201, made.content
    tid = made.json()["id"]
    for kind, who in [("join", 1), ("join", 2), *joins]:
        people[who].post(f"/api/v1/tournaments/{tid}/{kind}/")
        _seed_hidden_while_anything_plays(tid)
    if start:
        organiser.post(f"/api/v1/tournaments/{tid}/start/")
    else:
        organiser.post(f"/api/v1/tournaments/{tid}/cancel/")
    for kind, arg in [*steps, *[("play", n) for n in range(60)]]:
        if Tournament.objects.get(pk=tid).status != Tournament.Status.RUNNING:
            break
        if kind == "play":
            games = open_tables(tid)
            if games:
                table_play_out(games[arg % len(games)], random.Random(arg))
        elif kind == "disqualify":
            organiser.post(f"/api/v1/tournaments/{tid}/disqualify/", {"player": people[arg].player.pk})
        else:
            with contextlib.suppress(ApplicationError):  # over already: nothing to cancel
                services.tournament_cancel_by_staff(tournament_id=tid, by=staff)
        _seed_hidden_while_anything_plays(tid)
    tournament = Tournament.objects.get(pk=tid)
    if tournament.status == Tournament.Status.RUNNING:  # a staff cancel left its tables to finish
        raise AssertionError("the tournament neither finished nor was cancelled")
    if tournament.status == Tournament.Status.FINISHED:
        _check_finished(tournament)
    else:
        assert tournament.status in (Tournament.Status.CANCELLED, Tournament.Status.REGISTRATION)
        if tournament.status == Tournament.Status.CANCELLED:
            assert ledger.balance(ledger.pool(tournament)) == 0 and ledger.balance(ledger.hold(tournament)) == 0
            assert ledger.paid_in(tournament) == {}, "every coin back"
        for game_id in open_tables(tid):
            table_play_out(game_id, random.Random(game_id))
        _seed_hidden_while_anything_plays(tid)
    assert ledger.total_sum() == 0 and ledger.unbalanced_movements() == []
