"""The arena as it runs: the start, seating whoever waits, counting each table as it ends,
and the end once the time is up and the last table is over (rules: ``tournaments.arena``).

- At the start every entrant waits; the start seats them all. From then on each table that
  ends is counted once its last move has committed (its players' points and streaks, under
  the tournament's lock) and its players wait again; once that commits, ``seat_waiting`` seats the
  waiting pool: full tables as soon as twice a table's worth wait (so nobody is bound to
  meet the same players again), everyone at once when no table is left in play or the
  oldest has waited ``GRACE`` seconds. While other tables play, a table whose players all
  sat together last time is not opened: they wait for someone else to come free. Each
  seating is a round (``Round``) of its tables.
- The periodic sweep (``sweep``) is the safety net: it counts a table whose finish was
  missed, seats those who waited too long, and ends the arena.
- A player whose seat forfeited at ``standings.ABSENT_TABLES`` tables in a row (absent, or
  their clock) is withdrawn: seated no more, ranked by the points they have.
- Nobody is seated once the time is up; tables started before play on and count. When the
  last of them ends, the standings are final and the prizes paid (``rounds.finish``).

Every write locks the tournament's row, so two tables ending together are counted and
seated one after the other, never twice.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone

from games.models import Game
from tournaments import arena, fairness, notices, places, rounds, signals, standings
from tournaments import entry as late
from tournaments.models import Entry, Round, Table, Tournament

logger = logging.getLogger(__name__)

GRACE = 5.0  # seconds a player waits for a full table before a smaller one will do


def now() -> datetime:
    """The arena's clock (a test moves it; everything here reads the time through it)."""
    return timezone.now()


def is_arena(tournament: Tournament) -> bool:
    return tournament.format == Tournament.Format.ARENA


def time_up(tournament: Tournament) -> bool:
    return tournament.ends_at is not None and now() >= tournament.ends_at


def begin(tournament: Tournament) -> None:
    """The start (the tournament's row locked, its entrants just set playing): the clock
    runs from now, everyone waits, and everyone is seated."""
    started = now()
    tournament.ends_at = started + timedelta(minutes=tournament.duration or 1)
    tournament.save(update_fields=["ends_at"])
    tournament.entries.filter(status=Entry.Status.PLAYING).update(waiting_since=started)
    _seat(tournament, force=True)


def entrant_waits(entry: Entry) -> None:
    """A late entrant of a running arena joins the waiting pool (seated on the next seating)."""
    entry.waiting_since = now()
    entry.save(update_fields=["waiting_since"])


def _waiting(tournament: Tournament) -> list[arena.Waiting]:
    rows = (Entry.objects.filter(tournament=tournament, status=Entry.Status.PLAYING, waiting_since__isnull=False)
            .values_list("player_id", "arena_points", "waiting_since", "last_table"))
    return [arena.Waiting(player, points, since.timestamp(), frozenset(last or ()))
            for player, points, since, last in rows if since is not None]


def _in_play(tournament: Tournament) -> bool:
    return Table.objects.filter(tournament=tournament, counted_at__isnull=True).exists()


def _seat(tournament: Tournament, *, force: bool = False) -> Round | None:
    """Seat the waiting pool (module docstring); None if nobody was seated."""
    if time_up(tournament):
        return None
    began = time.perf_counter()
    waiting = _waiting(tournament)
    if len(waiting) < 2:
        return None
    oldest = min(w.since for w in waiting)
    all_now = force or not _in_play(tournament) or now().timestamp() - oldest >= GRACE
    if not all_now and len(waiting) < 2 * tournament.seats:
        return None
    layout = arena.tables_for(waiting, arena.sizes_for(len(waiting), tournament.seats, all_now=all_now))
    if not force and _in_play(tournament):
        # A table of players who all just sat together waits for someone else to come free.
        last = {w.player: w.last for w in waiting}
        layout = [t for t in layout if not arena.all_met(t, last)]
    if not layout:
        return None
    number = (Round.objects.filter(tournament=tournament).order_by("-number").values_list("number", flat=True)
              .first() or 0) + 1
    seed = fairness.seating_seed(tournament.fair_seed, number) if tournament.fair_seed else secrets.token_hex(8)
    draw = random.Random(seed)
    for seated in layout:  # who plays first at each table is drawn, not by points
        draw.shuffle(seated)
    seating_ms = (time.perf_counter() - began) * 1000
    late.late_closes(tournament, number)
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed, seating_ms=seating_ms)
    tables = rounds.tables_open(tournament, number, layout)
    seated_at = now()
    rounds.current_games_set(tournament, tables, waits_end=True)
    round_.seating_ms = (time.perf_counter() - began) * 1000
    round_.save(update_fields=["seating_ms"])
    waited = [seated_at.timestamp() - w.since for w in waiting if any(w.player in t for t in layout)]
    logger.info("arena %s seating %s: %s tables, %s left waiting, longest wait %.2f s, %.1f ms", tournament.pk,
                number, len(tables), len(waiting) - sum(map(len, layout)), max(waited, default=0.0),
                round_.seating_ms)
    # In this transaction: the account stream's table_ready commits with the tables.
    signals.tables_ready.call(signals.TablesReady(
        tournament.pk, [(table.game_id, list(table.players)) for table in tables]))
    transaction.on_commit(partial(notices.tournament_changed, tournament.pk))
    return round_


def _count(tournament: Tournament, table: Table) -> None:
    """One ended table into its players' scores; they wait again (unless they are out)."""
    game: Game = table.game
    result = game.result or {}
    order = places.table_order(table.players, result)
    forfeits = places.forfeited(table.players, result)
    base = arena.table_base(order, forfeits)
    ended = now()
    entries = {e.player_id: e for e in Entry.objects.filter(tournament=tournament, player_id__in=table.players)}
    for player, points in base.items():
        entry = entries[player]
        after = arena.scored(arena.Score(entry.arena_points, entry.arena_streak, entry.arena_tables, entry.arena_wins),
                             points)
        entry.arena_points, entry.arena_streak = after.points, after.streak
        entry.arena_tables, entry.arena_wins = after.tables, after.wins
        entry.last_table = [p for p in table.players if p != player]
        if entry.current_game_id == table.game_id:
            entry.current_game = None
        entry.arena_absent = entry.arena_absent + 1 if player in forfeits else 0
        if entry.status == Entry.Status.PLAYING and entry.arena_absent >= standings.ABSENT_TABLES:
            # Absent for tables in a row: withdrawn, keeping their points (as the swiss does).
            entry.status, entry.out_in_round = Entry.Status.ELIMINATED, table.round
        playing = entry.status == Entry.Status.PLAYING and not time_up(tournament)
        entry.waiting_since = ended if playing else None
    Entry.objects.bulk_update(entries.values(), ["arena_points", "arena_streak", "arena_tables", "arena_wins",
                                                 "arena_absent", "status", "out_in_round", "last_table",
                                                 "current_game", "waiting_since"])
    table.counted_at = ended
    table.save(update_fields=["counted_at"])
    if not Table.objects.filter(tournament=tournament, round=table.round, counted_at__isnull=True).exists():
        Round.objects.filter(tournament=tournament, number=table.round).update(closed_at=ended)


def _end_if_over(tournament: Tournament) -> bool:
    """Time up and no table in play: the standings are final, the prizes paid."""
    if not time_up(tournament) or _in_play(tournament):
        return False
    Entry.objects.filter(tournament=tournament).update(waiting_since=None)
    rounds.finish(tournament)
    return True


def table_finished(*, game_id: int) -> bool:
    """A game ended: if it is an arena's table, count it, and once committed seat whoever
    waits. Returns whether the game was an arena's table."""
    with transaction.atomic():
        table = Table.objects.filter(game_id=game_id).select_related("tournament").first()
        if table is None or not is_arena(table.tournament):
            return False
        tournament = Tournament.objects.select_for_update().get(pk=table.tournament_id)
        table = Table.objects.select_related("game").get(pk=table.pk)
        if tournament.status != Tournament.Status.RUNNING or table.counted_at is not None:
            return True
        if table.game.status != Game.Status.FINISHED:
            return True
        _count(tournament, table)
        if not _end_if_over(tournament):
            transaction.on_commit(partial(seat_waiting, tournament_id=tournament.pk))
    transaction.on_commit(partial(notices.tournament_changed, tournament.pk))
    return True


def seat_waiting(*, tournament_id: int, force: bool = False) -> bool:
    """Seat the waiting pool of a running arena now; returns whether a table opened."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.RUNNING or not is_arena(tournament):
            return False
        return _seat(tournament, force=force) is not None


def sweep(*, tournament_id: int) -> bool:
    """The safety net: count tables whose end was missed, seat those who waited too long,
    end the arena when its time is up. Returns whether anything moved."""
    moved = False
    for game_id in (Table.objects.filter(tournament_id=tournament_id, counted_at__isnull=True,
                                         game__status=Game.Status.FINISHED).values_list("game_id", flat=True)):
        moved |= table_finished(game_id=game_id)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.RUNNING or not is_arena(tournament):
            return moved
        if _end_if_over(tournament):
            moved = True
        else:
            moved |= _seat(tournament) is not None
    transaction.on_commit(partial(notices.tournament_changed, tournament_id))
    return moved


def leaderboard(tournament: Tournament, limit: int = 100) -> dict[str, object]:
    """The live leaderboard for the API and the page: the clock, the best ``limit``, and
    how many wait for a seat."""
    score = standings.arena_scores(tournament)
    table = standings.arena_standings(tournament)
    names = dict(tournament.entries.values_list("player_id", "player__name"))
    state = dict(tournament.entries.values_list("player_id", "waiting_since"))
    rows = []
    for place, group in enumerate(table.groups[:limit], 1):
        player = group[0]
        s = score[player]
        rows.append({"place": place, "player": player, "name": names.get(player, ""), "points": s.points,
                     "streak": s.streak, "on_fire": arena.on_fire(s), "tables": s.tables, "wins": s.wins,
                     "waiting": state.get(player) is not None})
    return {"duration": tournament.duration, "ends_at": tournament.ends_at.isoformat() if tournament.ends_at else None,
            "time_up": time_up(tournament), "waiting": sum(1 for v in state.values() if v is not None),
            "leaderboard": rows, "scale": {"win": arena.WIN, "middle": arena.MIDDLE, "durak": arena.DURAK,
                                           "fire_after": arena.FIRE_AFTER, "fire_factor": 2}}
