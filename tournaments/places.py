"""One finished table as a ranking, and the points it is worth. Standard library only.

A ranking (``Order``) is a list of groups of player ids, best first; players in one group
are tied and share the places the group covers. ``table_order`` reads the engine's result
(``Game.result``: the ``game_finished`` payload, plus ``forfeits`` from live play):

- ``places`` lists the seats in the order they went out. Seats that ran out of cards after
  the same bout are listed one by one in drawing order (who opened the bout, the others
  clockwise, the defender last): that order is kept, it is the engine's.
- The durak (``losers``) is last. With ``draw_allowed: false`` the last defender is the durak
  although it also ran out, so it is listed in ``places`` too: it still comes last.
- A draw (the final attacker and defender ran out together) ties the last ``drawn`` seats of
  ``places`` (2 by default: the result does not say whether a third seat emptied its hand in
  that same bout; a caller who knows it from the events may say so).
- Forfeited seats (given up after the reconnect window) lose whatever the cards say: they
  share the bottom places, below the durak.

Points are kept in half-points so ties stay integers: at a table of k the p-th to go out
scores k - p points (the durak 0), tied players the average of the places they cover.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.seating import Seating, Seed

Order = list[list[int]]  # groups of player ids, best first
TableOutcome = Callable[[int, tuple[int, ...]], Mapping[str, Any]]  # (round, players by seat) -> result


def _seats(result: Mapping[str, Any], key: str, n: int) -> list[int]:
    raw = result.get(key) or ()
    if not isinstance(raw, list | tuple):
        raise ValueError(f"result[{key!r}] must be a list of seats.")
    seats: list[int] = []
    for seat in raw:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"result[{key!r}] holds {seat!r}, not a seat of a table of {n}.")
        if seat in seats:
            raise ValueError(f"result[{key!r}] lists seat {seat} twice.")
        seats.append(seat)
    return seats


def forfeited(players_by_seat: Sequence[int], result: Mapping[str, Any]) -> frozenset[int]:
    """The players whose seats were given up (``result["forfeits"]``)."""
    return frozenset(players_by_seat[s] for s in _seats(result, "forfeits", len(players_by_seat)))


def table_order(players_by_seat: Sequence[int], result: Mapping[str, Any], *, drawn: int = 2) -> Order:
    """The table's ranking: groups of player ids, best first (module docstring for the rules).

    ``players_by_seat[s]`` is the player in seat ``s``. Raises ValueError when the result
    does not account for every seat exactly once."""
    n = len(players_by_seat)
    if len(set(players_by_seat)) != n:
        raise ValueError("a player sits at the table twice.")
    places = _seats(result, "places", n)
    losers = _seats(result, "losers", n)
    forfeits = set(_seats(result, "forfeits", n))
    durak = result.get("durak")
    if durak is not None:
        if isinstance(durak, bool) or not isinstance(durak, int) or not 0 <= durak < n:
            raise ValueError(f"result['durak'] is {durak!r}, not a seat of a table of {n}.")
        if durak not in losers:
            losers.append(durak)
    is_draw = bool(result.get("draw"))
    if is_draw and losers:
        raise ValueError("a drawn result names a loser.")
    went_out = [s for s in places if s not in losers]
    missing = set(range(n)) - set(went_out) - set(losers)
    if missing:
        raise ValueError(f"the result places no seat {min(missing)}.")
    groups: list[list[int]] = [[s] for s in went_out]
    if is_draw and drawn > 1 and len(groups) > 1:
        tied = min(drawn, len(groups))
        groups = [*groups[:-tied], [s for g in groups[-tied:] for s in g]]
    if losers:
        groups.append(list(losers))
    order: Order = []
    for group in groups:
        kept = [players_by_seat[s] for s in group if s not in forfeits]
        if kept:
            order.append(kept)
    if forfeits:
        order.append([players_by_seat[s] for s in sorted(forfeits)])
    return order


def check_order(order: Iterable[Iterable[int]]) -> Order:
    """A ranking as lists, refusing empty groups and players listed twice."""
    groups = [list(g) for g in order]
    seen: set[int] = set()
    for group in groups:
        if not group:
            raise ValueError("a ranking holds an empty group.")
        for player in group:
            if player in seen:
                raise ValueError(f"player {player} is ranked twice.")
            seen.add(player)
    return groups


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
class Round:
    """One played round: each table's ranking, who had a bye, who forfeited a seat."""

    tables: tuple[tuple[tuple[int, ...], ...], ...]
    byes: tuple[int, ...] = ()
    forfeits: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def of(cls, tables: Iterable[Iterable[Iterable[int]]], byes: Iterable[int] = (),
           forfeits: Iterable[int] = ()) -> Round:
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


def play_round(seating: Seating, number: int, table_outcome: TableOutcome) -> Round:
    """A seated round played out: each table's result from ``table_outcome(number, players
    by seat)`` (an engine result), read by ``table_order`` and ``forfeited``."""
    orders: list[Order] = []
    forfeits: set[int] = set()
    for table in seating.tables:
        result = table_outcome(number, table)
        orders.append(table_order(table, result))
        forfeits |= forfeited(table, result)
    return Round.of(orders, seating.byes, forfeits)


@dataclass(frozen=True)
class Played:
    """A whole tournament played by a driver: each round's seating and results, the ranking."""

    seatings: tuple[Seating, ...]
    rounds: tuple[Round, ...]
    standings: Order
