"""Reads: tournaments, their rounds and tables, standings, the pool.

``tournament_detail`` is what the API and the page show; it reads a tournament of 256
tables in a handful of queries (every table's game summary in one).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q
from django.utils import timezone

from accounts.models import Player
from coins.models import Movement
from core import pages
from games.models import Game
from tournaments import arena_play, prizes, stages, standings
from tournaments import entry as late
from tournaments.errors import TournamentNotFound
from tournaments.models import Entry, Round, Table, Tournament


def tournament_get(tournament_id: int | str) -> Tournament:
    try:
        return Tournament.objects.select_related("organiser").get(pk=int(tournament_id))
    except (Tournament.DoesNotExist, ValueError, TypeError, OverflowError) as error:
        raise TournamentNotFound(tournament_id) from error


def entries_of(tournament: Tournament) -> list[tuple[int, str, str]]:
    """Every entry as (player id, name, status), in the order they entered. Plain rows: a
    field of 1,024 is read on every look at the tournament's page."""
    return list(tournament.entries.order_by("id").values_list("player_id", "player__name", "status"))


def rounds_of(tournament: Tournament) -> list[Round]:
    return list(Round.objects.filter(tournament=tournament).order_by("number"))


def tables_of(tournament: Tournament, round_number: int | None = None) -> list[Table]:
    tables = Table.objects.filter(tournament=tournament).select_related("game").order_by("round", "id")
    if round_number is not None:
        tables = tables.filter(round=round_number)
    return list(tables.only("id", "round", "players", "game_id", "game__status", "game__result", "game__seq"))


def open_table_games(tournament: Tournament) -> list[int]:
    return list(Table.objects.filter(tournament=tournament).exclude(game__status=Game.Status.FINISHED)
                .values_list("game_id", flat=True))


def table_of_game(game_id: int) -> Table | None:
    return Table.objects.filter(game_id=game_id).select_related("tournament").first()


def pool_of(tournament: Tournament) -> prizes.Pool:
    """The pool as it stands: every fee paid (withdrawn entries' came back), late entries
    and re-entries included."""
    return late.money(tournament)


def payout_percents(tournament: Tournament, entrants: int) -> list[int | float]:
    """The payouts in force, as JSON numbers (hundredths of a percent in large fields)."""
    return [int(p) if p.denominator == 1 else float(p) for p in prizes.payouts_for(tournament.payouts, max(entrants, 1))]


def _pool_json(money: prizes.Pool) -> dict[str, int]:
    return {"entry_fees": money.entry_fees, "rake": money.rake, "added_prize": money.added_prize,
            "overlay": money.overlay, "total": money.total}


def _table_json(table: Table) -> dict[str, Any]:
    game = table.game
    return {"game": table.game_id, "players": list(table.players), "status": game.status,
            "result": game.result if game.status == Game.Status.FINISHED else None}


def standings_json(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings as they stand, with the prize each place would take if it ended now
    (frozen when the prizes are paid)."""
    if tournament.standings is not None:
        return list(tournament.standings)
    table = standings.compute(tournament, standings.played_rounds(tournament))
    return standings.rows(tournament, table, standings.prizes_won(tournament, table))


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    entrants = getattr(tournament, "entrants_count", None)  # annotated by a list
    if entrants is None:
        entrants = tournament.entries.exclude(status=Entry.Status.WITHDRAWN).count()
    return {
        "id": tournament.pk, "name": tournament.name, "format": tournament.format, "status": tournament.status,
        "organiser": tournament.organiser_id, "organiser_name": tournament.organiser.name,
        "entry_fee": tournament.entry_fee, "entrants_count": entrants, "max_entrants": tournament.max_entrants,
        "starts_at": tournament.starts_at.isoformat() if tournament.starts_at else None,
        "created_at": tournament.created_at.isoformat(),
    }


def table_limit(tournament: Tournament) -> dict[str, int]:
    """How long a table can last at most: every player's bank spent (the move timer only
    ever runs inside it), plus the increment each move adds back."""
    return {"seconds": tournament.seats * tournament.time_bank, "per_move": tournament.time_increment}


def tournament_detail(tournament: Tournament, player: Player | None) -> dict[str, Any]:
    entries = entries_of(tournament)
    # Withdrawn entries paid nothing in: the payouts shown are those of the field that plays.
    entrants = [row for row in entries if row[2] != Entry.Status.WITHDRAWN]
    tables = tables_of(tournament)
    by_round: dict[int, list[dict[str, Any]]] = {}
    for table in tables:
        by_round.setdefault(table.round, []).append(_table_json(table))
    return {
        **tournament_summary(tournament),
        "rules": tournament.rules, "rake_percent": tournament.rake_percent, "added_prize": tournament.added_prize,
        "guarantee": tournament.guarantee, "payouts": payout_percents(tournament, max(2, len(entrants))),
        "payouts_given": tournament.payouts is not None, "prize_amounts": tournament.prize_amounts,
        "min_entrants": tournament.min_entrants,
        "rounds_total": standings.rounds_total(tournament), "leaves": tournament.leaves, "timer": tournament.move_timer,
        "time_bank": tournament.time_bank, "time_increment": tournament.time_increment,
        "table_limit": table_limit(tournament),
        "spectator_delay": tournament.spectator_delay,
        "entrants": [{"player": pk, "name": name, "status": _entrant_status(status)}
                     for pk, name, status in entries if status != Entry.Status.WITHDRAWN],
        "entered": player is not None and any(pk == player.pk and status in
                                              (Entry.Status.REGISTERED, Entry.Status.PLAYING)
                                              for pk, _, status in entries),
        "disqualified": [pk for pk, _, status in entries if status == Entry.Status.DISQUALIFIED],
        "absent_tables": standings.ABSENT_TABLES,
        "pool": _pool_json(pool_of(tournament)),
        "rounds": _rounds_json(rounds_of(tournament), by_round),
        "standings": standings_json(tournament),
        "started_at": tournament.started_at.isoformat() if tournament.started_at else None,
        "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
        "fairness": fairness_of(tournament),
        "late_until_round": tournament.late_until_round, "reentry": tournament.reentry,
        "late_open": late.late_open(tournament),
        "arena": arena_play.leaderboard(tournament) if arena_play.is_arena(tournament) else None,
        "stages": stages_of(tournament),
    }


def stages_of(tournament: Tournament) -> list[dict[str, Any]] | None:
    """The chain of stages and its advancement rule (``tournaments.stages``), if any."""
    if not tournament.stages:
        return None
    played = [p.round for p in standings.played_rounds(tournament)]
    field = standings.entrants(tournament)
    chain = stages.chain(tournament, field)
    assert chain is not None
    # Who went on was fixed when the qualifying ended: a later disqualification changes nothing.
    return stages.describe(tournament, field, played, standings.out_before_final_stage(tournament, chain),
                           standings.lot(tournament))


def _rounds_json(rounds: list[Round], by_round: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The contract's rounds; a round after the final is a ``tiebreak``: the players tied
    at places that pay differently (first place, always) play again on a new deal."""
    out = []
    final_seen = False
    for r in rounds:
        out.append({"number": r.number, "final": r.final, "tiebreak": final_seen, "byes": list(r.byes),
                    "tables": by_round.get(r.number, [])})
        final_seen = final_seen or r.final
    return out


def fairness_of(tournament: Tournament) -> dict[str, Any]:
    """The tournament's commitment, and its seed once it is over and none of its tables is
    still being played (never before: it fixes every table's deck, so with the entrants'
    public seeds it would show every hand of a table that staff's cancel left playing)."""
    over = tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)
    shown = over and bool(tournament.fair_seed) and not open_table_games(tournament)
    return {"commitment": tournament.fair_commitment or None, "seed": tournament.fair_seed if shown else None}


def _entrant_status(status: str) -> str:
    """The contract's four statuses: a disqualified entrant is out, like one eliminated."""
    return Entry.Status.ELIMINATED if status == Entry.Status.DISQUALIFIED else status


def tournaments_page(query: dict[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    """One page of every tournament, newest first (``core.pages``)."""
    rows = Tournament.objects.select_related("organiser").annotate(
        entrants_count=Count("entries", filter=~Q(entries__status=Entry.Status.WITHDRAWN)))
    found = pages.page(rows, scope="tournaments", order=["id"], query=query)
    return [tournament_summary(t) for t in found.items], found.next


def tournaments_running() -> list[int]:
    return list(Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list("pk", flat=True))


def arenas_running() -> list[int]:
    return list(Tournament.objects.filter(status=Tournament.Status.RUNNING, format=Tournament.Format.ARENA)
                .values_list("pk", flat=True))


def tournaments_due() -> list[int]:
    return list(Tournament.objects.filter(status=Tournament.Status.REGISTRATION, starts_at__lte=timezone.now())
                .values_list("pk", flat=True))


def table_ready_for(player: Player) -> dict[str, Any] | None:
    """The player's tournament table that is being played now, if any."""
    entry = (Entry.objects.filter(player=player, status=Entry.Status.PLAYING,
                                  tournament__status=Tournament.Status.RUNNING,
                                  current_game__status=Game.Status.ACTIVE)
             .select_related("tournament").order_by("-current_game_id").first())
    if entry is None or entry.current_game_id is None:
        return None
    table = Table.objects.filter(game_id=entry.current_game_id).values_list("round", flat=True).first()
    return {"game": entry.current_game_id, "tournament": entry.tournament_id, "name": entry.tournament.name,
            "round": table}


def ledger_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Every posting of the tournament's movements, for the organiser's CSV export (its
    column ``transfer`` is the movement's id, a name the exported files keep)."""
    rows = []
    for movement in Movement.objects.filter(tournament=tournament).prefetch_related("postings__account"):
        for posting in movement.postings.all():
            account = posting.account
            rows.append({"transfer": movement.pk, "kind": movement.kind, "key": movement.key,
                         "account": account.kind, "player": account.player_id, "amount": posting.amount,
                         "created_at": movement.created_at.isoformat(), "note": movement.note})
    return rows
