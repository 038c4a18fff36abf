"""Rounds: seating one, opening its tables, closing it when every table is over, and the
end of the tournament (standings frozen, prizes paid).

All tables of a round play at once. ``round_close`` runs after every tournament table's
last move (the game-finished signal), from the periodic sweep and from staff; it locks the
tournament, so two tables finishing together close the round once, and whatever it does
(the next round's tables, the prizes) is written in that one transaction.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Callable, Sequence

from django.db import connection, transaction
from django.utils import timezone

from accounts.models import Player
from coins import ledger
from coins.models import Account, Movement
from games import arranged as arranged_tables
from games import services as game_services
from games.engine import Rules
from games.models import Game
from games.options import TableOptions
from ratings.models import Rating
from tournaments import (
    elimination,
    fairness,
    notices,
    prizes,
    round_robin,
    seating,
    signals,
    stages,
    standings,
    swiss,
)
from tournaments import entry as late
from tournaments.models import Entry, Round, Table, Tournament

logger = logging.getLogger(__name__)


def _options(tournament: Tournament) -> TableOptions:
    # No computer hints where prizes are at stake; every table has a clock, and a time bank
    # besides, so no table holds its round for longer than seats × bank and the increments.
    return TableOptions(move_timer=tournament.move_timer, spectator_delay=tournament.spectator_delay, hints=False,
                        time_bank=tournament.time_bank, time_increment=tournament.time_increment)


def _ratings(tournament: Tournament, players: list[int]) -> dict[int, float] | None:
    """Known ratings of the variant (strong players apart in the first round), if any."""
    variant = str(tournament.rules.get("variant", "podkidnoy"))
    rated = dict(Rating.objects.filter(player_id__in=players, variant=variant, games__gt=0)
                 .values_list("player_id", "value"))
    return {player: float(value) for player, value in rated.items()} or None


def _seating(tournament: Tournament, number: int, seed: str, played: list[standings.NumberedRound],
             active: list[int], ratings: dict[int, float] | None) -> tuple[seating.Seating, bool] | None:
    """The seating of round ``number`` of the ``active`` players (those who may still be
    seated) after the rounds ``played``, and whether it is the final; None: no round is
    left. A function of its arguments alone, so a round can be derived again."""
    seats = tournament.seats
    byes_had = [p for r in played for p in r.round.byes]
    chain = stages.chain(tournament, standings.entrants(tournament))
    if chain is not None and number > chain.first_rounds:  # the elimination stage
        progress = stages.progress(chain, standings.entrants(tournament), [r.round for r in played],
                                   standings.out_before_final_stage(tournament, chain), standings.lot(tournament),
                                   seats)
        return _knockout(tournament, number, played, progress, active, seed, byes_had)
    if tournament.format == Tournament.Format.ELIMINATION:
        progress = elimination.progress(late.first_round_field(tournament), [r.round for r in played],
                                        tournament.leaves, seats, standings.arrivals(tournament))
        return _knockout(tournament, number, played, progress, active, seed, byes_had, ratings)
    if tournament.format == Tournament.Format.SWISS:
        if number > (tournament.rounds or 0):
            return None
        rounds = [r.round for r in played]
        return swiss.pair(sorted(active), seats, points=swiss.points(rounds, seats), met=swiss.opponents(rounds),
                          seed=seed, ratings=ratings, byes_had=byes_had), False
    schedule = round_robin.schedule(standings.entrants(tournament), seats)
    if number > len(schedule):
        return None
    # Whoever left (disqualified) leaves a seat empty; a table left with one player: a bye.
    kept = [tuple(p for p in t if p in active) for t in schedule[number - 1]]
    tables = tuple(t for t in kept if len(t) >= 2)
    seated = {p for t in tables for p in t}
    return seating.Seating(tables, tuple(sorted(p for p in active if p not in seated))), False


def _knockout(tournament: Tournament, number: int, played: list[standings.NumberedRound], progress: elimination.Progress,
              active: list[int], seed: str, byes_had: list[int],
              ratings: dict[int, float] | None = None) -> tuple[seating.Seating, bool] | None:
    """An elimination round among those still in: the final once they fit at one table, and
    once it is over the tied players who play again (one winner, always)."""
    seats = tournament.seats
    if progress.over:
        tied = _replayed(tournament, number, played, active)
        return None if tied is None else (_drawn(tied, seed), True)
    still = [p for p in progress.still_in if p in active]
    if len(still) <= 1:
        return None
    if elimination.is_final(len(still), seats):
        return _drawn(still, seed), True
    return seating.seat(still, seats, seed=seed, ratings=ratings, byes_had=byes_had), False


def _drawn(players: list[int], seed: str) -> seating.Seating:
    """One table of ``players`` in seats drawn from the round's seed (no seat by id)."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return seating.Seating((tuple(order),), ())


def _replayed(tournament: Tournament, number: int, played: list[standings.NumberedRound],
              active: list[int]) -> list[int] | None:
    """The tied players of a finished elimination who play again in round ``number`` (a
    tied group holding first place, or places paying differently), or None. Players
    disqualified before the round do not count; a group with fewer than two players who
    may sit, or more than a table seats, is left to the lot."""
    out = {p for p, last in standings.last_rounds(tournament, standings.disqualified(tournament)).items()
           if last < number}
    ranking = [[p for p in group if p not in out] for group in standings.compute(tournament, played).groups]
    ranking = [group for group in ranking if group]
    amounts = standings.place_amounts(tournament, sum(len(g) for g in ranking))
    group = elimination.replay_group(ranking, amounts)
    seated = [p for p in group or () if p in active]
    return seated if 2 <= len(seated) <= tournament.seats else None


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


def round_open(tournament: Tournament, played: list[standings.NumberedRound] | None = None) -> Round | None:
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
    late.late_closes(tournament, number)
    seating_ms = (time.perf_counter() - began) * 1000
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed, byes=list(layout.byes),
                                  ratings={str(p): v for p, v in (ratings or {}).items()}, final=final,
                                  seating_ms=seating_ms)

    def seated(tables: list[Table]) -> None:
        current_games_set(tournament, tables)
        Entry.objects.filter(tournament=tournament, player_id__in=layout.byes).update(current_game=None)
        # In this transaction: the account stream's table_ready commits with the tables, and
        # (called before the games' hooks are queued) goes out before each game's own news.
        signals.tables_ready.call(signals.TablesReady(
            tournament.pk, [(table.game_id, list(table.players)) for table in tables]))

    tables = tables_open(tournament, number, layout.tables, before_hooks=seated)
    transaction.on_commit(lambda: notices.tournament_changed(tournament.pk))
    logger.info("tournament %s round %s: %s tables, %s byes, seated in %.1f ms", tournament.pk, number,
                len(tables), len(layout.byes), seating_ms)
    return round_


def tables_open(tournament: Tournament, number: int, layout: Sequence[Sequence[int]], *,
                before_hooks: Callable[[list[Table]], None] | None = None) -> list[Table]:
    """Deal a game for each table of ``layout`` (player ids by seat) in round ``number``,
    all at once (``games.arranged.games_seat_people``). ``before_hooks`` is given the
    tables once they are stored, before the games' move hooks are queued for the commit."""
    players = Player.objects.in_bulk([p for table in layout for p in table])
    seeds = dict(tournament.entries.filter(player_id__in=list(players)).values_list("player_id", "client_seed"))
    # Balanced tables may seat fewer than the tournament's table size: each game is dealt
    # for the players it has.
    arranged = [arranged_tables.Arranged(
        players=[players[p] for p in seated], rules=Rules.from_dict({**tournament.rules, "players": len(seated)}),
        server_seed=fairness.table_seed(tournament.fair_seed, number, index) if tournament.fair_seed else None,
        client_seeds=[seeds.get(p) or None for p in seated]) for index, seated in enumerate(layout)]
    tables: list[Table] = []

    def stored(played: list[game_services.Played]) -> None:
        tables.extend(Table(tournament=tournament, round=number, game=one.game, players=list(seated))
                      for one, seated in zip(played, layout, strict=True))
        Table.objects.bulk_create(tables)
        if before_hooks is not None:
            before_hooks(tables)

    arranged_tables.games_seat_people(arranged, options=_options(tournament), before_hooks=stored)
    return tables


def current_games_set(tournament: Tournament, tables: list[Table], *, waits_end: bool = False) -> None:
    """Each seated entrant's game (and, with ``waits_end``, an arena player's wait over), in
    a statement per 200 players, not one per table: the ORM's ``bulk_update`` builds an
    expression per row and costs more than the 256 UPDATEs it replaces, so the CASE is
    written out."""
    game_of = sorted((player, table.game_id) for table in tables for player in table.players)
    entry_table = connection.ops.quote_name(Entry._meta.db_table)
    waits = ", waiting_since = NULL" if waits_end else ""
    with connection.cursor() as cursor:
        for first in range(0, len(game_of), 200):  # SQLite's oldest parameter limit is 999
            batch = game_of[first:first + 200]
            cases = " ".join(["WHEN %s THEN %s"] * len(batch))
            marks = ", ".join(["%s"] * len(batch))
            cursor.execute(f"UPDATE {entry_table} SET current_game_id = CASE player_id {cases} END{waits}"
                           f" WHERE tournament_id = %s AND player_id IN ({marks})",
                           [*(value for pair in batch for value in pair), tournament.pk,
                            *(player for player, _game in batch)])


def round_close(*, tournament_id: int) -> bool:
    """If every table of the current round is over: close it, then open the next round or
    end the tournament. Safe at any time and any number of times."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.RUNNING:
            return False
        if tournament.format == Tournament.Format.ARENA:
            return False  # the arena seats as tables end, not by rounds (tournaments.arena_play)
        current = Round.objects.filter(tournament=tournament).order_by("-number").first()
        if current is None or current.closed_at is not None:
            return False
        if Table.objects.filter(tournament=tournament, round=current.number).exclude(
                game__status=Game.Status.FINISHED).exists():
            return False
        played = _closed(tournament, current)
        while (opened := round_open(tournament, played)) is not None:
            if Table.objects.filter(tournament=tournament, round=opened.number).exists():
                break
            # A round of byes alone (everyone else out: disqualified or withdrawn) has no
            # table whose end would close it: it is over as soon as it opens.
            played = _closed(tournament, opened)
        else:
            _finish(tournament, played)
    transaction.on_commit(lambda: notices.tournament_changed(tournament_id))
    return True


def _closed(tournament: Tournament, round_: Round) -> list[standings.NumberedRound]:
    """Close ``round_`` (every table of it over): who it knocked out or found absent is
    marked; the rounds played so far, this one included."""
    round_.closed_at = timezone.now()
    round_.save(update_fields=["closed_at"])
    played = standings.played_rounds(tournament)
    standings.mark_eliminated(tournament, played)
    standings.mark_absent(tournament, played)
    return played


def finish(tournament: Tournament) -> None:
    """End the tournament now (its row locked): the arena, once its time is up (its
    standings are kept as tables end, so the rounds need not be read again)."""
    arena = tournament.format == Tournament.Format.ARENA
    _finish(tournament, [] if arena else standings.played_rounds(tournament))


def _finish(tournament: Tournament, played: list[standings.NumberedRound]) -> None:
    """The standings are final: pay each prize once, out of the pool, and freeze them."""
    late.late_closes(tournament, 0)  # the guarantee, if late registration kept it held
    table = standings.compute(tournament, played, final=True)
    won = standings.prizes_won(tournament, table)
    pool = ledger.pool(tournament)
    # The welcome coins' share of the pool is paid back as welcome coins, in proportion to
    # each prize: what welcome coins paid in never leaves as coins that could be given away.
    welcome_in = sum(ledger.paid_in(tournament, Account.Kind.WELCOME).values())
    welcome_out = prizes.welcome_shares(won, min(welcome_in, sum(won.values())))
    for player_id, coins in sorted(won.items()):
        ledger.prize_pay(f"prize:{tournament.pk}:{player_id}", Movement.Kind.PRIZE, player_id, pool, coins,
                         welcome_out.get(player_id, 0), tournament=tournament)
    if not table.groups:
        _everyone_out(tournament)
    left = ledger.balance(pool)
    if left:
        raise RuntimeError(f"tournament {tournament.pk}: {left} coins left in the pool after the prizes")
    tournament.standings = standings.rows(tournament, table, won)
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["standings", "status", "finished_at"])
    tournament.entries.filter(status=Entry.Status.PLAYING).update(status=Entry.Status.FINISHED, current_game=None)
    signals.tournament_finished.call(signals.TournamentFinished(tournament.pk, [
        signals.Placed(row["player"], row["place"], row["prize"]) for row in tournament.standings]))
    logger.info("tournament %s finished: %s coins paid to %s players", tournament.pk, sum(won.values()), len(won))


def _everyone_out(tournament: Tournament) -> None:
    """Every entrant disqualified: nobody may win the pool, so every coin goes back to
    whoever paid it in, as a cancel gives it back (the house's rake and welcome coins too)."""
    late.refund_everything(tournament, f"void:{tournament.pk}")


def table_finished(*, game_id: int) -> None:
    """A game just finished: if it was a tournament table, its round may be over."""
    table = Table.objects.filter(game_id=game_id).only("tournament_id").first()
    if table is not None and not round_close(tournament_id=table.tournament_id):
        notices.tournament_changed(table.tournament_id)  # a table of the round is over
