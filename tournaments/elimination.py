"""Elimination: tables every round, the losers leave, one final table decides the top.
Standard library only.

- Each round seats everyone still in (``seating.seat``). While more players are in than a
  table seats, the round is a qualifying round: at each table of k, under the rule
  ``"durak"`` the best k - 1 places go on (the durak leaves); under ``"half"`` the best
  ⌈k/2⌉ (3 of 5, 2 of 3, 1 of 2). A group of tied players that reaches the cut goes on whole
  (a drawn table of two: both go on). A player who forfeited a seat leaves whatever the
  ranking says. A bye goes on.
- Once at most ``seats`` are in, they play the final: one table, whose ranking gives the top
  places (a drawn final: the tied players share them).
- Everyone else ranks by the round they left in (later is better), then, within a round, by
  how many players at their own table finished below them (the durak 0); equal on both,
  across tables, they tie and share the places they cover.
- If one player is left after a qualifying round, that player wins without a final; if none
  is (every seat forfeited), the best of those who left in that round share first place.
- Ties that matter are played again: once the final is played (or the field is down to one),
  each further round is a tiebreak, one table seating players of one tied group of the
  standings (``replay_group`` says which: the group holding first place, or one covering
  places that pay differently). They rank within their group by that table, any of the
  group not seated below them; a drawn tiebreak is played again the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import count

from tournaments.places import (
    Order,
    PlayedTournament,
    RoundResult,
    TableOutcome,
    outlasted,
    play_round,
    round_seed,
)
from tournaments.seating import Seating, Seed, check_players, seat

RULES = ("durak", "half")


def going_on(size: int, rule: str) -> int:
    """How many of a qualifying table of ``size`` go on (before ties stretch the cut)."""
    if rule == "durak":
        return size - 1
    if rule == "half":
        return (size + 1) // 2
    raise ValueError(f"rule must be one of {', '.join(RULES)}.")


def is_final(count: int, seats: int) -> bool:
    """Whether a round of ``count`` players is the final (they all fit at one table)."""
    return 2 <= count <= seats


def _is_final_round(played: RoundResult) -> bool:
    return len(played.tables) == 1 and not played.byes


@dataclass(frozen=True)
class Advance:
    on: tuple[int, ...]  # who goes on: table by table, best first, then the byes
    out: tuple[tuple[int, ...], ...]  # who leaves, groups best first


def advance(played: RoundResult, rule: str) -> Advance:
    """Who goes on from a qualifying round and who leaves, in tied groups best first."""
    on: list[int] = []
    leaving: dict[int, list[int]] = {}
    played.players()
    for table in played.tables:
        size = sum(len(g) for g in table)
        cut = going_on(size, rule)
        below = outlasted(table)
        first = 1
        for group in table:
            for player in group:
                if first <= cut and player not in played.forfeits:
                    on.append(player)
                else:
                    leaving.setdefault(below[player], []).append(player)
            first += len(group)
    on.extend(played.byes)
    out = tuple(tuple(leaving[k]) for k in sorted(leaving, reverse=True))
    return Advance(tuple(on), out)


@dataclass(frozen=True)
class Progress:
    still_in: tuple[int, ...]  # sorted; after the final: nobody
    over: bool  # the final is played, or at most one player is left
    next_final: bool  # the next round is the final


def _tiebreak(settled: Order, played: RoundResult, number: int) -> Order:
    """``settled`` with one tied group ranked again by the tiebreak table ``played``."""
    if len(played.tables) != 1 or played.byes:
        raise ValueError(f"round {number} follows the final but is not one tiebreak table.")
    table = played.tables[0]
    seated = {p for group in table for p in group}
    for index, group in enumerate(settled):
        if seated <= set(group):
            if len(seated) < 2:
                raise ValueError(f"the tiebreak of round {number} seats fewer than two players.")
            below = [p for p in group if p not in seated]
            return [*settled[:index], *[list(g) for g in table], *([below] if below else []), *settled[index + 1 :]]
    raise ValueError(f"the tiebreak of round {number} seats players of different places.")


Arrivals = Mapping[int, Sequence[int]]  # round number -> players whose (re-)entry begins with it


def _arrive(still: list[int], layers: list[Order], players: Sequence[int]) -> list[int]:
    """Late entrants join those still in; a re-entered player's earlier exit is forgotten
    (their place is the new entry's)."""
    back = set(players)
    for layer in layers:
        layer[:] = [[p for p in group if p not in back] for group in layer]
        layer[:] = [group for group in layer if group]
    return sorted(set(still) | back)


def _replay(entrants: Iterable[int], rounds: Sequence[RoundResult], rule: str,
            arrivals: Arrivals | None = None) -> tuple[list[int], list[Order], Order]:
    """(still in, groups out round by round, the final's ranking), checking every round
    seats exactly the players still in. Once the tournament is over its whole ranking is
    the third item (the others empty), refined by each tiebreak round. ``arrivals``: late
    entries and re-entries, by the round they begin with (``tournaments.entry``); those of
    the next round are in already."""
    arrivals = arrivals or {}
    still = check_players(entrants)
    layers: list[Order] = []
    final: Order = []
    settled: Order | None = None
    for number, played in enumerate(rounds, 1):
        if arrivals.get(number) and not final and settled is None:
            still = _arrive(still, layers, arrivals[number])
        if settled is None and (final or (layers and len(still) <= 1)):
            settled = [*final, *([still] if still else []), *[g for layer in reversed(layers) for g in layer]]
        if settled is not None:
            settled = _tiebreak(settled, played, number)
            continue
        seated = set(played.players())
        if seated - set(still):
            raise ValueError(f"player {min(seated - set(still))} sits in round {number} but is not in.")
        if set(still) - seated:
            raise ValueError(f"player {min(set(still) - seated)} is in but has no seat in round {number}.")
        if _is_final_round(played):
            final = [list(g) for g in played.tables[0]]
            still = []
            continue
        moved = advance(played, rule)
        layers.append([list(g) for g in moved.out])
        still = sorted(moved.on)
    if settled is not None:
        return [], [], settled
    if arrivals.get(len(rounds) + 1) and not final:
        still = _arrive(still, layers, arrivals[len(rounds) + 1])
    return still, layers, final


def replay_group(ranking: Order, amounts: Sequence[int]) -> list[int] | None:
    """The first tied group of a finished ranking to play again: the one holding first
    place (one winner, always), or one covering places that pay different ``amounts``
    (coins by place, best first); None when no tie matters."""
    first = 0
    for group in ranking:
        covered = [amounts[i] if i < len(amounts) else 0 for i in range(first, first + len(group))]
        if len(group) > 1 and (first == 0 or len(set(covered)) > 1):
            return list(group)
        first += len(group)
    return None


def progress(entrants: Iterable[int], rounds: Sequence[RoundResult], rule: str, seats: int,
             arrivals: Arrivals | None = None) -> Progress:
    """Where the tournament stands: who is still in, whether it is over, whether the next
    round is the final."""
    still, _, final = _replay(entrants, rounds, rule, arrivals)
    over = bool(final) or len(still) <= 1
    return Progress(tuple(still), over, not over and is_final(len(still), seats))


def standings(entrants: Iterable[int], rounds: Sequence[RoundResult], rule: str, arrivals: Arrivals | None = None) -> Order:
    """Everyone's place, in groups best first (module docstring). Before the end, the players
    still in share the top group."""
    still, layers, final = _replay(entrants, rounds, rule, arrivals)
    ranking: Order = [g[:] for g in final]
    if still:
        ranking.append(still)
    for layer in reversed(layers):
        ranking.extend(g[:] for g in layer)
    return ranking


def play(entrants: Iterable[int], seats: int, rule: str, table_outcome: TableOutcome, seed: Seed, *,
         ratings: Mapping[int, float] | None = None, max_rounds: int = 10_000) -> PlayedTournament:
    """A whole tournament, every table's result from ``table_outcome(round, players by seat)``
    (an engine result). Ratings seed the first round only; later rounds are drawn."""
    going_on(2, rule)
    field = check_players(entrants)
    still = field[:]
    seatings: list[Seating] = []
    rounds: list[RoundResult] = []
    byes_had: list[int] = []
    for number in count(1):
        if len(still) <= 1:
            break
        if number > max_rounds:
            raise RuntimeError(f"no winner after {max_rounds} rounds.")
        seating = seat(still, seats, seed=round_seed(seed, number), ratings=ratings if number == 1 else None,
                       byes_had=byes_had)
        played = play_round(seating, number, table_outcome)
        seatings.append(seating)
        rounds.append(played)
        if _is_final_round(played):
            break
        still = sorted(advance(played, rule).on)
        byes_had.extend(seating.byes)
    return PlayedTournament(tuple(seatings), tuple(rounds), standings(field, rounds, rule))
