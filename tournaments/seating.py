"""Who sits where in a round. Standard library only.

Every draw comes from ``random.Random(seed)`` over the players sorted by id, so a round is
re-derived from (players, seats, seed, ratings, byes had): the seed is what to record.

- ``table_sizes``: as few tables as the seats allow, sizes differing by at most one, never a
  table of one. Only tables of two can leave a player over (an odd count): that player has
  a bye.
- A bye goes to a player with the fewest byes so far (so to one who has had none while
  such a player is left), drawn at random among them.
- With ratings the others are seeded by rating, best first (the unrated after the rated,
  equal ratings in drawn order), and dealt to the tables in a snake (1, 2, …, t, t, …, 2, 1,
  1, 2, …): the t strongest sit at t different tables. Without ratings the tables are a
  random draw. Seat order at each table is drawn too, so no seed always sits in seat 0.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Seed = str | int


@dataclass(frozen=True)
class Seating:
    tables: tuple[tuple[int, ...], ...]  # player ids by seat
    byes: tuple[int, ...] = ()  # sorted


def table_sizes(count: int, seats: int) -> list[int]:
    """The sizes of the round's tables, largest first; ``count - sum(sizes)`` players have a
    bye (one, with an odd count at tables of two; everyone, when fewer than two play)."""
    if seats < 2:
        raise ValueError("a table seats at least 2 players.")
    if count < 2:
        return []
    tables = -(-count // seats)
    base, extra = divmod(count, tables)
    if base < 2:  # tables of two and an odd count: one player over
        return [2] * (count // 2)
    return [base + 1] * extra + [base] * (tables - extra)


def check_players(players: Iterable[int]) -> list[int]:
    """The players sorted by id; ValueError if one is listed twice."""
    ordered = sorted(players)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if before == after:
            raise ValueError(f"player {before} is listed twice.")
    return ordered


def pick_byes(candidates: Sequence[int], count: int, byes_had: Iterable[int] = ()) -> list[int]:
    """``count`` players for a bye: the fewest byes had first, then in the given order."""
    had = Counter(byes_had)
    return sorted(candidates, key=lambda p: had[p])[:count]


def snake(order: Sequence[int], tables: int) -> list[list[int]]:
    """Deal ``order`` to ``tables`` tables in a snake: 1..t, then t..1, and so on."""
    dealt: list[list[int]] = [[] for _ in range(tables)]
    for i, player in enumerate(order):
        row, col = divmod(i, tables)
        dealt[col if row % 2 == 0 else tables - 1 - col].append(player)
    return dealt


def by_rating(players: Sequence[int], ratings: Mapping[int, float]) -> list[int]:
    """Rated players best first, then the unrated; ties keep the given order."""
    rated = sorted((p for p in players if p in ratings), key=lambda p: -ratings[p])
    return rated + [p for p in players if p not in ratings]


def chunks(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """``order`` cut into consecutive tables of ``sizes``."""
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def seat(players: Iterable[int], seats: int, *, seed: Seed, ratings: Mapping[int, float] | None = None,
         byes_had: Iterable[int] = ()) -> Seating:
    """Seat a round (module docstring): balanced tables of at most ``seats``, byes fair,
    snake seeding by rating when ratings are given, else a random draw from ``seed``."""
    pool = check_players(players)
    rng = random.Random(seed)
    sizes = table_sizes(len(pool), seats)
    drawn = pool[:]
    rng.shuffle(drawn)
    byes = set(pick_byes(drawn, len(pool) - sum(sizes), byes_had))
    rest = [p for p in drawn if p not in byes]
    if ratings:
        tables = snake(by_rating(rest, ratings), len(sizes))
        tables.sort(key=len, reverse=True)
    else:
        tables = chunks(rest, sizes)
    for table in tables:
        rng.shuffle(table)
    return Seating(tuple(tuple(t) for t in tables), tuple(sorted(byes)))
