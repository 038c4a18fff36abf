"""Swiss: a fixed number of rounds, players of similar points at one table, repeat opponents
avoided where possible. Standard library only, but for the matching at tables of two
(networkx). Points are half-points (``places.table_points``:
at a table of k the p-th to go out scores k - p, tied players the average; at a table of two
a win 1, a draw ½); a bye (tables of two, an odd count) scores a win at a table of two.
Balanced tables may differ by one seat (13 players at tables of 4 sit 4, 3, 3, 3), so with
``seats`` given each table's points are scaled to a table of that many, (seats - 1)/(k - 1):
a win is worth the same at every table, and so is outlasting the same share of a table.

Pairing a round (``pair``):
1. RoundResult one (no points, nobody met) is ``seating.seat``: snake seeding by rating, or a draw.
2. Later rounds order the players by points, best first, equal points in a random order
   drawn from the round's seed.
3. A bye (only at tables of two) goes to the lowest in that order among those with the
   fewest byes.
4. The tables are filled from the top of the order: each table is opened by the best player
   not yet seated, and each seat goes to the next best who has met nobody at the table (or,
   if everyone has, the fewest there). Repeats left are then removed by swapping two players
   between tables, the nearest tables first, while a swap lowers the repeats. If any remain,
   a depth-first search (best first, backtracking over the other candidates and table
   sizes) looks for a round with none, and finds one whenever one exists within ``budget``
   candidate checks (always, in small fields); failing that the swapped tables stand.
5. At tables of two, steps 4's fill, swaps and search give way to a maximum-weight matching
   (``tournaments.matching``): fewest repeats over the whole round, then the smallest
   score gaps, then the order.

Standings: points, then Buchholz (the sum of the final points of every opponent met, once
per table shared; a bye adds none), then, if a seed is given, a lot drawn from it (recorded
with the tournament); without a seed, players equal on both share their places.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments import matching
from tournaments.places import (
    Order,
    PlayedTournament,
    RoundResult,
    TableOutcome,
    play_round,
    round_seed,
    table_points,
)
from tournaments.seating import Seating, Seed, check_players, pick_byes, seat, table_sizes

BYE = 2  # half-points: a win at a table of two
BUDGET = 50_000


def points(rounds: Iterable[RoundResult], seats: int | None = None) -> dict[int, Fraction]:
    """Half-points of everyone who played or had a bye, each table's scaled to a table of
    ``seats`` (module docstring; None: no scaling)."""
    total: dict[int, Fraction] = {}
    for played in rounds:
        for table in played.tables:
            size = sum(len(g) for g in table)
            # Whole numbers where no scaling is needed: Fractions only where tables differ.
            scale = Fraction(seats - 1, size - 1) if seats and 1 < size != seats else 1
            for player, earned in table_points(table).items():
                total[player] = total.get(player, 0) + earned * scale  # type: ignore[assignment]
        for player in played.byes:
            total[player] = total.get(player, 0) + BYE * ((seats or 2) - 1)  # type: ignore[assignment]
    return total


def opponents(rounds: Iterable[RoundResult]) -> dict[int, Counter[int]]:
    """For each player, how many times each other player shared a table with them."""
    met: dict[int, Counter[int]] = {}
    for played in rounds:
        for table in played.tables:
            everyone = [p for group in table for p in group]
            for player in everyone:
                met.setdefault(player, Counter()).update(q for q in everyone if q != player)
    return met


def _members(chosen: list[int], cands: Sequence[int], start: int, need: int,
             met: Mapping[int, Collection[int]], budget: list[int]) -> Iterator[list[int]]:
    """Ways to add ``need`` of ``cands[start:]`` (best first) to ``chosen``, none of whom has
    met anyone chosen."""
    if need == 0:
        yield []
        return
    for i in range(start, len(cands) - need + 1):
        budget[0] -= 1
        if budget[0] <= 0:
            return
        candidate = cands[i]
        seen = met.get(candidate)
        if seen and any(c in seen for c in chosen):
            continue
        chosen.append(candidate)
        for tail in _members(chosen, cands, i + 1, need - 1, met, budget):
            yield [candidate, *tail]
        chosen.pop()


def _search(order: Sequence[int], sizes: Sequence[int], met: Mapping[int, Collection[int]],
            budget: int) -> list[list[int]] | None:
    """Tables of ``sizes`` with no repeat meeting, filled best first; None if there are none
    (or the budget ran out first). Iterative: a field of 1,024 is hundreds of tables deep."""
    left = [budget]
    sizes_left = Counter(sizes)
    seated: set[int] = set()
    tables: list[list[int]] = []

    def options() -> Iterator[list[int]]:
        cands = [p for p in order if p not in seated]
        for size in sorted((s for s, n in sizes_left.items() if n), reverse=True):
            for others in _members([cands[0]], cands, 1, size - 1, met, left):
                yield [cands[0], *others]

    if not order:
        return []
    stack = [options()]
    while stack:
        if len(tables) == len(stack):  # this level's last table: take it back before the next
            undone = tables.pop()
            seated.difference_update(undone)
            sizes_left[len(undone)] += 1
        table = next(stack[-1], None)
        if table is None:
            if left[0] <= 0:
                return None
            stack.pop()
            continue
        tables.append(table)
        seated.update(table)
        sizes_left[len(table)] -= 1
        if len(seated) == len(order):
            return tables
        stack.append(options())
    return None


def _fewest_repeats(order: Sequence[int], sizes: Sequence[int],
                    met: Mapping[int, Counter[int]]) -> list[list[int]]:
    """Tables filled best first, each seat taking the candidate with the fewest earlier
    meetings with those already at the table (the first such in the order)."""
    remaining = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            best, fewest = 0, -1
            for i, candidate in enumerate(remaining):
                repeats = _met(candidate, table, met)
                if fewest < 0 or repeats < fewest:
                    best, fewest = i, repeats
                    if not repeats:
                        break
            table.append(remaining.pop(best))
        tables.append(table)
    return tables


def _met(player: int, others: Iterable[int], met: Mapping[int, Counter[int]]) -> int:
    seen = met.get(player)
    return sum(seen[q] for q in others if q != player) if seen else 0


def repeats(tables: Iterable[Sequence[int]], met: Mapping[int, Counter[int]]) -> int:
    """Earlier meetings between players now at one table, counted per pair."""
    return sum(_met(p, t[i + 1 :], met) for t in tables for i, p in enumerate(t))


def _swap(tables: list[list[int]], met: Mapping[int, Counter[int]]) -> bool:
    """One swap of two players between tables that lowers the repeats, the nearest tables
    first; False if there is none."""
    for ti, here in enumerate(tables):
        for b in [p for p in here if _met(p, here, met)]:
            stay = [p for p in here if p != b]
            for step in range(1, len(tables)):
                for tj in (ti + step, ti - step):
                    if not 0 <= tj < len(tables):
                        continue
                    there = tables[tj]
                    for c in there:
                        gain = _met(b, stay, met) + _met(c, there, met) - _met(c, stay, met) - _met(
                            b, [p for p in there if p != c], met)
                        if gain > 0:
                            here[here.index(b)], there[there.index(c)] = c, b
                            return True
    return False


def _tables(order: Sequence[int], sizes: Sequence[int], met: Mapping[int, Counter[int]],
            budget: int, points: Mapping[int, Fraction | int]) -> list[list[int]]:
    """Tables for the round (module docstring, steps 4 and 5)."""
    if sizes and set(sizes) == {2}:
        return matching.pairs(order, points, met)
    tables = _fewest_repeats(order, sizes, met)
    while repeats(tables, met) and _swap(tables, met):
        pass
    if repeats(tables, met):
        found = _search(order, sizes, met, budget)
        if found is not None:
            return found
    return tables


def pair(players: Iterable[int], seats: int, *, points: Mapping[int, Fraction] | Mapping[int, int], met: Mapping[int, Counter[int]],
         seed: Seed, ratings: Mapping[int, float] | None = None, byes_had: Iterable[int] = (),
         budget: int = BUDGET) -> Seating:
    """Seat a Swiss round (module docstring) from the points so far and who met whom
    (``opponents``)."""
    pool = check_players(players)
    if not any(points.get(p) for p in pool) and not any(met.get(p) for p in pool):
        return seat(pool, seats, seed=seed, ratings=ratings, byes_had=byes_had)
    rng = random.Random(seed)
    drawn = pool[:]
    rng.shuffle(drawn)
    order = sorted(drawn, key=lambda p: -points.get(p, 0))
    sizes = table_sizes(len(order), seats)
    byes = set(pick_byes(order[::-1], len(order) - sum(sizes), byes_had))
    rest = [p for p in order if p not in byes]
    tables = _tables(rest, sizes, met, budget, points)
    for table in tables:
        rng.shuffle(table)
    return Seating(tuple(tuple(t) for t in tables), tuple(sorted(byes)))


@dataclass(frozen=True)
class Row:
    player: int
    points: Fraction  # half-points
    buchholz: Fraction  # half-points: opponents' points, once per table shared
    lot: int | None  # the drawn lot (lower is better), when standings were drawn with a seed


def rows(players: Iterable[int], rounds: Sequence[RoundResult], *, seed: Seed | None = None,
         seats: int | None = None) -> list[Row]:
    """The standings' rows, best first: points (scaled to tables of ``seats``), Buchholz,
    then the lot (if ``seed``)."""
    field = check_players(players)
    scored = points(rounds, seats)
    met = opponents(rounds)
    lots: dict[int, int] = {}
    if seed is not None:
        drawn = field[:]
        random.Random(seed).shuffle(drawn)
        lots = {p: i for i, p in enumerate(drawn)}
    ranked = [Row(p, scored.get(p, Fraction(0)),
                  sum((scored.get(q, Fraction(0)) * n for q, n in met.get(p, Counter()).items()), Fraction(0)),
                  lots.get(p)) for p in field]
    ranked.sort(key=lambda r: (-r.points, -r.buchholz, r.lot or 0))
    return ranked


def standings(players: Iterable[int], rounds: Sequence[RoundResult], *, seed: Seed | None = None,
              seats: int | None = None) -> Order:
    """Places in groups best first: players equal on points and Buchholz (and lot) tie."""
    groups: Order = []
    last: tuple[Fraction, Fraction, int | None] | None = None
    for row in rows(players, rounds, seed=seed, seats=seats):
        key = (row.points, row.buchholz, row.lot)
        if key == last:
            groups[-1].append(row.player)
        else:
            groups.append([row.player])
        last = key
    return groups


def play(entrants: Iterable[int], seats: int, rounds: int, table_outcome: TableOutcome, seed: Seed, *,
         ratings: Mapping[int, float] | None = None) -> PlayedTournament:
    """A whole Swiss tournament of ``rounds`` rounds, every table's result from
    ``table_outcome(round, players by seat)``; the final standings drawn from ``seed``."""
    field = check_players(entrants)
    seatings: list[Seating] = []
    played: list[RoundResult] = []
    byes_had: list[int] = []
    for number in range(1, rounds + 1):
        seating = pair(field, seats, points=points(played, seats), met=opponents(played),
                       seed=round_seed(seed, number),
                       ratings=ratings, byes_had=byes_had)
        seatings.append(seating)
        played.append(play_round(seating, number, table_outcome))
        byes_had.extend(seating.byes)
    return PlayedTournament(tuple(seatings), tuple(played), standings(field, played, seed=seed, seats=seats))

