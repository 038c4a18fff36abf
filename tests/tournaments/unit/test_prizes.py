"""The pool and its split (``tournaments.prizes``): exact to the coin, non-increasing by
place, ties sharing what their places pay, odd coins to the tied players in ranking order."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.prizes import (
    WHOLE_PAID,
    Pool,
    check_payouts,
    paid_places,
    payout_table,
    payouts_for,
    place_amounts,
    pool,
    prizes,
)


def test_pool_arithmetic() -> None:
    assert pool(entry_fee=100, entrants=10) == Pool(1000, 0, 0, 0, 1000)
    # 7% of 999 is 69.93: the house takes 69.
    assert pool(entry_fee=111, entrants=9, rake_percent=7) == Pool(999, 69, 0, 0, 930)
    # The guarantee tops up what fees and added prize leave short.
    assert pool(entry_fee=100, entrants=7, rake_percent=10, added_prize=50, guarantee=1000) == Pool(700, 70, 50, 320, 1000)
    assert pool(entry_fee=100, entrants=20, rake_percent=10, guarantee=1000).overlay == 0
    assert pool(entry_fee=0, entrants=0, guarantee=500) == Pool(0, 0, 0, 500, 500)


@pytest.mark.parametrize(("field", "kwargs"), [
    ("rake_percent", {"rake_percent": 51}), ("rake_percent", {"rake_percent": -1}),
    ("entry_fee", {"entry_fee": -5}), ("entrants", {"entrants": 2.5}), ("added_prize", {"added_prize": True}),
    ("guarantee", {"guarantee": "100"}),
])
def test_pool_refuses_bad_figures_naming_the_field(field: str, kwargs: dict[str, object]) -> None:
    figures: dict[str, Any] = {"entry_fee": 10, "entrants": 4, **kwargs}
    with pytest.raises(ValueError, match=field):
        pool(**figures)


@settings(max_examples=200, deadline=None)
@given(fee=st.integers(0, 10**6), n=st.integers(0, 2000), rake=st.integers(0, 50), added=st.integers(0, 10**7),
       guarantee=st.integers(0, 10**9))
def test_pool_adds_up(fee: int, n: int, rake: int, added: int, guarantee: int) -> None:
    made = pool(entry_fee=fee, entrants=n, rake_percent=rake, added_prize=added, guarantee=guarantee)
    assert made.entry_fees == fee * n
    assert made.rake * 100 <= made.entry_fees * rake < (made.rake + 1) * 100
    assert made.total == made.entry_fees - made.rake + made.added_prize + made.overlay
    assert made.total >= guarantee and made.overlay >= 0
    assert made.overlay == 0 or made.total == guarantee


def test_the_payout_table_is_non_increasing_and_sums_to_100() -> None:
    for entrants in range(0, 2100):
        table = payout_table(entrants)
        assert sum(table) == 100 and min(table) > 0, entrants
        assert table == sorted(table, reverse=True), entrants
        assert len(table) == paid_places(entrants), entrants
        if len(table) <= WHOLE_PAID:
            assert check_payouts(table) == table


def test_the_payout_table_pays_about_15_percent() -> None:
    assert payout_table(2) == payout_table(9) == [100]
    assert payout_table(10) == [60, 40]
    assert payout_table(20) == [46, 31, 23]
    assert len(payout_table(100)) == 15 and len(payout_table(200)) == WHOLE_PAID


def test_large_fields_pay_about_15_percent_in_hundredths_of_a_percent() -> None:
    """Once the table paid at most 30 places, whatever the field: 1,024 entrants, 3% paid."""
    table = payout_table(1024)
    assert len(table) == 154 and sum(table) == 100
    assert all(a >= b > 0 for a, b in zip(table, table[1:], strict=False))
    assert all((100 * p).denominator == 1 for p in table), "hundredths of a percent"
    amounts = place_amounts(10_000, table, 1024)
    assert sum(amounts) == 10_000 and amounts[153] > 0 == amounts[154]


@pytest.mark.parametrize(("value", "message"), [
    (None, "payouts must be a list"), ([], "payouts must be a list"), ([100.0], "payouts holds whole"),
    ([True, 99], "payouts holds whole"), ([60, 30], "payouts must add up to 100, not 90"),
    ([30, 70], "payouts must not pay place 2 more than place 1"), ([110, -10], "payouts holds whole"),
    ("50,50", "payouts must be a list"), ([1] * 100 + [0], "payouts must be a list"),
])
def test_check_payouts_names_the_field(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_payouts(value)


def test_payouts_for_uses_the_table_when_none_are_given() -> None:
    assert payouts_for(None, 20) == [46, 31, 23]
    assert payouts_for([70, 30], 20) == [70, 30]


def test_ties_share_the_places_they_cover_odd_coins_in_ranking_order() -> None:
    assert prizes(1000, [50, 30, 20], [[1], [2], [3], [4]]) == {1: 500, 2: 300, 3: 200}
    # 2 and 3 tie for second: 300 + 200 between them.
    assert prizes(1000, [50, 30, 20], [[1], [3, 2], [4]]) == {1: 500, 3: 250, 2: 250}
    # Three tie for first on 1001 coins: 334, 334, 333, the odd coins to the first listed.
    assert prizes(1001, [50, 30, 20], [[7, 5, 6]]) == {7: 334, 5: 334, 6: 333}
    # A tie straddling the paid places: 20% + 0% between two.
    assert prizes(101, [50, 30, 20], [[1], [2], [3, 4]]) == {1: 51, 2: 30, 3: 10, 4: 10}


def test_places_beyond_the_field_fold_into_first_place() -> None:
    assert prizes(1000, [50, 30, 20], [[1], [2]]) == {1: 700, 2: 300}
    assert prizes(1000, [50, 30, 20], [[1]]) == {1: 1000}
    assert prizes(1000, [50, 30, 20], []) == {} and prizes(0, [100], [[1]]) == {}


def test_leftover_coins_go_to_the_largest_remainders_better_place_first() -> None:
    assert place_amounts(10, [34, 33, 33], 3) == [4, 3, 3]
    assert place_amounts(7, [50, 50], 2) == [4, 3]
    assert place_amounts(3, [40, 30, 30], 3) == [1, 1, 1]


@st.composite
def split(draw: st.DrawFn) -> list[int]:
    """Whole percentages, non-increasing, summing to 100."""
    cuts = sorted(draw(st.lists(st.integers(0, 100), max_size=12)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    return sorted(parts, reverse=True)


@st.composite
def ranking(draw: st.DrawFn) -> list[list[int]]:
    players = draw(st.lists(st.integers(1, 10_000), unique=True, max_size=40))
    groups: list[list[int]] = []
    for player in players:
        if groups and draw(st.integers(0, 3)) == 0:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


@settings(max_examples=300, deadline=None)
@given(total=st.integers(0, 10**9), percents=split(), groups=ranking())
def test_prizes_pay_the_pool_exactly_never_more_to_a_worse_place(total: int, percents: list[int],
                                                                  groups: list[list[int]]) -> None:
    assert check_payouts(percents) == percents
    won = prizes(total, percents, groups)
    ranked = [p for g in groups for p in g]
    assert sum(won.values()) == (total if ranked else 0), "the pool is paid to the coin"
    amounts = [won.get(p, 0) for p in ranked]
    assert amounts == sorted(amounts, reverse=True), "a worse place never wins more"
    assert all(v > 0 for v in won.values())
    places = place_amounts(total, percents, len(ranked))
    start = 0
    for group in groups:
        covered = sum(places[start : start + len(group)])
        shares = [won.get(p, 0) for p in group]
        assert sum(shares) == covered, "a tie shares exactly what its places pay"
        assert max(shares) - min(shares) <= 1 and shares == sorted(shares, reverse=True)
        start += len(group)
    if ranked and len(groups) == len(ranked):
        for i, player in enumerate(ranked):  # no ties: each place within a coin of its percentage
            share = percents[i] if i < len(percents) else 0
            if i == 0:
                share += sum(percents[len(ranked):])
            assert abs(won.get(player, 0) * 100 - total * share) < 100


def test_prizes_refuse_a_player_ranked_twice() -> None:
    with pytest.raises(ValueError):
        prizes(100, [100], [[1], [1]])
