"""Fixed prizes (``prize_amounts``) beside the percentages (``tournaments.prizes``): paid
first, the rest split by the percentages; exact to the coin, never rising down the places,
ties sharing what their places pay, the fixed prizes of places beyond the field folded into
first place, and never more promised than the organiser's coins cover."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.unit.test_prizes import ranking, split
from tournaments.prizes import MAX_PAYOUTS, check_prize_amounts, fixed_amounts, place_amounts, prizes


def test_fixed_prizes_are_paid_first_and_the_percentages_split_the_rest() -> None:
    # 1,300 coins: 500/300/200 fixed, the other 300 by 50/30/20.
    assert place_amounts(1300, [50, 30, 20], 4, [500, 300, 200]) == [650, 390, 260, 0]
    assert prizes(1300, [50, 30, 20], [[1], [2], [3], [4]], [500, 300, 200]) == {1: 650, 2: 390, 3: 260}
    # Fixed prizes that take the whole pool leave nothing to the percentages.
    assert prizes(1000, [100], [[1], [2], [3], [4]], [500, 300, 200]) == {1: 500, 2: 300, 3: 200}
    # Fixed places beyond the percentages' places: the rest goes by the percentages alone.
    assert place_amounts(1100, [100], 3, [500, 300, 200]) == [600, 300, 200]
    # No fixed prizes: the percentages as before.
    assert place_amounts(1000, [50, 30, 20], 3, []) == place_amounts(1000, [50, 30, 20], 3) == [500, 300, 200]


def test_fixed_prizes_of_places_beyond_the_field_fold_into_first_place() -> None:
    assert fixed_amounts([500, 300, 200], 2, 10_000) == [700, 300]
    assert fixed_amounts([500, 300, 200], 1, 10_000) == [1000]
    assert fixed_amounts([500, 300, 200], 5, 10_000) == [500, 300, 200, 0, 0]
    # Two players left (the third disqualified, or never there): 1,000 fixed become 700/300,
    # the 300 left by 50/30/20 become 70%/30% of it.
    assert prizes(1300, [50, 30, 20], [[1], [2]], [500, 300, 200]) == {1: 910, 2: 390}
    assert prizes(1300, [50, 30, 20], [[1]], [500, 300, 200]) == {1: 1300}
    assert prizes(1300, [50, 30, 20], [], [500, 300, 200]) == {}


def test_ties_share_the_fixed_prizes_of_the_places_they_cover() -> None:
    # 2 and 3 tie for second: 300 + 200 fixed, 90 + 60 of the rest.
    assert prizes(1300, [50, 30, 20], [[1], [3, 2], [4]], [500, 300, 200]) == {1: 650, 3: 325, 2: 325}
    # Three tie for first on 1,001 coins, 1,000 of them fixed: 334, 334, 333.
    assert prizes(1001, [100], [[7, 5, 6]], [500, 300, 200]) == {7: 334, 5: 334, 6: 333}
    # A tie straddling the fixed places: 200 + 0 fixed, 20% + 0% of the 100 left.
    assert prizes(1100, [50, 30, 20], [[1], [2], [3, 4]], [500, 300, 200]) == {1: 550, 2: 330, 3: 110, 4: 110}


def test_fixed_prizes_are_never_minted() -> None:
    """The terms make the organiser cover them; a pool short of them anyway (a row changed
    by hand) pays them best place first until it is empty, never a coin more."""
    assert fixed_amounts([500, 300, 200], 3, 600) == [500, 100, 0]
    assert prizes(600, [50, 30, 20], [[1], [2], [3]], [500, 300, 200]) == {1: 500, 2: 100}
    assert sum(place_amounts(0, [100], 3, [500, 300, 200])) == 0


@pytest.mark.parametrize(("value", "covered", "message"), [
    ([], 1000, "prize_amounts must be a list"), ("500,300", 1000, "prize_amounts must be a list"),
    ({"1": 500}, 1000, "prize_amounts must be a list"), ([1] * (MAX_PAYOUTS + 1), 1000, "prize_amounts must be a list"),
    ([500, 0], 1000, "1 or more"), ([500, -1], 1000, "1 or more"), ([500.0], 1000, "whole coins"),
    ([True], 1000, "whole coins"), (["500"], 1000, "whole coins"),
    ([300, 500], 1000, "must not pay place 2 more than place 1"),
    ([500, 300, 200], 999, "add up to 1000 coins, more than the added prize or the guarantee covers \\(999\\)"),
    ([1], 0, "covers \\(0\\)"),
])
def test_check_prize_amounts_refuses_naming_the_problem(value: object, covered: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_prize_amounts(value, covered=covered)


def test_check_prize_amounts_keeps_what_is_covered() -> None:
    assert check_prize_amounts(None, covered=0) is None
    assert check_prize_amounts([500, 300, 200], covered=1000) == [500, 300, 200]
    assert check_prize_amounts([400, 400], covered=800) == [400, 400]


@st.composite
def fixed(draw: st.DrawFn) -> list[int]:
    """Fixed prizes: 1 or more coins each, never rising, up to 12 places (or none)."""
    return sorted(draw(st.lists(st.integers(1, 10**6), max_size=12)), reverse=True)


@settings(max_examples=300, deadline=None)
@given(amounts=fixed(), extra=st.integers(0, 10**7), percents=split(), groups=ranking())
def test_fixed_and_percent_prizes_pay_the_pool_exactly_never_more_to_a_worse_place(
        amounts: list[int], extra: int, percents: list[int], groups: list[list[int]]) -> None:
    total = sum(amounts) + extra  # covered, as the terms require
    won = prizes(total, percents, groups, amounts)
    ranked = [p for g in groups for p in g]
    assert sum(won.values()) == (total if ranked else 0), "the pool is paid to the coin"
    shown = [won.get(p, 0) for p in ranked]
    assert shown == sorted(shown, reverse=True), "a worse place never wins more"
    assert all(v > 0 for v in won.values())
    places = place_amounts(total, percents, len(ranked), amounts)
    assert places == sorted(places, reverse=True) and sum(places) == (total if ranked else 0)
    folded = fixed_amounts(amounts, len(ranked), total)
    assert sum(folded) == (sum(amounts) if ranked else 0), "no fixed prize is lost"
    assert all(p >= f for p, f in zip(places, folded, strict=True)), "every place gets at least its fixed prize"
    start = 0
    for group in groups:
        covered = sum(places[start : start + len(group)])
        shares = [won.get(p, 0) for p in group]
        assert sum(shares) == covered, "a tie shares exactly what its places pay"
        assert max(shares) - min(shares) <= 1 and shares == sorted(shares, reverse=True)
        start += len(group)
    if ranked:  # each place within a coin of its fixed prize plus its percentage of the rest
        rest = total - sum(folded)
        for i, coins in enumerate(places):
            share = (percents[i] if i < len(percents) else 0) + (sum(percents[len(ranked):]) if i == 0 else 0)
            assert abs((coins - folded[i]) * 100 - rest * share) < 100
