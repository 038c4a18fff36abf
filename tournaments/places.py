"""One finished table as a ranking, and the points it is worth. Standard library only
(and ``games.places``, which reads a result as a ranking for ratings too).

A ranking (``Order``) is a list of groups of player ids, best first; players in one group
are tied and share the places the group covers. ``table_order`` (``games.places``) reads
the engine's result: the order of going out, the durak last, a draw's tied seats, given-up
seats below the durak; a tournament keeps the engine's drawing order among seats that went
out after one bout.

Points are kept in half-points so ties stay integers: at a table of k the p-th to go out
scores k - p points (the durak 0), tied players the average of the places they cover.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.places import Order, check_order, forfeited, table_order
from tournaments.seating import Seating, Seed

__all__ = ["Order", "PlayedTournament", "RoundResult", "TableOutcome", "check_order", "forfeited", "outlasted",
           "play_round", "round_seed", "table_order", "table_points"]
TableOutcome = Callable[[int, tuple[int, ...]], Mapping[str, Any]]  # (round, players by seat) -> result


def table_points(order: Sequence[Sequence[int]]) -> dict[int, int]:
    """Half-points each player earns at the table: 2(k - p) for the p-th to go out at a
    table of k; a group covering places p..q shares them, 2k - (p + q) each."""
    k = sum(len(g) for g in order)
    points: dict[int, int] = {}
    first = 1
    for group in order:
        last = first + len(group) - 1
        for player in group:
            points[player] = 2 * k - (first + last)
        first = last + 1
    return points


def outlasted(order: Sequence[Sequence[int]]) -> dict[int, int]:
    """How many players at the table finished strictly below each player (the durak: 0)."""
    below = sum(len(g) for g in order)
    counts: dict[int, int] = {}
    for group in order:
        below -= len(group)
        for player in group:
            counts[player] = below
    return counts


@dataclass(frozen=True)
class RoundResult:
    """One played round: each table's ranking, who had a bye, who forfeited a seat."""

    tables: tuple[tuple[tuple[int, ...], ...], ...]
    byes: tuple[int, ...] = ()
    forfeits: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def of(cls, tables: Iterable[Iterable[Iterable[int]]], byes: Iterable[int] = (),
           forfeits: Iterable[int] = ()) -> RoundResult:
        """A round from plain lists; raises ValueError if a player appears twice."""
        made = cls(tuple(tuple(tuple(g) for g in check_order(t)) for t in tables), tuple(byes), frozenset(forfeits))
        if any(not table for table in made.tables):
            raise ValueError("a table of the round seats nobody.")
        made.players()
        return made

    def players(self) -> list[int]:
        """Everyone in the round: table by table, then the byes. ValueError on a repeat."""
        everyone = [p for table in self.tables for group in table for p in group] + list(self.byes)
        seen: set[int] = set()
        for player in everyone:
            if player in seen:
                raise ValueError(f"player {player} sits twice in one round.")
            seen.add(player)
        return everyone


def round_seed(seed: Seed, number: int) -> str:
    """The seed of round ``number`` (from 1) of a tournament drawn from ``seed``."""
    return f"{seed}/{number}"


def play_round(seating: Seating, number: int, table_outcome: TableOutcome) -> RoundResult:
    """A seated round played out: each table's result from ``table_outcome(number, players
    by seat)`` (an engine result), read by ``table_order`` and ``forfeited``."""
    orders: list[Order] = []
    forfeits: set[int] = set()
    for table in seating.tables:
        result = table_outcome(number, table)
        orders.append(table_order(table, result))
        forfeits |= forfeited(table, result)
    return RoundResult.of(orders, seating.byes, forfeits)


@dataclass(frozen=True)
class PlayedTournament:
    """A whole tournament played by a driver: each round's seating and results, the ranking."""

    seatings: tuple[Seating, ...]
    rounds: tuple[RoundResult, ...]
    standings: Order
