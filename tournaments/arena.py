"""The arena's rules, apart from the database: points by place with a streak bonus, who
sits with whom when players wait, and the leaderboard's order. Standard library only.

Points (Lichess's arena scale, read for tables of 2 to 6):

- At a finished table the winner (the one player alone in the best place) scores 2, the
  durak (alone in the last place) 0, everyone else 1. A drawn table of two: 1 each; at
  bigger tables a tie only matters at the ends (two sharing the best place score 1 each,
  not 2). A forfeited seat (a disqualified or absent player) scores 0. So a table is
  worth the same whatever its size, and a win is a win.
- The streak: a player who won their last two tables is "on fire": every table they play
  scores double (a win 4, a middle place 2, the durak 0) until a table that is not a win.
  Lichess's arena does the same with its 2/1/0 for a win, a draw and a loss.

Seating (``tables_for``): the players waiting are ordered by points (then who waited
longest), cut into tables of the tournament's size, and anyone who sat with a table-mate at
their last table is swapped with the nearest player of the next table (or the one before)
when that clears it. Only the waiting pool is looked at, never the whole field: seating
costs O(w log w) for w waiting, whatever the field's size.

Leaderboard (``ranking``): points, then tables won, then the lot (a number drawn per
player from the tournament's seed, lower first): every player has their own place, so an
arena always has exactly one winner. Disqualified players come last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

WIN, MIDDLE, DURAK = 2, 1, 0
FIRE_AFTER = 2  # wins in a row before points double


@dataclass(frozen=True)
class Score:
    points: int = 0
    streak: int = 0  # wins in a row, up to the last table
    tables: int = 0
    wins: int = 0


def table_base(order: Sequence[Sequence[int]], forfeits: frozenset[int] = frozenset()) -> dict[int, int]:
    """Each player's points at one finished table before the streak (module docstring):
    ``order`` is the table's ranking, groups of tied players best first."""
    groups = [list(g) for g in order if g]
    points: dict[int, int] = {}
    for index, group in enumerate(groups):
        alone = len(group) == 1
        if index == 0 and alone and len(groups) > 1:
            value = WIN
        elif index == len(groups) - 1 and alone and len(groups) > 1:
            value = DURAK
        else:
            value = MIDDLE
        for player in group:
            points[player] = 0 if player in forfeits else value
    return points


def on_fire(score: Score) -> bool:
    return score.streak >= FIRE_AFTER


def scored(score: Score, base: int) -> Score:
    """A player's score after a table where they earned ``base`` points before the streak."""
    won = base == WIN
    gained = base * 2 if on_fire(score) else base
    return Score(points=score.points + gained, streak=score.streak + 1 if won else 0, tables=score.tables + 1,
                 wins=score.wins + int(won))


@dataclass(frozen=True)
class Waiting:
    player: int
    points: int
    since: float  # when they became free (seconds, any epoch): who waited longest goes first
    last: frozenset[int] = frozenset()  # the players of their last table


def _clashes(table: Sequence[Waiting]) -> int:
    """How many pairs at the table sat together at the last table of either."""
    ids = {w.player for w in table}
    pairs = set()
    for w in table:
        for other in w.last & ids:
            if other != w.player:
                pairs.add(frozenset((w.player, other)))
    return len(pairs)


def _spread(table: Sequence[Waiting]) -> int:
    """How far apart the scores at a table are (squared, so two small gaps beat one big)."""
    return (max(w.points for w in table) - min(w.points for w in table)) ** 2 if table else 0


def _mend(tables: list[list[Waiting]]) -> None:
    """While a table seats players of one last table, swap one of them with a player of the
    next table (or the one before): the swap that leaves the fewest repeats at the two
    tables, then the closest scores."""
    for t, table in enumerate(tables):
        for _ in range(len(table)):
            if not _clashes(table):
                break
            best: tuple[int, int, int, int, int] | None = None  # (repeats, spread, neighbour, i, j)
            for neighbour in (t + 1, t - 1):
                if not 0 <= neighbour < len(tables):
                    continue
                there = tables[neighbour]
                for i in range(len(table)):
                    for j in range(len(there)):
                        table[i], there[j] = there[j], table[i]
                        option = (_clashes(table) + _clashes(there), _spread(table) + _spread(there), neighbour, i, j)
                        table[i], there[j] = there[j], table[i]
                        if best is None or option < best:
                            best = option
            if best is None or best[0] >= _clashes(table) + _clashes(tables[best[2]]):
                break
            _, _, neighbour, i, j = best
            table[i], tables[neighbour][j] = tables[neighbour][j], table[i]


def sizes_for(waiting: int, seats: int, *, all_now: bool) -> list[int]:
    """The tables to open for ``waiting`` players: full tables of ``seats`` (the rest wait
    for the next finish), or with ``all_now`` everyone at balanced tables of 2 to ``seats``
    (an odd player over at tables of two waits)."""
    if waiting < 2:
        return []
    if not all_now:
        return [seats] * (waiting // seats)
    tables = -(-waiting // seats)
    base, extra = divmod(waiting, tables)
    if base < 2:
        return [2] * (waiting // 2)
    return [base + 1] * extra + [base] * (tables - extra)


def tables_for(waiting: Sequence[Waiting], sizes: Sequence[int]) -> list[list[int]]:
    """Who sits together: those who waited longest fill the ``sizes`` (the newest wait on),
    ordered by points so close scores meet, then mended for repeats (module docstring)."""
    seated = sorted(waiting, key=lambda w: (w.since, w.player))[:sum(sizes)]
    seated.sort(key=lambda w: (-w.points, w.since, w.player))
    tables: list[list[Waiting]] = []
    start = 0
    for size in sizes:
        tables.append(list(seated[start:start + size]))
        start += size
    _mend(tables)
    return [[w.player for w in table] for table in tables]


def all_met(table: Sequence[int], last: Mapping[int, frozenset[int]]) -> bool:
    """Whether every player at ``table`` sat with all the others at their last table."""
    return all(set(table) - {p} <= last.get(p, frozenset()) for p in table)


def ranking(scores: Mapping[int, Score], lots: Mapping[int, int], out: frozenset[int] = frozenset()) -> list[int]:
    """The leaderboard, best first (module docstring): one player per place."""
    ranked = sorted((p for p in scores if p not in out),
                    key=lambda p: (-scores[p].points, -scores[p].wins, lots.get(p, 0), p))
    return ranked + sorted(p for p in scores if p in out)
