"""A tournament's results read from its rounds: who is in, each played round as the pure
formats see it (``places.Round``), the standings with points and tiebreaks, and the rows
the API shows.

A round's tables are read from their games' results (``places.table_order``). An entrant
disqualified while on a bye is read as having forfeited that round (a table of one that
forfeits), so the formats' rules need no exception for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.models import Game
from tournaments import elimination, places, round_robin, swiss
from tournaments.models import Entry, Round, Table, Tournament

OUT = (Entry.Status.DISQUALIFIED,)


@dataclass(frozen=True)
class Played:
    number: int
    round: places.Round


@dataclass(frozen=True)
class Standings:
    groups: list[list[int]]  # best first; tied players share a group
    points: dict[int, int] = field(default_factory=dict)  # half-points (swiss, round robin)
    tiebreak: dict[int, int] = field(default_factory=dict)  # half-points of Buchholz


def entrants(tournament: Tournament) -> list[int]:
    """Everyone who entered and did not withdraw."""
    return sorted(tournament.entries.exclude(status=Entry.Status.WITHDRAWN).values_list("player_id", flat=True))


def still_playing(tournament: Tournament) -> list[int]:
    """Entrants who may still be seated (not withdrawn, eliminated or disqualified)."""
    return sorted(tournament.entries.filter(status__in=(Entry.Status.PLAYING, Entry.Status.REGISTERED))
                  .values_list("player_id", flat=True))


def disqualified(tournament: Tournament) -> set[int]:
    return set(tournament.entries.filter(status=Entry.Status.DISQUALIFIED).values_list("player_id", flat=True))


def played_rounds(tournament: Tournament) -> list[Played]:
    """Every closed round, as the formats read it."""
    closed = list(Round.objects.filter(tournament=tournament, closed_at__isnull=False).order_by("number"))
    if not closed:
        return []
    tables: dict[int, list[Table]] = {}
    for table in (Table.objects.filter(tournament=tournament, round__lte=closed[-1].number)
                  .select_related("game").only("round", "players", "game__result", "game__status").order_by("id")):
        tables.setdefault(table.round, []).append(table)
    out = disqualified(tournament)
    played = []
    for round_ in closed:
        orders: list[places.Order] = []
        forfeits: set[int] = set()
        for table in tables.get(round_.number, []):
            game: Game = table.game
            orders.append(places.table_order(table.players, game.result or {}))
            forfeits |= places.forfeited(table.players, game.result or {})
        byes = [p for p in round_.byes if p not in out]
        for player in round_.byes:
            if player in out:  # disqualified on a bye: a table of one that forfeits
                orders.append([[player]])
                forfeits.add(player)
        played.append(Played(round_.number, places.Round.of(orders, byes, forfeits)))
    return played


def mark_eliminated(tournament: Tournament, played: list[Played]) -> None:
    """Elimination: entrants who left in the last closed round are out."""
    if tournament.format != Tournament.Format.ELIMINATION or not played:
        return
    last = played[-1]
    if len(last.round.tables) == 1 and not last.round.byes:
        return  # the final: its players finish, nobody is eliminated
    moved = elimination.advance(last.round, tournament.leaves)
    out = [p for group in moved.out for p in group]
    tournament.entries.filter(player_id__in=out, status=Entry.Status.PLAYING).update(
        status=Entry.Status.ELIMINATED, out_in_round=last.number, current_game=None)


def compute(tournament: Tournament, played: list[Played]) -> Standings:
    """The standings as they stand (final once the tournament is over)."""
    field_ids = entrants(tournament)
    rounds = [p.round for p in played]
    if tournament.format == Tournament.Format.ELIMINATION:
        return Standings(elimination.standings(field_ids, rounds, tournament.leaves))
    table = swiss.rows(field_ids, rounds, seed=f"tournament-{tournament.pk}")
    out = disqualified(tournament)
    groups: list[list[int]] = []
    last: tuple[int, int] | None = None
    for row in table:
        if row.player in out:
            continue
        key = (row.points, row.buchholz)
        if key == last:
            groups[-1].append(row.player)
        else:
            groups.append([row.player])
        last = key
    if out:
        groups.append(sorted(out & set(field_ids)))  # disqualified: last, whatever they scored
    return Standings(groups, {r.player: r.points for r in table}, {r.player: r.buchholz for r in table})


def rounds_total(tournament: Tournament) -> int | None:
    """How many rounds the tournament plays (None: elimination, it depends on the results)."""
    if tournament.format == Tournament.Format.SWISS:
        return tournament.rounds
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return len(round_robin.schedule(entrants(tournament), tournament.seats))
    return None


def rows(tournament: Tournament, table: Standings, won: dict[int, int]) -> list[dict[str, Any]]:
    """The contract's standings: place, player, name, points, prize (and the tiebreak)."""
    names = dict(tournament.entries.values_list("player_id", "player__name"))
    out: list[dict[str, Any]] = []
    place = 1
    for group in table.groups:
        for player in group:
            out.append({"place": place, "player": player, "name": names.get(player, ""),
                        "points": table.points.get(player, 0) / 2,
                        "tiebreak": table.tiebreak[player] / 2 if player in table.tiebreak else None,
                        "prize": won.get(player, 0)})
        place += len(group)
    return out
