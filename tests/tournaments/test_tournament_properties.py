"""Whole tournaments after any sequence (hypothesis draws it): entries and withdrawals,
a start or a cancel, then tables played out (draws included, forfeits too), a
disqualification by the organiser at any moment (a table ended or in play, a bye, one
already knocked out), a cancel by staff while tables play. Every format: elimination,
swiss, round robin, the arena (its clock moved on by the sequence, the periodic sweep run,
then its time up with tables in play) and stages (a swiss qualifying, then an elimination
final). Some tables are played to a draw on purpose (a drawn line found by the engine from
the table's real deal), so drawn finals and drawn arena tables are not left to chance.
Whatever happened:

- a finished tournament has exactly one player in first place, every entrant placed once,
  the disqualified last with no prize, every prize paid once and the pool paid exactly
  (an arena: every table counted, none opened after its time was up);
- nobody sits at two tables in play at once;
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
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from coins import ledger
from coins.models import Movement, Posting
from core.errors import ApplicationError
from games import selectors as game_selectors
from games.models import Game
from tests.harness.clients import Client
from tournaments import arena_play, selectors, services
from tournaments.models import Entry, Table, Tournament

from .playing import drawn, line_play, line_to, open_tables, own_coins, table_play_out
from .test_arena import Clock

pytestmark = pytest.mark.django_db(transaction=True)

FORMATS = st.sampled_from([
    {"format": "elimination", "rules": {"players": 2, "deck": 24}},
    {"format": "elimination", "rules": {"players": 3, "deck": 24}, "leaves": "half"},
    {"format": "swiss", "rules": {"players": 2, "deck": 24}, "rounds": 2},
    {"format": "round_robin", "rules": {"players": 3, "deck": 24}},
])
# The arena (minutes of its clock, most of them left when the sequence ends) and stages: the swiss qualifying's best into an
# elimination final, at tables of two and of three.
ARENA_AND_STAGES = st.sampled_from([
    {"format": "arena", "duration": 10, "rules": {"players": 2, "deck": 24}},
    {"format": "arena", "duration": 10, "rules": {"players": 3, "deck": 24}},
    {"format": "swiss", "rounds": 2, "rules": {"players": 2, "deck": 24},
     "stages": [{"format": "swiss", "rounds": 2}, {"format": "elimination", "advance": 4}]},
    {"format": "swiss", "rounds": 2, "rules": {"players": 3, "deck": 24},
     "stages": [{"format": "swiss", "rounds": 2}, {"format": "elimination", "advance": 3}]},
])
# Fixed prizes (prize_amounts) paid before the percentages, covered by the organiser's guarantee.
FIXED = st.sampled_from([{}, {"prize_amounts": [60, 40, 20], "guarantee": 150}])
before = st.lists(st.tuples(st.sampled_from(["join", "join", "join", "withdraw"]), st.integers(0, 5)), max_size=12)
# While it runs: play one open table out (with a seed), or to a draw when its deal has one,
# disqualify someone, or staff cancel.
MOVES = (
    st.tuples(st.just("play"), st.integers(0, 10**6)),
    st.tuples(st.just("play"), st.integers(0, 10**6)),
    st.tuples(st.just("play"), st.integers(0, 10**6)),
    st.tuples(st.just("draw"), st.integers(0, 10**6)),
    st.tuples(st.just("disqualify"), st.integers(0, 5)),
    st.tuples(st.just("staff_cancel"), st.just(0)),
)
during = st.lists(st.one_of(*MOVES), max_size=20)
# An arena's also: its clock moves on (seconds) and the periodic sweep runs. A staff cancel
# is rarer here than above, so that most sequences play their arena or stages to the end.
ticking = st.lists(st.one_of(
    *[m for m in MOVES if m is not MOVES[-1]], *MOVES[:3],
    st.tuples(st.just("tick"), st.integers(1, 40)), st.tuples(st.just("tick"), st.integers(1, 40)),
    st.tuples(st.just("disqualify"), st.integers(0, 5)), MOVES[-1],
), max_size=16)
# Random lines searched for a draw: most deals have one among these, and a search stays short.
DRAW_TRIES = 500


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
    if arena_play.is_arena(tournament):
        assert not Table.objects.filter(tournament=tournament, counted_at__isnull=True).exists(), \
            "an arena table played but never counted"


def _nobody_at_two_tables(tournament_id: int) -> None:
    seated = [p for players in Table.objects.filter(tournament_id=tournament_id).exclude(
        game__status=Game.Status.FINISHED).values_list("players", flat=True) for p in players]
    assert len(seated) == len(set(seated)), "a player sits at two tables at once"


def _no_table_after_time_up(tournament_id: int, tables_at_end: int | None) -> int | None:
    """How many tables an arena had when its time ran out (None: not yet); once it has,
    no table is opened any more."""
    tournament = Tournament.objects.get(pk=tournament_id)
    if not arena_play.is_arena(tournament) or not arena_play.time_up(tournament):
        return None
    tables = Table.objects.filter(tournament=tournament).count()
    assert tables_at_end is None or tables == tables_at_end, "a table opened after the time was up"
    return tables


def table_to_a_draw(game_id: int, seed: int) -> None:
    """The table played to a draw when its deal has one within ``DRAW_TRIES`` lines (else
    out, with seeded random moves)."""
    line = line_to(game_selectors.game_state(Game.objects.get(pk=game_id)), drawn, tries=DRAW_TRIES)
    if line is None:
        event("no draw in the table's deal within the tries")
        table_play_out(game_id, random.Random(seed))
    else:
        line_play(game_id, line)
        assert (Game.objects.get(pk=game_id).result or {})["draw"] is True
        event("a table played to a draw")


def time_passes(tournament_id: int, clock: Clock, seconds: float) -> None:
    """An arena's clock moves on and the periodic sweep runs (``tasks.arenas_sweep``):
    those who waited past the grace are seated, an arena whose time is up with nothing in
    play ends. Other formats keep no clock."""
    clock.move(seconds)
    if arena_play.is_arena(Tournament.objects.get(pk=tournament_id)):
        arena_play.sweep(tournament_id=tournament_id)


def time_up(tournament_id: int, clock: Clock) -> None:
    """An arena's time runs out (its tables in play finish and count)."""
    ends_at = Tournament.objects.get(pk=tournament_id).ends_at
    if ends_at is not None:
        time_passes(tournament_id, clock, max(0.0, (ends_at - clock.at).total_seconds()) + 1)


def _run(shape: dict[str, Any], fee: int, payouts: list[int] | None, fixed: dict[str, Any],
         joins: list[tuple[str, int]], start: bool, steps: list[tuple[str, int]], clock: Clock) -> None:
    """One drawn sequence, checked throughout and at the end (module docstring)."""
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
    tables_at_end: int | None = None
    # After the drawn steps: an arena's time runs out, then every table is played out, every
    # third to a draw if it can be (finals and their replays too).
    for kind, arg in [*steps, ("time_up", 0), *[("draw" if n % 3 == 0 else "play", n) for n in range(60)]]:
        if Tournament.objects.get(pk=tid).status != Tournament.Status.RUNNING:
            break
        games = open_tables(tid)
        if kind == "play" and games:
            table_play_out(games[arg % len(games)], random.Random(arg))
        elif kind == "draw" and games:
            table_to_a_draw(games[arg % len(games)], arg)
        elif kind in ("play", "draw"):  # an arena where everyone waits: its sweep seats them, or ends it
            time_passes(tid, clock, arena_play.GRACE)
        elif kind == "tick":
            time_passes(tid, clock, arg)
        elif kind == "time_up":
            time_up(tid, clock)
        elif kind == "disqualify":
            organiser.post(f"/api/v1/tournaments/{tid}/disqualify/", {"player": people[arg].player.pk})
        elif kind == "staff_cancel":
            with contextlib.suppress(ApplicationError):  # over already: nothing to cancel
                services.tournament_cancel_by_staff(tournament_id=tid, by=staff)
        _seed_hidden_while_anything_plays(tid)
        _nobody_at_two_tables(tid)
        tables_at_end = _no_table_after_time_up(tid, tables_at_end)
    tournament = Tournament.objects.get(pk=tid)
    tables = Table.objects.filter(tournament=tournament).count()
    event(f"{'stages' if tournament.stages else tournament.format}: {tournament.status}, "
          f"{'over 4' if tables > 4 else 'up to 4'} tables")
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


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(shape=FORMATS, fee=st.sampled_from([0, 10, 25]), payouts=st.sampled_from([None, [70, 30], [50, 30, 20]]),
       fixed=FIXED, joins=before, start=st.booleans(), steps=during)
def test_any_sequence_ends_with_one_winner_and_every_coin_accounted_for(
        shape: dict[str, Any], fee: int, payouts: list[int] | None, fixed: dict[str, Any],
        joins: list[tuple[str, int]], start: bool, steps: list[tuple[str, int]]) -> None:
    _run(shape, fee, payouts, fixed, joins, start, steps, Clock())


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
# Always at least these: an arena of five that reseats, draws, loses a player to the
# organiser mid-table and runs out of time with tables in play; stages whose qualifying
# loses a player and whose final is drawn (then replayed) when its deal can draw; an arena
# that loses every entrant to the organiser.
@example(shape={"format": "arena", "duration": 10, "rules": {"players": 2, "deck": 24}}, fee=10,
         payouts=[70, 30], fixed={}, joins=[("join", 3), ("join", 4), ("join", 5)], start=True,
         steps=[("play", 1), ("draw", 2), ("play", 3), ("tick", 10), ("play", 4), ("disqualify", 3), ("draw", 5),
                ("play", 6), ("tick", 30), ("play", 7), ("draw", 8)]).via("the arena, all of it")
@example(shape={"format": "swiss", "rounds": 2, "rules": {"players": 2, "deck": 24},
                "stages": [{"format": "swiss", "rounds": 2}, {"format": "elimination", "advance": 4}]},
         fee=25, payouts=[50, 30, 20], fixed={"prize_amounts": [60, 40, 20], "guarantee": 150},
         joins=[("join", 3), ("join", 4), ("join", 5), ("join", 0)], start=True,
         steps=[("play", 1), ("draw", 2), ("play", 3), ("disqualify", 4), ("play", 5), ("draw", 6), ("draw", 7),
                ("draw", 8), ("draw", 9)]).via("stages, a drawn final")
# Every entrant disqualified, their fees paid with welcome coins and a guarantee held: every
# coin goes back (this froze a tournament for good once: the welcome coins stayed in the pool).
@example(shape={"format": "arena", "duration": 10, "rules": {"players": 2, "deck": 24}}, fee=10,
         payouts=None, fixed={"prize_amounts": [60, 40, 20], "guarantee": 150}, joins=[("join", 3)], start=True,
         steps=[("disqualify", 1), ("disqualify", 2), ("disqualify", 3)]).via("everyone disqualified")
@given(shape=ARENA_AND_STAGES, fee=st.sampled_from([0, 10, 25]),
       payouts=st.sampled_from([None, [70, 30], [50, 30, 20]]), fixed=FIXED, joins=before,
       start=st.sampled_from([True, True, True, False]), steps=ticking)
def test_arenas_and_stages_after_any_sequence_end_with_one_winner_and_every_coin_accounted_for(
        monkeypatch: pytest.MonkeyPatch, shape: dict[str, Any], fee: int, payouts: list[int] | None,
        fixed: dict[str, Any], joins: list[tuple[str, int]], start: bool, steps: list[tuple[str, int]]) -> None:
    clock = Clock()  # the arena's clock (``arena_play.now``), moved on by the sequence
    monkeypatch.setattr(arena_play, "now", clock)
    _run(shape, fee, payouts, fixed, joins, start, steps, clock)
