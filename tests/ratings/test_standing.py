"""A finished table as openskill teams and ranks: the order of going out, ties, the durak
last, given-up seats below it, partners as one team."""

from __future__ import annotations

from typing import Any

import pytest

from games.places import table_order
from ratings.skill import MU, SIGMA, Skill, displayed, provisional, rate
from ratings.standing import standing_of


def _ranks(players: int, result: dict[str, Any], **kwargs: Any) -> tuple[int, ...]:
    standing = standing_of(players, result, **kwargs)
    assert standing.teams == tuple((s,) for s in range(players))
    return standing.ranks


def test_the_order_of_going_out_is_the_ranking() -> None:
    result = {"durak": 1, "draw": False, "losers": [1], "places": [2, 0, 3]}
    assert _ranks(4, result) == (2, 4, 1, 3)


def test_seats_that_went_out_after_one_bout_tie() -> None:
    result = {"durak": 1, "draw": False, "losers": [1], "places": [2, 0, 3]}
    assert _ranks(4, result, together=[[2, 0], [3]]) == (1, 4, 1, 3)
    # Without the events the engine's drawing order stands.
    assert _ranks(4, result, together=None) == (2, 4, 1, 3)


def test_a_draw_ties_the_seats_that_ran_out_last() -> None:
    drawn = {"durak": None, "draw": True, "losers": [], "places": [1, 0, 2]}
    assert _ranks(3, drawn) == (2, 1, 2), "without events: the last two tie"
    assert _ranks(3, drawn, together=[[1], [0, 2]]) == (2, 1, 2)
    assert _ranks(3, drawn, together=[[1, 0, 2]]) == (1, 1, 1), "all three ran out together"
    assert _ranks(2, {"durak": None, "draw": True, "losers": [], "places": [0, 1]}) == (1, 1)


def test_a_given_up_seat_ranks_below_the_durak() -> None:
    result = {"durak": 2, "draw": False, "losers": [2], "places": [0, 1], "forfeits": [0]}
    assert _ranks(3, result) == (3, 1, 2)
    both = {"durak": 2, "draw": False, "losers": [2], "places": [0, 1], "forfeits": [0, 1]}
    assert _ranks(3, both) == (2, 2, 1)


def test_the_durak_of_a_game_without_draws_is_last_though_it_ran_out() -> None:
    result = {"durak": 1, "draw": False, "losers": [1], "places": [2, 0, 1]}
    assert _ranks(3, result, together=[[2], [0, 1]]) == (2, 3, 1)


@pytest.mark.parametrize("players", [4, 6])
def test_partners_are_one_team(players: int) -> None:
    won = standing_of(players, {"durak": 3, "draw": False, "losers": list(range(1, players, 2)),
                                "places": [0, 1, 2]}, teams=True)
    assert won.teams == (tuple(range(0, players, 2)), tuple(range(1, players, 2)))
    assert won.ranks == (1, 2) and won.rank_of(3) == 2 and won.rank_of(2) == 1
    drawn = standing_of(players, {"durak": None, "draw": True, "losers": [], "places": list(range(players))},
                        teams=True)
    assert drawn.ranks == (1, 1)
    # A side that gave up a seat loses whatever its cards did.
    gave_up = standing_of(players, {"durak": 3, "draw": False, "losers": list(range(1, players, 2)),
                                    "places": [0, 1, 2], "forfeits": [2]}, teams=True)
    assert gave_up.ranks == (2, 1)


def test_a_result_that_misses_a_seat_is_refused() -> None:
    with pytest.raises(ValueError):
        standing_of(3, {"durak": 1, "draw": False, "losers": [1], "places": [0]})
    with pytest.raises(ValueError):
        table_order(range(3), {"durak": 1, "draw": False, "losers": [1], "places": [0, 2]}, together=[[0]])


def test_the_shown_number_and_the_provisional_mark() -> None:
    assert displayed(MU, SIGMA) == 1000 == Skill().value
    assert displayed(25.0, 2.0) == 1475
    assert provisional(9, 1.0) and provisional(50, 7.0) and not provisional(10, 6.0)


def test_rate_is_openskills_plackett_luce() -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    skills = [[Skill(30.0, 5.0)], [Skill(20.0, 7.0)], [Skill()]]
    ours = rate(skills, [2, 1, 2])
    theirs = model.rate([[model.rating(mu=30.0, sigma=5.0)], [model.rating(mu=20.0, sigma=7.0)], [model.rating()]],
                        ranks=[2, 1, 2])
    assert [x for team in ours for s in team for x in (s.mu, s.sigma)] == pytest.approx(
        [x for team in theirs for r in team for x in (r.mu, r.sigma)])
    with pytest.raises(ValueError):
        rate([[Skill()]], [1])
