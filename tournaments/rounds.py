"""Rounds: seating one, opening its tables, closing it when every table is over, and the
end of the tournament (standings frozen, prizes paid).

All tables of a round play at once. ``round_close`` runs after every tournament table's
last move (the game-finished signal), from the periodic sweep and from staff; it locks the
tournament, so two tables finishing together close the round once, and whatever it does
(the next round's tables, the prizes) is written in that one transaction.
"""

from __future__ import annotations

import logging
import secrets
import time

from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games import services as game_services
from games.models import Game
from games.options import TableOptions
from live import services as live_services
from ratings.models import Rating
from tournaments import elimination, fairness, ledger, notices, prizes, round_robin, seating, standings, swiss
from tournaments.models import Entry, Round, Table, Tournament, Transfer

logger = logging.getLogger(__name__)


def _options(tournament: Tournament) -> TableOptions:
    # No computer hints where prizes are at stake; every table has a clock.
    return TableOptions(move_timer=tournament.move_timer, spectator_delay=tournament.spectator_delay, hints=False)


def _ratings(tournament: Tournament, players: list[int]) -> dict[int, float] | None:
    """Known ratings of the variant (strong players apart in the first round), if any."""
    variant = str(tournament.rules.get("variant", "podkidnoy"))
    rated = dict(Rating.objects.filter(player_id__in=players, variant=variant, games__gt=0)
                 .values_list("player_id", "value"))
    return {player: float(value) for player, value in rated.items()} or None


def _seating(tournament: Tournament, number: int, seed: str, played: list[standings.Played],
             active: list[int], ratings: dict[int, float] | None) -> tuple[seating.Seating, bool] | None:
    """The seating of round ``number`` of the ``active`` players (those who may still be
    seated) after the rounds ``played``, and whether it is the final; None: no round is
    left. A function of its arguments alone, so a round can be derived again."""
    seats = tournament.seats
    byes_had = [p for r in played for p in r.round.byes]
    if tournament.format == Tournament.Format.ELIMINATION:
        progress = elimination.progress(standings.entrants(tournament), [r.round for r in played], tournament.leaves,
                                        seats)
        still = [p for p in progress.still_in if p in active]
        if progress.over or len(still) <= 1:
            return None
        if elimination.is_final(len(still), seats):
            return seating.Seating((tuple(sorted(still)),), ()), True
        return seating.seat(still, seats, seed=seed, ratings=ratings, byes_had=byes_had), False
    if tournament.format == Tournament.Format.SWISS:
        if number > (tournament.rounds or 0):
            return None
        rounds = [r.round for r in played]
        return swiss.pair(sorted(active), seats, points=swiss.points(rounds), met=swiss.opponents(rounds),
                          seed=seed, ratings=ratings, byes_had=byes_had), False
    schedule = round_robin.schedule(standings.entrants(tournament), seats)
    if number > len(schedule):
        return None
    # Whoever left (disqualified) leaves a seat empty; a table left with one player: a bye.
    kept = [tuple(p for p in t if p in active) for t in schedule[number - 1]]
    tables = tuple(t for t in kept if len(t) >= 2)
    seated = {p for t in tables for p in t}
    return seating.Seating(tables, tuple(sorted(p for p in active if p not in seated))), False


def round_rederive(tournament: Tournament, number: int) -> seating.Seating | None:
    """Round ``number`` seated again from what was recorded (its seed, the ratings it
    used, who was in it, the rounds before): an audit; it equals the round as played."""
    round_ = Round.objects.get(tournament=tournament, number=number)
    tables = Table.objects.filter(tournament=tournament, round=number).order_by("id")
    present = sorted({p for t in tables for p in t.players} | set(round_.byes))
    played = [r for r in standings.played_rounds(tournament) if r.number < number]
    ratings = {int(p): float(v) for p, v in round_.ratings.items()} or None
    planned = _seating(tournament, number, round_.seed, played, present, ratings)
    return None if planned is None else planned[0]


def round_open(tournament: Tournament, played: list[standings.Played] | None = None) -> Round | None:
    """Seat the next round and open its tables (the tournament row is locked by the
    caller). Returns the round, or None when the tournament has no round left."""
    played = standings.played_rounds(tournament) if played is None else played
    number = len(played) + 1
    # Fixed by the tournament's committed seed (older tournaments: a fresh draw).
    seed = fairness.seating_seed(tournament.fair_seed, number) if tournament.fair_seed else secrets.token_hex(8)
    began = time.perf_counter()
    active = standings.still_playing(tournament)
    # Strong players apart in the first round (snake seeding); later rounds go by results.
    ratings = _ratings(tournament, active) if number == 1 else None
    planned = _seating(tournament, number, seed, played, active, ratings)
    if planned is None:
        return None
    layout, final = planned
    seating_ms = (time.perf_counter() - began) * 1000
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed, byes=list(layout.byes),
                                  ratings={str(p): v for p, v in (ratings or {}).items()}, final=final,
                                  seating_ms=seating_ms)
    players = Player.objects.in_bulk([p for table in layout.tables for p in table])
    seeds = dict(tournament.entries.values_list("player_id", "client_seed"))
    options = _options(tournament)
    tables = []
    for index, seated in enumerate(layout.tables):
        # Balanced tables may seat fewer than the tournament's table size: the game is dealt
        # for the players it has.
        rules = {**tournament.rules, "players": len(seated)}
        server_seed = fairness.table_seed(tournament.fair_seed, number, index) if tournament.fair_seed else None
        game = game_services.game_seat_people(players=[players[p] for p in seated], rules=rules, options=options,
                                              server_seed=server_seed,
                                              client_seeds=[seeds.get(p) or None for p in seated]).game
        tables.append(Table(tournament=tournament, round=number, game=game, players=list(seated)))
    Table.objects.bulk_create(tables)
    for table in tables:
        Entry.objects.filter(tournament=tournament, player_id__in=table.players).update(current_game=table.game)
    Entry.objects.filter(tournament=tournament, player_id__in=layout.byes).update(current_game=None)
    transaction.on_commit(lambda: notices.round_opened(tournament.pk, tournament.name, number, tables))
    logger.info("tournament %s round %s: %s tables, %s byes, seated in %.1f ms", tournament.pk, number,
                len(tables), len(layout.byes), seating_ms)
    return round_


def round_close(*, tournament_id: int) -> bool:
    """If every table of the current round is over: close it, then open the next round or
    end the tournament. Safe at any time and any number of times."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.RUNNING:
            return False
        current = Round.objects.filter(tournament=tournament).order_by("-number").first()
        if current is None or current.closed_at is not None:
            return False
        if Table.objects.filter(tournament=tournament, round=current.number).exclude(
                game__status=Game.Status.FINISHED).exists():
            return False
        current.closed_at = timezone.now()
        current.save(update_fields=["closed_at"])
        played = standings.played_rounds(tournament)
        standings.mark_eliminated(tournament, played)
        if round_open(tournament, played) is None:
            _finish(tournament, played)
    transaction.on_commit(lambda: notices.tournament_changed(tournament_id))
    return True


def _finish(tournament: Tournament, played: list[standings.Played]) -> None:
    """The standings are final: pay each prize once, out of the pool, and freeze them."""
    table = standings.compute(tournament, played)
    entrants = len(standings.entrants(tournament))
    money = prizes.pool(entry_fee=tournament.entry_fee, entrants=entrants, rake_percent=tournament.rake_percent,
                        added_prize=tournament.added_prize, guarantee=tournament.guarantee)
    percents = prizes.payouts_for(tournament.payouts, entrants)
    won = prizes.prizes(money.total, percents, table.groups)
    pool = ledger.pool(tournament)
    for player_id, coins in sorted(won.items()):
        ledger.move(f"prize:{tournament.pk}:{player_id}", Transfer.Kind.PRIZE, pool, ledger.wallet(player_id),
                    coins, tournament=tournament)
    left = ledger.balance(pool)
    if left:
        raise RuntimeError(f"tournament {tournament.pk}: {left} coins left in the pool after the prizes")
    tournament.standings = standings.rows(tournament, table, won)
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["standings", "status", "finished_at"])
    tournament.entries.filter(status=Entry.Status.PLAYING).update(status=Entry.Status.FINISHED, current_game=None)
    logger.info("tournament %s finished: %s coins paid to %s players", tournament.pk, sum(won.values()), len(won))


def table_finished(*, game_id: int) -> None:
    """A game just finished: if it was a tournament table, its round may be over."""
    table = Table.objects.filter(game_id=game_id).only("tournament_id").first()
    if table is not None and not round_close(tournament_id=table.tournament_id):
        notices.tournament_changed(table.tournament_id)  # a table of the round is over


def table_nudge(game_id: int) -> None:
    """A table that may be stuck: fire its overdue clocks (a forfeited seat's computer
    moves at once) and re-enqueue a lost computer turn."""
    live_services.table_nudge(game_id)
