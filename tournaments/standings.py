"""A tournament's results read from its rounds: who is in, each played round as the pure
formats see it (``places.RoundResult``), the standings with points and tiebreaks, and the rows
the API shows.

A round's tables are read from their games' results (``places.table_order``). An entrant
disqualified forfeits the last round they sat in (``last_rounds``), even if their table had
ended (on a bye: a table of one that forfeits), so the formats' rules need no exception for
it; in the standings they come last, with no prize.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from games.models import Game
from tournaments import arena, elimination, fairness, places, prizes, round_robin, stages, swiss
from tournaments import entry as late
from tournaments.models import Entry, Round, Table, Tournament

OUT = (Entry.Status.DISQUALIFIED,)


@dataclass(frozen=True)
class NumberedRound:
    """A played round with its number (the ``Round`` row's), as the standings read it."""

    number: int
    round: places.RoundResult


@dataclass(frozen=True)
class Standings:
    groups: list[list[int]]  # best first; tied players share a group; the disqualified are not here
    points: dict[int, Fraction] = field(default_factory=dict)  # half-points (swiss, round robin)
    tiebreak: dict[int, Fraction] = field(default_factory=dict)  # half-points of Buchholz
    out: list[int] = field(default_factory=list)  # the disqualified: last, with no prize


def entrants(tournament: Tournament) -> list[int]:
    """Everyone who entered and did not withdraw."""
    return sorted(tournament.entries.exclude(status=Entry.Status.WITHDRAWN).values_list("player_id", flat=True))


def still_playing(tournament: Tournament) -> list[int]:
    """Entrants who may still be seated (not withdrawn, eliminated or disqualified)."""
    return sorted(tournament.entries.filter(status__in=(Entry.Status.PLAYING, Entry.Status.REGISTERED))
                  .values_list("player_id", flat=True))


def disqualified(tournament: Tournament) -> set[int]:
    return set(tournament.entries.filter(status=Entry.Status.DISQUALIFIED).values_list("player_id", flat=True))


def played_rounds(tournament: Tournament) -> list[NumberedRound]:
    """Every closed round, as the formats read it."""
    closed = list(Round.objects.filter(tournament=tournament, closed_at__isnull=False).order_by("number"))
    if not closed:
        return []
    tables: dict[int, list[Table]] = {}
    for table in (Table.objects.filter(tournament=tournament, round__lte=closed[-1].number)
                  .select_related("game").only("round", "players", "game__result", "game__status").order_by("id")):
        tables.setdefault(table.round, []).append(table)
    last = last_rounds(tournament, disqualified(tournament))
    played = []
    for round_ in closed:
        orders: list[places.Order] = []
        forfeits: set[int] = set()
        out = {p for p, number in last.items() if number == round_.number}
        for table in tables.get(round_.number, []):
            game: Game = table.game
            orders.append(places.table_order(table.players, game.result or {}))
            forfeits |= places.forfeited(table.players, game.result or {})
            forfeits |= out & set(table.players)  # disqualified at or after the table's end
        byes = [p for p in round_.byes if p not in out]
        for player in round_.byes:
            if player in out:  # disqualified on a bye: a table of one that forfeits
                orders.append([[player]])
                forfeits.add(player)
        played.append(NumberedRound(round_.number, places.RoundResult.of(orders, byes, forfeits)))
    return played


def last_rounds(tournament: Tournament, players: set[int]) -> dict[int, int]:
    """The last round (open or closed) each of ``players`` sat in or had a bye in: where a
    disqualified player forfeits. A player disqualified after their table ended would
    otherwise go on in the formats' eyes and be missing from the next round's seating."""
    if not players:
        return {}
    last: dict[int, int] = {}
    for number, seated in Table.objects.filter(tournament=tournament).values_list("round", "players"):
        for player in players.intersection(seated):
            last[player] = max(last.get(player, 0), number)
    for number, byes in Round.objects.filter(tournament=tournament).values_list("number", "byes"):
        for player in players.intersection(byes):
            last[player] = max(last.get(player, 0), number)
    return last


def arrivals(tournament: Tournament) -> dict[int, list[int]]:
    """Late entries and re-entries by the round they begin with (``late.arrivals``), less
    those of a player disqualified before that round seated them: they never sit in it, and
    the elimination counting them in would find a player in without a seat, so that no
    later round could be seated."""
    out = disqualified(tournament)
    last = last_rounds(tournament, out)
    kept = {number: [p for p in players if p not in out or number <= last.get(p, 0)]
            for number, players in late.arrivals(tournament).items()}
    return {number: players for number, players in kept.items() if players}


def out_before_final_stage(tournament: Tournament, chain: stages.Chain) -> set[int]:
    """The disqualified who take no part in the stages' elimination: those disqualified
    while the qualifying stage was played. Who went on is fixed when it ends: one who went
    on and is disqualified later stays in the elimination's field and forfeits there (as
    in any elimination), or the best of the rest would be found to sit in rounds already
    played that they never sat in, and no later round could be seated."""
    out = disqualified(tournament)
    last = last_rounds(tournament, out)
    return {player for player in out if last.get(player, 0) <= chain.first_rounds}


def mark_eliminated(tournament: Tournament, played: list[NumberedRound]) -> None:
    """Elimination: entrants who left in the last closed round are out; with stages, those
    who did not go on when the qualifying stage ended."""
    chain = stages.chain(tournament, entrants(tournament)) if played else None
    if chain is not None and len(played) == chain.first_rounds:
        field_ids = entrants(tournament)
        on = stages.advancing(chain, field_ids, [p.round for p in played], out_before_final_stage(tournament, chain),
                              lot(tournament), tournament.seats)
        tournament.entries.filter(status=Entry.Status.PLAYING).exclude(player_id__in=on).update(
            status=Entry.Status.ELIMINATED, out_in_round=played[-1].number, current_game=None)
        return
    if chain is not None and len(played) > chain.first_rounds:
        pass  # the elimination stage: as an elimination
    elif tournament.format != Tournament.Format.ELIMINATION or not played:
        return
    last = played[-1]
    if len(last.round.tables) == 1 and not last.round.byes:
        return  # the final: its players finish, nobody is eliminated
    moved = elimination.advance(last.round, tournament.leaves)
    out = [p for group in moved.out for p in group]
    tournament.entries.filter(player_id__in=out, status=Entry.Status.PLAYING).update(
        status=Entry.Status.ELIMINATED, out_in_round=last.number, current_game=None)


def lot(tournament: Tournament) -> dict[int, int]:
    """Every entrant's lot (lower is better): the order that breaks ties nothing else
    breaks, drawn from the tournament's committed seed (so fixed before anyone entered)."""
    drawn = entrants(tournament)
    seed = fairness.lot_seed(tournament.fair_seed) if tournament.fair_seed else f"tournament-{tournament.pk}"
    random.Random(seed).shuffle(drawn)
    return {player: index for index, player in enumerate(drawn)}


# A player whose seat was given up (absent past the reconnect window, or their clock) at
# this many of their tables in a row is withdrawn: seated no more, ranked by what they played.
ABSENT_TABLES = 2


def absent(played: list[NumberedRound], players: list[int], tables: int = ABSENT_TABLES) -> list[int]:
    """Of ``players``, those whose seat forfeited at each of their last ``tables`` tables
    (a bye is no table: it neither counts nor breaks the run)."""
    gone = []
    for player in players:
        run = 0
        for step in reversed(played):
            if player in step.round.byes:
                continue
            if player not in step.round.forfeits or not any(player in g for t in step.round.tables for g in t):
                break
            run += 1
            if run >= tables:
                gone.append(player)
                break
    return gone


def mark_absent(tournament: Tournament, played: list[NumberedRound]) -> None:
    """Swiss and round robin: entrants absent for ``ABSENT_TABLES`` tables in a row are
    withdrawn (shown as out); they keep their points and their place by them. (In an
    elimination a forfeited seat leaves at once.)"""
    if tournament.format == Tournament.Format.ELIMINATION or not played:
        return
    playing = list(tournament.entries.filter(status=Entry.Status.PLAYING).values_list("player_id", flat=True))
    gone = absent(played, playing)
    if gone:
        tournament.entries.filter(player_id__in=gone, status=Entry.Status.PLAYING).update(
            status=Entry.Status.ELIMINATED, out_in_round=played[-1].number, current_game=None)


def compute(tournament: Tournament, played: list[NumberedRound], *, final: bool = False) -> Standings:
    """The standings as they stand (``final``: at the end, when a first place still shared,
    whose tiebreaks could not be played, is split by the lot: one winner, always). Tied
    players are listed in the order of the lot (it gives the odd coins of a shared prize)."""
    if tournament.format == Tournament.Format.ARENA:
        return arena_standings(tournament)
    field_ids = entrants(tournament)
    rounds = [p.round for p in played]
    out = disqualified(tournament) & set(field_ids)
    drawn = lot(tournament)
    points: dict[int, Fraction] = {}
    tiebreak: dict[int, Fraction] = {}
    chain = stages.chain(tournament, field_ids)
    if chain is not None:
        scored = swiss.rows(field_ids, rounds[:chain.first_rounds], seats=tournament.seats)
        points = {r.player: r.points for r in scored}
        tiebreak = {r.player: r.buchholz for r in scored}
        # Those disqualified after going on are in the elimination's ranking; ``out`` takes
        # them out of it below, to the last places.
        ranked = stages.standings(chain, field_ids, rounds, out_before_final_stage(tournament, chain), drawn,
                                  tournament.seats)
    elif tournament.format == Tournament.Format.ELIMINATION:
        ranked = elimination.standings(late.first_round_field(tournament), rounds, tournament.leaves,
                                       arrivals(tournament))
    else:
        table = swiss.rows(field_ids, rounds, seats=tournament.seats)
        points = {r.player: r.points for r in table}
        tiebreak = {r.player: r.buchholz for r in table}
        # Points, then Buchholz, then the lot: in a swiss or a round robin nobody ties.
        ranked = [[r.player] for r in sorted(table, key=lambda r: (-r.points, -r.buchholz, drawn[r.player]))]
    groups = [sorted((p for p in group if p not in out), key=drawn.__getitem__) for group in ranked]
    groups = [group for group in groups if group]
    if final and groups and len(groups[0]) > 1:
        groups = [[p] for p in groups[0]] + groups[1:]
    return Standings(groups, points, tiebreak, sorted(out, key=drawn.__getitem__))


def place_amounts(tournament: Tournament, places: int) -> list[int]:
    """The coins of each of ``places`` places, best first, out of the whole pool: the fixed
    prizes first, the percentages of the rest."""
    field_size = len(entrants(tournament))
    money = late.money(tournament)  # every fee paid, late entries and re-entries too
    return prizes.place_amounts(money.total, prizes.payouts_for(tournament.payouts, max(field_size, 1)), places,
                                tournament.prize_amounts or ())


def prizes_won(tournament: Tournament, table: Standings) -> dict[int, int]:
    """Coins each player wins. The disqualified win nothing: the places are those of the
    others, so their share goes to the places below (the contract), a fixed prize too,
    and the whole pool is paid whatever happened."""
    field_size = len(entrants(tournament))
    money = late.money(tournament)  # every fee paid, late entries and re-entries too
    percents = prizes.payouts_for(tournament.payouts, max(field_size, 1))
    if not table.groups:  # everyone disqualified: the pool goes back as a cancel would
        return {}
    return prizes.prizes(money.total, percents, table.groups, tournament.prize_amounts or ())


def rounds_total(tournament: Tournament) -> int | None:
    """How many rounds the tournament plays (None: elimination, it depends on the results)."""
    if tournament.format == Tournament.Format.SWISS and not tournament.stages:
        return tournament.rounds
    if tournament.stages:
        return None
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return len(round_robin.schedule(entrants(tournament), tournament.seats))
    return None


def rows(tournament: Tournament, table: Standings, won: dict[int, int]) -> list[dict[str, Any]]:
    """The contract's standings: place, player, name, points, prize (and the tiebreak)."""
    names = dict(tournament.entries.values_list("player_id", "player__name"))
    out: list[dict[str, Any]] = []
    place = 1
    # The disqualified come last, one place each in the order of the lot (they share no
    # prize, and should all be, the first of them is no second winner).
    for group in [*table.groups, *([p] for p in table.out)]:
        for player in group:
            out.append({"place": place, "player": player, "name": names.get(player, ""),
                        "points": _shown(table.points.get(player, Fraction(0))),
                        "tiebreak": _shown(table.tiebreak[player]) if player in table.tiebreak else None,
                        "prize": won.get(player, 0)})
        place += len(group)
    return out


def _shown(half_points: Fraction) -> float:
    """Half-points as points, to two places (points are exact fractions when tables of
    different sizes were scaled to one)."""
    return round(float(half_points) / 2, 2)


def arena_scores(tournament: Tournament) -> dict[int, arena.Score]:
    """Every entrant's arena score, as kept by ``arena_play`` when each table ends."""
    return {player: arena.Score(points, streak, tables, wins) for player, points, streak, tables, wins in
            tournament.entries.exclude(status=Entry.Status.WITHDRAWN).values_list(
                "player_id", "arena_points", "arena_streak", "arena_tables", "arena_wins")}


def arena_standings(tournament: Tournament) -> Standings:
    """The arena's standings: one player per place (``arena.ranking``: points, tables won,
    the lot), the disqualified apart. Its points are the arena's, doubled here because
    ``rows`` shows half-points."""
    score = arena_scores(tournament)
    out = disqualified(tournament) & set(score)
    drawn = lot(tournament)
    order = arena.ranking(score, drawn, frozenset(out))
    return Standings([[p] for p in order if p not in out], {p: Fraction(2 * s.points) for p, s in score.items()},
                     {p: Fraction(2 * s.wins) for p, s in score.items()}, sorted(out, key=drawn.__getitem__))
