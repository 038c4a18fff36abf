"""The rating arithmetic, apart from Django: openskill's Plackett–Luce model, the number
shown to people, and when a rating is still provisional.

Plackett–Luce rates a whole finishing order at once (any number of seats, teams, ties),
where Elo only knows one opponent; docs/ratings.md says why it was chosen and
benchmarks/ratings.py measures it against pairwise Elo.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma  # 25 and 25/3: where every player starts
# The shown number is the conservative estimate mu − 3 sigma (skill is very likely at least
# that), scaled: a newcomer shows 1000 and climbs as the system grows sure of them, an
# average player who has played a few dozen games settles near 1500, and the gap that
# makes one player win about three games in four (one beta) is about 100 points.
SCALE, OFFSET = 25, 1000
# Provisional until both: enough games, and the estimate sure enough.
PROVISIONAL_GAMES = 10
PROVISIONAL_SIGMA = 6.5


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def value(self) -> int:
        return displayed(self.mu, self.sigma)


def displayed(mu: float, sigma: float) -> int:
    """The rating people see for an estimate (module docstring)."""
    return round(OFFSET + SCALE * (mu - 3 * sigma))


def provisional(games: int, sigma: float) -> bool:
    """Too few games, or too unsure, for the number to mean much yet."""
    return games < PROVISIONAL_GAMES or sigma > PROVISIONAL_SIGMA


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every team's skills after a table that finished in ``ranks`` (1 the best, equal
    ranks tie); a team is one seat, or partners who won or lost together."""
    if len(teams) != len(ranks) or len(teams) < 2 or any(not team for team in teams):
        raise ValueError("a rated table needs two or more teams, each ranked.")
    rated = MODEL.rate([[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
                       ranks=[float(r) for r in ranks])
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]
