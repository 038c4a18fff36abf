"""The arithmetic of a tournament, free of Django: the round-robin schedule, the
standings and the split of the prize pool.

Scores are kept in half points (a win 2, a draw 1, a loss 0) so that ties compare as
integers; the API shows them as points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 2, 1, 0


def round_robin(entrants: Sequence[int]) -> list[list[tuple[int, int]]]:
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


@dataclass(frozen=True)
class Outcome:
    """One finished table: the two entrants and what the first of them scored."""

    first: int
    second: int
    first_score: int  # WIN, DRAW or LOSS

    @property
    def second_score(self) -> int:
        return WIN - self.first_score


@dataclass
class Standing:
    player: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    half_points: int = 0
    place: int = 0  # 1-based; tied entrants share the best of their places

    def count(self, score: int) -> None:
        self.played += 1
        self.half_points += score
        if score == WIN:
            self.wins += 1
        elif score == DRAW:
            self.draws += 1
        else:
            self.losses += 1


def standings(entrants: Sequence[int], outcomes: Iterable[Outcome]) -> list[Standing]:
    """The table, best first: by points, then wins. Entrants equal on both share a place
    (and, at the end, the prizes of the places they cover); among them the one who
    entered first is listed first."""
    rows = {player: Standing(player) for player in entrants}
    for outcome in outcomes:
        rows[outcome.first].count(outcome.first_score)
        rows[outcome.second].count(outcome.second_score)
    order = {player: i for i, player in enumerate(entrants)}
    ranked = sorted(rows.values(), key=lambda s: (-s.half_points, -s.wins, order[s.player]))
    for i, row in enumerate(ranked):
        before = ranked[i - 1] if i else None
        tied = before is not None and (before.half_points, before.wins) == (row.half_points, row.wins)
        row.place = before.place if tied and before is not None else i + 1
    return ranked


def check_split(split: object) -> list[int]:
    """A prize split is a list of whole percentages, best place first, summing to 100."""
    if not isinstance(split, list) or not split or len(split) > 16:
        raise ValueError("prize_split must be a list of 1 to 16 percentages, best place first.")
    if any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in split):
        raise ValueError("prize_split holds whole percentages, 0 or more.")
    if sum(split) != 100:
        raise ValueError("prize_split must add up to 100.")
    if any(later > earlier for earlier, later in zip(split, split[1:], strict=False)):
        raise ValueError("prize_split must not pay a lower place more than a higher one.")
    return list(split)


def payouts(pool: int, split: Sequence[int], ranked: Sequence[Standing]) -> dict[int, int]:
    """Coins each entrant wins. Places beyond the field fold into first place; tied
    entrants share the percentages of the places they cover equally; coins lost to
    rounding down go to the best-placed winner, so the whole pool is always paid."""
    if not ranked or pool <= 0:
        return {}
    shares = list(split[: len(ranked)])
    shares[0] += 100 - sum(shares)
    prizes: dict[int, int] = {}
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1].place == ranked[i].place:
            j += 1
        percent = sum(shares[i : j + 1])  # the places this tie covers
        group = ranked[i : j + 1]
        for row in group:
            coins = pool * percent // (100 * len(group))
            if coins:
                prizes[row.player] = coins
        i = j + 1
    left = pool - sum(prizes.values())
    if left:
        best = next((row.player for row in ranked if row.player in prizes), ranked[0].player)
        prizes[best] = prizes.get(best, 0) + left
    return prizes
