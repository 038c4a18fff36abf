"""One finished table as a ranking of its players, best first. Standard library only:
tournaments' standings and ratings both read a table this way.

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
- A caller who read the events may give ``together``: the seats that went out after one
  bout, group by group (``games.selectors.out_together``). Seats of one group tie (they
  left at the same moment, in drawing order only because the rules list them so), and a
  draw needs no ``drawn``: its last group is the drawn seats.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Order = list[list[int]]  # groups of player ids, best first


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


def table_order(players_by_seat: Sequence[int], result: Mapping[str, Any], *, drawn: int = 2,
                together: Sequence[Sequence[int]] | None = None) -> Order:
    """The table's ranking: groups of player ids, best first (module docstring for the rules).

    ``players_by_seat[s]`` is the player in seat ``s``; ``together`` (optional) the seats
    that went out after each bout, bout by bout. Raises ValueError when the result does not
    account for every seat exactly once."""
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
    if together is not None:
        groups = _tied_by_bout(went_out, together)
    elif is_draw and drawn > 1 and len(groups) > 1:
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


def _tied_by_bout(went_out: list[int], together: Sequence[Sequence[int]]) -> list[list[int]]:
    """``went_out`` (in order) grouped by the bout each seat left after."""
    bout_of = {seat: bout for bout, seats in enumerate(together) for seat in seats}
    if set(went_out) - set(bout_of):
        raise ValueError(f"seat {min(set(went_out) - set(bout_of))} went out after no bout.")
    groups: list[list[int]] = []
    for seat in went_out:
        if groups and bout_of[groups[-1][0]] == bout_of[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


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
