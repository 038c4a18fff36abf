"""Random engine results for whole tournaments: the shapes ``games.engine`` records (a durak
left holding cards, a durak who also ran out under ``draw_allowed: false``, a draw) and
seats forfeited in live play."""

from __future__ import annotations

import random
from typing import Any

from tournaments.places import TableOutcome


def random_result(rng: random.Random, seats: int, *, draw: float = 0.2, forfeit: float = 0.1) -> dict[str, Any]:
    order = list(range(seats))
    rng.shuffle(order)
    result: dict[str, Any]
    if rng.random() < draw:
        result = {"durak": None, "draw": True, "losers": [], "places": order}
    elif rng.random() < 0.2:  # draw_allowed false: the last defender ran out too, and loses
        result = {"durak": order[-1], "draw": False, "losers": [order[-1]], "places": order}
    else:
        result = {"durak": order[-1], "draw": False, "losers": [order[-1]], "places": order[:-1]}
    forfeits = [s for s in range(seats) if rng.random() < forfeit]
    if forfeits:
        result["forfeits"] = forfeits
    return result


def outcomes(seed: int, *, draw: float = 0.2, forfeit: float = 0.1) -> TableOutcome:
    """A table outcome function drawing every result from one generator seeded by ``seed``."""
    rng = random.Random(seed)

    def outcome(number: int, table: tuple[int, ...]) -> dict[str, Any]:
        return random_result(rng, len(table), draw=draw, forfeit=forfeit)

    return outcome


def by_rating(ratings: dict[int, float]) -> TableOutcome:
    """No draws, no forfeits: the higher rated always goes out first (the lowest is durak)."""

    def outcome(number: int, table: tuple[int, ...]) -> dict[str, Any]:
        order = sorted(range(len(table)), key=lambda s: -ratings[table[s]])
        return {"durak": order[-1], "draw": False, "losers": [order[-1]], "places": order[:-1]}

    return outcome
