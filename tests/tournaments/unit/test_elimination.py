"""Elimination (``tournaments.elimination``): whole tournaments with random table results,
draws and forfeits included, at every table size and under both rules, always end with one
winner (or tied winners after a drawn final) and a place for every entrant."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.elimination import (
    RULES,
    advance,
    going_on,
    is_final,
    play,
    progress,
    replay_group,
    standings,
)
from tournaments.places import PlayedTournament, RoundResult
from tournaments.seating import table_sizes

from .results import by_rating, outcomes


def check_played(entrants: list[int], seats: int, rule: str, played: PlayedTournament) -> None:
    ranking = played.standings
    assert sorted(p for g in ranking for p in g) == sorted(entrants), "every entrant placed exactly once"
    assert all(ranking) or not entrants
    still = set(entrants)
    left_in: dict[int, int] = {}
    for number, (seating, rnd) in enumerate(zip(played.seatings, played.rounds, strict=True), 1):
        seated = set(rnd.players())
        assert seated == still, "a player who is out sits again, or one still in has no seat"
        assert [len(t) for t in seating.tables] == table_sizes(len(still), seats)
        if number == len(played.rounds) and len(rnd.tables) == 1 and not rnd.byes:
            assert is_final(len(still), seats)
            still = set()
            break
        assert not is_final(len(still), seats), "a qualifying round that should have been the final"
        moved = advance(rnd, rule)
        for group in moved.out:
            for player in group:
                left_in[player] = number
        still = set(moved.on)
    assert len(still) <= 1, "the tournament stopped with players still in"
    # A later round out ranks better; the final's players (and a lone survivor) rank first.
    rounds_out = [left_in.get(p, len(played.rounds) + 1) for g in ranking for p in g]
    assert rounds_out == sorted(rounds_out, reverse=True)
    assert standings(entrants, played.rounds, rule) == ranking
    assert progress(entrants, played.rounds, rule, seats).over


@settings(max_examples=100, deadline=None)
@given(n=st.integers(0, 48), seats=st.integers(2, 6), rule=st.sampled_from(RULES), seed=st.integers(0, 10**6),
       draw=st.sampled_from([0.0, 0.2, 0.5]), forfeit=st.sampled_from([0.0, 0.05, 0.3]))
def test_every_tournament_ends_with_a_winner_and_everyone_placed(n: int, seats: int, rule: str, seed: int,
                                                                 draw: float, forfeit: float) -> None:
    entrants = list(range(100, 100 + n))
    played = play(entrants, seats, rule, outcomes(seed, draw=draw, forfeit=forfeit), seed)
    check_played(entrants, seats, rule, played)
    if not entrants:
        return
    top = played.standings[0]
    last = played.rounds[-1] if played.rounds else None
    if len(top) > 1:
        # Tied winners only after a drawn (or wholly forfeited) final, or when every seat of
        # the last round was forfeited.
        assert last is not None
        if len(last.tables) == 1 and not last.byes:
            assert list(last.tables[0][0]) == top
        else:
            assert set(top) <= last.forfeits
    if draw == 0 and forfeit == 0:
        assert len(top) == 1, "without draws and forfeits there is one winner"


@pytest.mark.parametrize("seats", range(2, 7))
@pytest.mark.parametrize("rule", RULES)
def test_every_table_size_and_rule_over_fixed_seeds(seats: int, rule: str) -> None:
    for seed in range(12):
        for n in (2, 3, seats, seats + 1, 2 * seats + 1, 37):
            entrants = list(range(1, n + 1))
            played = play(entrants, seats, rule, outcomes(seed, draw=0.25, forfeit=0.08), seed)
            check_played(entrants, seats, rule, played)


@pytest.mark.parametrize("seats", range(2, 7))
@pytest.mark.parametrize("rule", RULES)
def test_the_best_player_wins_when_the_best_always_goes_out_first(seats: int, rule: str) -> None:
    ratings = {p: float(p) for p in range(1, 38)}
    played = play(ratings, seats, rule, by_rating(ratings), "seed", ratings=ratings)
    check_played(list(ratings), seats, rule, played)
    assert played.standings[0] == [37]
    final = played.rounds[-1].tables[0]
    assert [g[0] for g in final] == sorted((g[0] for g in final), reverse=True)


def test_the_durak_leaves_and_a_drawn_pair_both_go_on() -> None:
    rnd = RoundResult.of([[[1], [2], [3]], [[4, 5]]])
    moved = advance(rnd, "durak")
    assert moved.on == (1, 2, 4, 5) and moved.out == ((3,),)


def test_half_rule_sends_the_better_half_on_and_ties_at_the_cut_go_on_together() -> None:
    assert [going_on(k, "half") for k in range(2, 7)] == [1, 2, 2, 3, 3]
    assert [going_on(k, "durak") for k in range(2, 7)] == [1, 2, 3, 4, 5]
    rnd = RoundResult.of([[[1], [2], [3], [4]], [[5], [6, 7], [8]]])
    moved = advance(rnd, "half")
    assert moved.on == (1, 2, 5, 6, 7)
    # Left in this round: ranked by how many finished below them at their table.
    assert moved.out == ((3,), (4, 8))
    with pytest.raises(ValueError):
        going_on(4, "third")


def test_a_forfeited_seat_leaves_whatever_its_place() -> None:
    rnd = RoundResult.of([[[1], [2], [3]], [[4], [5], [6]]], forfeits=[1])
    assert advance(rnd, "durak").on == (2, 4, 5)


def test_a_bye_goes_on() -> None:
    rnd = RoundResult.of([[[1], [2]]], byes=[3])
    assert advance(rnd, "durak").on == (1, 3)


def test_standings_rank_the_final_then_later_rounds_first() -> None:
    entrants = [1, 2, 3, 4, 5, 6, 7]
    rounds = [
        RoundResult.of([[[1], [2], [3], [4]], [[5], [6], [7]]]),  # 4 and 7 leave
        RoundResult.of([[[3], [1], [2]], [[6], [5]]]),  # five in, tables of 3: not yet the final
    ]
    first = progress(entrants, rounds[:1], "durak", 3)
    assert first.still_in == (1, 2, 3, 5, 6) and not first.next_final and not first.over
    after = progress(entrants, rounds, "durak", 3)
    assert after.still_in == (1, 3, 6) and after.next_final and not after.over
    assert standings(entrants, rounds, "durak")[0] == [1, 3, 6], "those still in share the top until the end"
    rounds.append(RoundResult.of([[[6], [1, 3]]]))  # a final whose last two drew
    # The duraks of one round tie across tables, whatever the size of their table.
    assert standings(entrants, rounds, "durak") == [[6], [1, 3], [2, 5], [4, 7]]
    assert progress(entrants, rounds, "durak", 3).over
    with pytest.raises(ValueError, match="different places"):
        standings(entrants, [*rounds, RoundResult.of([[[6], [1]]])], "durak")
    with pytest.raises(ValueError, match="one tiebreak table"):
        standings(entrants, [*rounds, RoundResult.of([[[1]], [[3]]])], "durak")


def test_a_drawn_final_is_played_again_by_the_tied_players_until_one_wins() -> None:
    """One winner, always: a tie at the top (or across places paying differently) is
    replayed at one table by the tied players; a drawn replay is replayed again."""
    entrants = [1, 2, 3, 4, 5, 6]
    rounds = [RoundResult.of([[[1], [2]], [[3], [4]], [[5], [6]]]), RoundResult.of([[[1, 3, 5]]])]  # the final: all drew
    ranking = standings(entrants, rounds, "durak")
    assert ranking == [[1, 3, 5], [2, 4, 6]]
    assert replay_group(ranking, [60, 30, 10]) == [1, 3, 5]
    rounds.append(RoundResult.of([[[3], [1, 5]]]))  # the tiebreak: 3 wins, 1 and 5 draw below
    ranking = standings(entrants, rounds, "durak")
    assert ranking == [[3], [1, 5], [2, 4, 6]]
    assert replay_group(ranking, [60, 30, 10]) == [1, 5], "second and third pay differently"
    assert replay_group(ranking, [60, 20, 20]) is None, "second and third pay the same: they share"
    rounds.append(RoundResult.of([[[5], [1]]]))
    assert standings(entrants, rounds, "durak") == [[3], [5], [1], [2, 4, 6]]
    assert progress(entrants, rounds, "durak", 3).over


def test_a_tiebreak_may_leave_out_a_tied_player_who_cannot_sit() -> None:
    """A tied player disqualified before the tiebreak does not sit: the others rank above."""
    entrants = [1, 2, 3, 4, 5, 6]
    rounds = [RoundResult.of([[[1], [2]], [[3], [4]], [[5], [6]]]), RoundResult.of([[[1, 3, 5]]]), RoundResult.of([[[3], [1]]])]
    assert standings(entrants, rounds, "durak") == [[3], [1], [5], [2, 4, 6]]
    assert replay_group([[1, 2, 3]], [100]) == [1, 2, 3] and replay_group([[1], [2, 3]], [100]) is None


def test_standings_refuse_a_player_who_sits_again_after_going_out() -> None:
    rounds = [RoundResult.of([[[1], [2], [3]], [[4], [5], [6]]]), RoundResult.of([[[1], [3], [2]], [[4], [5]]])]
    with pytest.raises(ValueError, match="player 3"):
        standings(range(1, 7), rounds, "durak")
    with pytest.raises(ValueError, match="no seat"):
        standings(range(1, 8), rounds[:1], "durak")


def test_a_lone_entrant_wins_without_playing() -> None:
    played = play([9], 4, "durak", outcomes(0), "s")
    assert played.rounds == () and played.standings == [[9]]


def test_a_round_of_1024_is_seated_and_settled_fast() -> None:
    started = time.perf_counter()
    played = play(range(1024), 4, "durak", outcomes(1, draw=0.0, forfeit=0.0), "bench")
    per_round = (time.perf_counter() - started) / len(played.rounds)
    check_played(list(range(1024)), 4, "durak", played)
    assert per_round < 0.2, f"{per_round:.3f} s a round"
