"""A finished table as openskill teams and ranks: who is rated with whom, and in what place.

The order of going out is the ranking (``games.places.table_order``, the reading the
tournaments' standings use too): first out is 1st, the durak last, seats that went out
after the same bout tie (a draw is the last of those), a seat given up (``forfeits``)
ranks below the durak whatever the computer standing in for it did. At a team table the
partners are one team: the winning side 1st, the losing side 2nd, tied in a draw; a side
with a given-up seat ranks below one without.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.places import table_order


@dataclass(frozen=True)
class Standing:
    """Seat numbers as openskill teams, with each team's rank (1 the best; equal ranks
    tie): ``teams[i]`` finished ``ranks[i]``."""

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]

    def rank_of(self, seat: int) -> int:
        for team, rank in zip(self.teams, self.ranks, strict=True):
            if seat in team:
                return rank
        raise KeyError(seat)


def _competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """1 + how many finished strictly ahead, for each (lower key: better): 1, 1, 3."""
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def standing_of(players: int, result: Mapping[str, Any], *, teams: bool = False,
                together: Sequence[Sequence[int]] | None = None) -> Standing:
    """The standing of a finished table of ``players`` seats from its ``result`` (the
    engine's, plus ``forfeits``); ``together``: the seats that went out after each bout
    (``games.selectors.out_together``). ValueError when the result is not one of this table."""
    if teams:
        forfeits = set(result.get("forfeits") or ())
        losers = set(result.get("losers") or ())
        sides = (tuple(range(0, players, 2)), tuple(range(1, players, 2)))
        keys = [(bool(forfeits & set(side)), bool(losers & set(side))) for side in sides]
        return Standing(sides, _competition_ranks(keys))
    order = table_order(range(players), result, together=together)
    place_of = {seat: index for index, group in enumerate(order) for seat in group}
    seats = tuple(range(players))
    return Standing(tuple((seat,) for seat in seats), _competition_ranks([place_of[seat] for seat in seats]))
