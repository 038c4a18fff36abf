"""Swiss pairing at tables of two by a maximum-weight matching (``tournaments.matching``)
against the greedy fill it replaced (``swiss._fewest_repeats`` with its swaps and search),
on the same seeded fields and results: never more repeat meetings, never a larger total
score gap; a field of 1,024 is paired whole."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import pytest

from tournaments import matching, swiss
from tournaments.places import RoundResult
from tournaments.seating import pick_byes

from .results import outcomes

Pairer = Callable[[Sequence[int], Mapping[int, Fraction | int], Mapping[int, Counter[int]]], list[list[int]]]


def greedy(order: Sequence[int], points: Mapping[int, Fraction | int], met: Mapping[int, Counter[int]]) -> list[list[int]]:
    """The pairing before the matching: fill best first, swap, then search (``swiss``)."""
    sizes = [2] * (len(order) // 2)
    tables = swiss._fewest_repeats(order, sizes, met)
    while swiss.repeats(tables, met) and swiss._swap(tables, met):
        pass
    if swiss.repeats(tables, met):
        found = swiss._search(order, sizes, met, swiss.BUDGET)
        if found is not None:
            return found
    return tables


def by_matching(order: Sequence[int], points: Mapping[int, Fraction | int], met: Mapping[int, Counter[int]]) -> list[list[int]]:
    return matching.pairs(order, points, met)


def run(pairer: Pairer, players: int, rounds: int, seed: int) -> tuple[int, Fraction]:
    """A swiss of ``rounds`` rounds at tables of two, paired by ``pairer``, results drawn from
    ``seed``: (repeat meetings, total score gap at the tables) over the whole tournament."""
    rng = random.Random(seed)
    outcome = outcomes(seed, draw=0.1, forfeit=0.0)
    field = list(range(1, players + 1))
    history: list[RoundResult] = []
    byes_had: list[int] = []
    repeats = 0
    gaps = Fraction(0)
    for number in range(1, rounds + 1):
        points, met = swiss.points(history), swiss.opponents(history)
        drawn = field[:]
        rng.shuffle(drawn)
        order = sorted(drawn, key=lambda p: -points.get(p, 0))
        byes = pick_byes(order[::-1], len(order) % 2, byes_had)
        rest = [p for p in order if p not in byes]
        tables = pairer(rest, points, met) if number > 1 else [rest[i:i + 2] for i in range(0, len(rest), 2)]
        repeats += sum(met.get(a, Counter())[b] for a, b in tables)
        gaps += sum((abs(Fraction(points.get(a, 0)) - Fraction(points.get(b, 0))) for a, b in tables), Fraction(0))
        results = [[[p] for p in swiss_order(outcome, number, t)] for t in tables]
        history.append(RoundResult.of(results, byes))
        byes_had.extend(byes)
    return repeats, gaps


def swiss_order(outcome: Callable[[int, tuple[int, ...]], Mapping[str, object]], number: int,
                table: list[int]) -> list[int]:
    from tournaments.places import table_order

    ranked = table_order(table, outcome(number, tuple(table)))
    return [p for group in ranked for p in group]


@pytest.mark.parametrize("players,rounds", [(8, 5), (13, 6), (20, 7), (33, 7), (64, 6)])
def test_the_matching_is_no_worse_than_the_greedy_fill_on_seeded_fields(players: int, rounds: int) -> None:
    worse_repeats = worse_gaps = 0
    totals = {"greedy": [Fraction(0), Fraction(0)], "matching": [Fraction(0), Fraction(0)]}
    for seed in range(8):
        old = run(greedy, players, rounds, seed)
        new = run(by_matching, players, rounds, seed)
        totals["greedy"][0] += old[0]
        totals["greedy"][1] += old[1]
        totals["matching"][0] += new[0]
        totals["matching"][1] += new[1]
        worse_repeats += new[0] > old[0]
        worse_gaps += new[0] == old[0] and new[1] > old[1]
    assert totals["matching"][0] <= totals["greedy"][0], totals
    assert totals["matching"][1] <= totals["greedy"][1], totals
    assert worse_repeats == 0, totals


def test_a_pairing_repeats_only_when_no_pairing_avoids_it() -> None:
    # 4 players, 1 and 2 met, 3 and 4 met: the matching pairs them across.
    met = {1: Counter({2: 1}), 2: Counter({1: 1}), 3: Counter({4: 1}), 4: Counter({3: 1})}
    assert matching.pairs([1, 2, 3, 4], {1: 2, 2: 2, 3: 0, 4: 0}, met) == [[1, 3], [2, 4]]
    # Equal points meet, whatever the order says.
    assert matching.pairs([1, 2, 3, 4], {1: 4, 2: 2, 3: 4, 4: 2}, {}) == [[1, 3], [2, 4]]


def test_an_odd_field_is_refused() -> None:
    with pytest.raises(ValueError):
        matching.pairs([1, 2, 3], {}, {})


def test_a_field_of_1024_is_paired_whole() -> None:
    rng = random.Random(5)
    order = list(range(1, 1025))
    points = {p: 2 * (1024 - i) // 128 for i, p in enumerate(order)}
    met: dict[int, Counter[int]] = {}
    for _ in range(3000):
        a, b = rng.sample(order, 2)
        met.setdefault(a, Counter())[b] += 1
        met.setdefault(b, Counter())[a] += 1
    tables = matching.pairs(order, points, met)
    assert sorted(p for t in tables for p in t) == order
    assert sum(met.get(a, Counter())[b] for a, b in tables) == 0
