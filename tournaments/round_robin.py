"""Round-robin schedules for small fields. Standard library only.

- Tables of two: the circle method (``circle``, the schedule the two-player round robin
  always used, so stored tournaments read the same): everyone meets everyone exactly
  once; with an odd count one player sits out each round.
- Tables of 3 to 6 (``cover``): rounds are built greedily until every pair of players has
  shared a table at least once. Each round seats everyone at balanced tables
  (``seating.table_sizes``); each table is opened by the player with the most players still
  to meet, and each seat goes to whoever has met the fewest of those already at the table
  (then: the most still to meet, then the entry order); then two players of different tables
  swap while a swap seats more new pairs. Every round seats at least one new pair, so the
  schedule ends; it is not always the shortest possible (9 players at tables of 3: 4 rounds,
  the least possible; 12 at tables of 4: 6, where 4 would do).

Standings are Swiss's (``swiss.standings`` over the played rounds): points by place, then
Buchholz, then a drawn lot.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    docstring); the entrants' order breaks ties."""
    check_players(entrants)
    players = list(entrants)
    rank = {p: i for i, p in enumerate(players)}
    to_meet = {p: {q for q in players if q != p} for p in players}
    rounds: list[list[tuple[int, ...]]] = []
    while any(to_meet.values()):
        remaining = players[:]
        tables: list[list[int]] = []
        for size in table_sizes(len(players), seats):
            first = min(remaining, key=lambda p: (-len(to_meet[p]), rank[p]))
            remaining.remove(first)
            table = [first]
            while len(table) < size:
                best = min(remaining, key=lambda q: (-sum(p in to_meet[q] for p in table), -len(to_meet[q]), rank[q]))
                remaining.remove(best)
                table.append(best)
            tables.append(table)
        while _swap(tables, to_meet):
            pass
        for table in tables:
            for p in table:
                to_meet[p].difference_update(table)
        rounds.append([tuple(t) for t in tables])
    return rounds


def _swap(tables: list[list[int]], to_meet: dict[int, set[int]]) -> bool:
    """One swap of two players between tables that seats more new pairs; False if none."""

    def new(player: int, others: list[int]) -> int:
        return sum(q in to_meet[player] for q in others if q != player)

    for ti, here in enumerate(tables):
        for tj in range(ti + 1, len(tables)):
            there = tables[tj]
            for a in here:
                for b in there:
                    before = new(a, here) + new(b, there)
                    after = new(b, [p for p in here if p != a]) + new(a, [p for p in there if p != b])
                    if after > before:
                        here[here.index(a)], there[there.index(b)] = b, a
                        return True
    return False


def schedule(entrants: Sequence[int], seats: int) -> list[list[tuple[int, ...]]]:
    """The round-robin: ``circle`` at tables of two, ``cover`` at larger tables."""
    if seats == 2:
        return [[tuple(pair) for pair in pairs] for pairs in circle(entrants)]
    return cover(entrants, seats)
