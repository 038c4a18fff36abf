"""Reads: wallets, the schedule's outcomes, standings and what the API shows."""

from __future__ import annotations

from typing import Any

from django.db.models import Sum

from accounts.models import Player
from games.models import Game
from games.results import first_seat_score
from tournaments import scoring
from tournaments.errors import TournamentNotFound
from tournaments.models import LedgerEntry, Table, Tournament


def wallet_balance(player_id: int) -> int:
    total = LedgerEntry.objects.filter(player_id=player_id).aggregate(total=Sum("amount"))["total"]
    return int(total or 0)


def wallet_entries(player_id: int, limit: int = 50) -> list[LedgerEntry]:
    return list(LedgerEntry.objects.filter(player_id=player_id).order_by("-id")[:limit])


def tournament_get(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_related("organiser").get(pk=tournament_id)
    except Tournament.DoesNotExist as error:
        raise TournamentNotFound(tournament_id) from error


def entrant_ids(tournament: Tournament) -> list[int]:
    """Entrants in the order they entered: the schedule and tie-breaks follow it."""
    return list(tournament.entries.order_by("id").values_list("player_id", flat=True))


def schedule(tournament: Tournament) -> list[list[tuple[int, int]]]:
    return scoring.round_robin(entrant_ids(tournament))


def tables_of(tournament: Tournament) -> list[Table]:
    return list(tournament.tables.select_related("game", "first", "second").order_by("round", "id"))


def first_score(game: Game) -> int | None:
    """What the player in seat 0 scored, or None while the game goes on. A seat that
    forfeited (left for longer than the reconnect window) loses whatever the computer
    standing in for it did."""
    if game.status != Game.Status.FINISHED or not game.result:
        return None
    return round(first_seat_score(game.result) * scoring.WIN)


def outcomes(tables: list[Table]) -> list[scoring.Outcome]:
    done = []
    for table in tables:
        score = first_score(table.game)
        if score is not None:
            done.append(scoring.Outcome(table.first_id, table.second_id, score))
    return done


def pool(tournament: Tournament, entrants: int) -> int:
    return tournament.entry_fee * entrants + tournament.added_prize


def _standing_json(row: scoring.Standing, names: dict[int, str], prizes: dict[int, int]) -> dict[str, Any]:
    return {
        "place": row.place, "player": row.player, "name": names.get(row.player, ""),
        "played": row.played, "wins": row.wins, "draws": row.draws, "losses": row.losses,
        "points": row.half_points / 2, "prize": prizes.get(row.player, 0),
    }


def standings_json(tournament: Tournament, entrants: list[int], tables: list[Table]) -> list[dict[str, Any]]:
    """The table as it stands, with the prize each place would take if it ended now."""
    ranked = scoring.standings(entrants, outcomes(tables))
    prizes = scoring.payouts(pool(tournament, len(entrants)), tournament.prize_split, ranked)
    names = dict(Player.objects.filter(pk__in=entrants).values_list("pk", "name"))
    return [_standing_json(row, names, prizes) for row in ranked]


def _table_json(table: Table) -> dict[str, Any]:
    game = table.game
    return {
        "game": game.pk, "status": game.status,
        "players": [{"player": table.first_id, "name": table.first.name},
                    {"player": table.second_id, "name": table.second.name}],
        "first_score": None if (score := first_score(game)) is None else score / 2,
    }


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    entrants = tournament.entries.count()
    return {
        "id": tournament.pk, "name": tournament.name, "status": tournament.status,
        "organiser": tournament.organiser.name, "organiser_id": tournament.organiser_id,
        "entry_fee": tournament.entry_fee,
        "pool": pool(tournament, entrants), "entrants": entrants, "max_entrants": tournament.max_entrants,
        "created_at": tournament.created_at.isoformat(),
    }


def tournament_detail(tournament: Tournament, player: Player | None) -> dict[str, Any]:
    entrants = entrant_ids(tournament)
    tables = tables_of(tournament)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for table in tables:
        rounds.setdefault(table.round, []).append(_table_json(table))
    names = dict(Player.objects.filter(pk__in=entrants).values_list("pk", "name"))
    standings = tournament.standings if tournament.standings is not None else standings_json(tournament, entrants, tables)
    return {
        **tournament_summary(tournament),
        "rules": tournament.rules, "added_prize": tournament.added_prize,
        "prize_split": tournament.prize_split, "move_timer": tournament.move_timer,
        "spectator_delay": tournament.spectator_delay,
        "rounds_total": len(scoring.round_robin(entrants)),
        "entered": player is not None and player.pk in entrants,
        "players": [{"player": pk, "name": names.get(pk, "")} for pk in entrants],
        "rounds": [{"round": number, "tables": rounds[number]} for number in sorted(rounds)],
        "standings": standings,
        "started_at": tournament.started_at.isoformat() if tournament.started_at else None,
        "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
    }


def tournaments_list(limit: int = 50) -> list[Tournament]:
    return list(Tournament.objects.select_related("organiser").order_by("-id")[:limit])


def tournaments_running() -> list[int]:
    return list(Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list("pk", flat=True))
