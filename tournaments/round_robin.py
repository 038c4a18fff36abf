"""Round-robin schedules for small fields. Standard library only.

- Tables of two: the circle method (``circle``, the schedule the two-player round robin
  always used, so stored tournaments read the same): everyone meets everyone exactly
  once; with an odd count one player sits out each round.
- Tables of 3 to 6 (``cover``, a greedy social-golfer schedule): rounds are built until
  every pair of players has shared a table at least once. A pair meeting for the first time
  earns ``NEW_PAIR``; a repeat costs 4 to the power of the times the pair has met, so
  repeats spread over many pairs instead of piling on a few. Each round is drawn
  ``ATTEMPTS`` times: the players in order (the most still to meet first, then the entry
  order; later attempts shuffled by a draw seeded by the field), each table opened by the
  first left and each seat given to whoever costs least with those already there, then two
  players of different tables swapped while a swap lowers the cost; the cheapest round is
  kept. Every round seats at least one new pair, so the schedule ends (12 players at tables
  of 4: 6 rounds, no pair together more than 3 times; 9 at tables of 3: 4 rounds, each
  pair once, the least possible).

Standings are Swiss's (``swiss.standings`` over the played rounds): points by place, then
Buchholz, then a drawn lot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from tournaments.seating import check_players, table_sizes


def circle(entrants: Sequence[int]) -> list[list[tuple[int, int]]]:
    """Rounds of pairings in which everyone meets everyone once (the circle method).

    With an odd number of entrants one of them sits out each round. Who takes seat 0
    alternates between rounds, so nobody always sits first.
    """
    players: list[int | None] = list(entrants)
    if len(players) < 2:
        return []
    if len(players) % 2:
        players.append(None)  # the bye
    n = len(players)
    rounds: list[list[tuple[int, int]]] = []
    for number in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is None or b is None:
                continue
            # The fixed player swaps every round; the others move between the rows as
            # they rotate, which alternates their seat by itself.
            pairs.append((b, a) if i == 0 and number % 2 else (a, b))
        rounds.append(pairs)
        players = [players[0], players[-1], *players[1:-1]]  # everyone but the first moves on
    return rounds


def cover(entrants: Sequence[int], seats: int) -> list[list[tuple[int, ...]]]:
    """Rounds of tables of up to ``seats`` until every pair has shared a table (module
    docstring); the entrants' order breaks ties and seeds the draws."""
    check_players(entrants)
    players = list(entrants)
    rank = {p: i for i, p in enumerate(players)}
    met: dict[int, dict[int, int]] = {p: {} for p in players}
    to_meet = {p: {q for q in players if q != p} for p in players}
    rng = random.Random(",".join(map(str, players)) + f"/{seats}")
    sizes = table_sizes(len(players), seats)
    rounds: list[list[tuple[int, ...]]] = []
    while any(to_meet.values()):
        best: list[list[int]] | None = None
        best_cost = 0
        for attempt in range(ATTEMPTS):
            order = sorted(players, key=lambda p: (-len(to_meet[p]), rank[p]))
            if attempt:
                rng.shuffle(order)
            tables = _greedy(order, sizes, met)
            while _swap(tables, met):
                pass
            cost = sum(_cost(p, table, met) for table in tables for p in table)
            if best is None or cost < best_cost:
                best, best_cost = tables, cost
        assert best is not None
        _seat_a_new_pair(best, to_meet)
        for table in best:
            for p in table:
                to_meet[p].difference_update(table)
                for q in table:
                    if q != p:
                        met[p][q] = met[p].get(q, 0) + 1
        rounds.append([tuple(t) for t in best])
    return rounds


def _seat_a_new_pair(tables: list[list[int]], to_meet: dict[int, set[int]]) -> None:
    """Make sure the round seats at least one pair still to meet (so the schedule ends):
    if none, the first such pair sits together, one swap bringing the second over."""
    if any(q in to_meet[p] for table in tables for p in table for q in table):
        return
    first = min(p for p in to_meet if to_meet[p])
    second = min(to_meet[first])
    here = next(t for t in tables if first in t)
    there = next(t for t in tables if second in t)
    moved = next(p for p in here if p != first)
    here[here.index(moved)], there[there.index(second)] = second, moved


def _greedy(order: list[int], sizes: list[int], met: dict[int, dict[int, int]]) -> list[list[int]]:
    """Tables filled in turn: each opened by the first of ``order`` left, each seat going to
    whoever costs least with those already there (the earlier in ``order`` on a tie)."""
    remaining = order[:]
    tables: list[list[int]] = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            pick = min(range(len(remaining)), key=lambda i: (_cost(remaining[i], table, met), i))
            table.append(remaining.pop(pick))
        tables.append(table)
    return tables


# Draws of each round's seating (the first in order of most still to meet, the rest
# shuffled); the cheapest after the swaps is kept.
ATTEMPTS = 6
# A pair's cost at one table (module docstring).
NEW_PAIR = -20


def _pair_cost(times: int) -> int:
    return NEW_PAIR if times == 0 else 4**times


def _cost(player: int, others: list[int], met: dict[int, dict[int, int]]) -> int:
    return sum(_pair_cost(met[player].get(q, 0)) for q in others if q != player)


def _swap(tables: list[list[int]], met: dict[int, dict[int, int]]) -> bool:
    """One swap of two players between tables that lowers the round's cost; False if none."""
    for ti, here in enumerate(tables):
        for tj in range(ti + 1, len(tables)):
            there = tables[tj]
            for a in here:
                for b in there:
                    stay_here = [p for p in here if p != a]
                    stay_there = [p for p in there if p != b]
                    before = _cost(a, stay_here, met) + _cost(b, stay_there, met)
                    after = _cost(b, stay_here, met) + _cost(a, stay_there, met)
                    if after < before:
                        here[here.index(a)], there[there.index(b)] = b, a
                        return True
    return False


def schedule(entrants: Sequence[int], seats: int) -> list[list[tuple[int, ...]]]:
    """The round-robin: ``circle`` at tables of two, ``cover`` at larger tables."""
    return [list(r) for r in _schedule(tuple(entrants), seats)]


@lru_cache(maxsize=64)
def _schedule(entrants: tuple[int, ...], seats: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``schedule`` once per field (every look at a round robin's page asks for it)."""
    if seats == 2:
        return tuple(tuple(tuple(pair) for pair in pairs) for pairs in circle(entrants))
    return tuple(tuple(r) for r in cover(entrants, seats))
