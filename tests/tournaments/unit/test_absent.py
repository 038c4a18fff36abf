"""A player absent for ``ABSENT_TABLES`` tables in a row is withdrawn (``standings.absent``):
their seat forfeited at each of their last tables; a bye neither counts nor breaks the run."""

from __future__ import annotations

from tournaments.places import RoundResult
from tournaments.standings import ABSENT_TABLES, NumberedRound, absent


def _rounds(*rounds: RoundResult) -> list[NumberedRound]:
    return [NumberedRound(n, r) for n, r in enumerate(rounds, 1)]


def test_two_forfeited_tables_in_a_row_withdraw_a_player() -> None:
    assert ABSENT_TABLES == 2
    one = RoundResult.of([[[1], [2]], [[3], [4]]], forfeits=[2])
    two = RoundResult.of([[[1], [3]], [[4], [2]]], forfeits=[2, 4])
    assert absent(_rounds(one), [1, 2, 3, 4]) == []
    assert absent(_rounds(one, two), [1, 2, 3, 4]) == [2], "4 forfeited once only"


def test_a_table_played_breaks_the_run_and_a_bye_does_not() -> None:
    one = RoundResult.of([[[1], [2]]], byes=[3], forfeits=[2])
    two = RoundResult.of([[[2], [3]]], byes=[1])
    three = RoundResult.of([[[1], [2]]], byes=[3], forfeits=[1, 2])
    assert absent(_rounds(one, two, three), [1, 2, 3]) == []
    four = RoundResult.of([[[3], [2]]], byes=[1], forfeits=[2])
    assert absent(_rounds(one, two, three, four), [1, 2, 3]) == [2]
    five = RoundResult.of([[[3], [1]]], byes=[2], forfeits=[1])
    assert absent(_rounds(one, two, three, four, five), [1, 3]) == [1], "the bye between them does not count"
