"""A tournament as a chain of stages with one pool: a qualifying stage (swiss or round
robin), then the best ``advance`` of its standings into an elimination final stage.

The create body stays the contract's: ``format`` (and ``rounds``) describe the first stage,
and the optional ``stages`` lists the whole chain, the first entry repeating them::

    "format": "swiss", "rounds": 4,
    "stages": [{"format": "swiss", "rounds": 4},
               {"format": "elimination", "advance": 8, "leaves": "durak"}]

The advancement rule: once the first stage's last round closes, its standings (points,
then Buchholz, then the lot drawn from the tournament's seed; disqualified players never
go on) are final; the best ``advance`` go on to the elimination, everyone else is out
and keeps their qualifying place. The elimination then runs as any elimination does among
those who went on, down to one winner. Final standings: the elimination's ranking, then
the others in their qualifying order. Rounds are numbered on through the stages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments import elimination, round_robin, swiss
from tournaments.errors import InvalidTournament
from tournaments.models import Tournament
from tournaments.places import Order, RoundResult

FIRST = (Tournament.Format.SWISS, Tournament.Format.ROUND_ROBIN)
LAST = (Tournament.Format.ELIMINATION,)


@dataclass(frozen=True)
class Chain:
    first_rounds: int  # rounds of the qualifying stage
    advance: int  # how many go on to the elimination
    leaves: str  # the elimination's rule


def parse(value: object, fmt: str, rounds: int | None, max_entrants: int) -> list[dict[str, Any]] | None:
    """The ``stages`` of a create request, checked (module docstring), or None."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(s, dict) for s in value):
        raise InvalidTournament("'stages' is a list of two stages: a qualifying stage, then an elimination.",
                                field="stages")
    first, last = value
    if first.get("format") != fmt or fmt not in FIRST:
        raise InvalidTournament("The first stage is the tournament's 'format', a swiss or a round robin.",
                                field="stages")
    if fmt == Tournament.Format.SWISS and first.get("rounds", rounds) != rounds:
        raise InvalidTournament("The first stage's 'rounds' are the tournament's 'rounds'.", field="stages")
    if last.get("format") not in LAST:
        raise InvalidTournament("The last stage is an elimination.", field="stages")
    advance = last.get("advance")
    if isinstance(advance, bool) or not isinstance(advance, int) or not 2 <= advance <= max_entrants:
        raise InvalidTournament(f"The elimination's 'advance' is a whole number from 2 to {max_entrants}.",
                                field="stages")
    leaves = last.get("leaves", Tournament.Leaves.DURAK)
    if leaves not in Tournament.Leaves.values:
        raise InvalidTournament(f"'leaves' is one of: {', '.join(Tournament.Leaves.values)}.", field="stages")
    unknown = (set(first) - {"format", "rounds"}) | (set(last) - {"format", "advance", "leaves"})
    if unknown:
        raise InvalidTournament(f"Unknown stage field '{sorted(unknown)[0]}'.", field="stages")
    return [{"format": fmt, **({"rounds": rounds} if rounds else {})},
            {"format": Tournament.Format.ELIMINATION, "advance": advance, "leaves": leaves}]


def chain(tournament: Tournament, entrants: Sequence[int]) -> Chain | None:
    """The tournament's stages (None: one stage)."""
    if not tournament.stages:
        return None
    last = tournament.stages[-1]
    if tournament.format == Tournament.Format.SWISS:
        first_rounds = tournament.rounds or 0
    else:
        first_rounds = len(round_robin.schedule(sorted(entrants), tournament.seats))
    return Chain(first_rounds, int(last["advance"]), str(last.get("leaves", Tournament.Leaves.DURAK)))


def qualifying(entrants: Sequence[int], rounds: Sequence[RoundResult], out: set[int], lot: Mapping[int, int],
               seats: int) -> list[int]:
    """The first stage's order, best first (points, Buchholz, the lot), the disqualified last."""
    rows = swiss.rows(entrants, rounds, seats=seats)
    ranked = [r.player for r in sorted(rows, key=lambda r: (-r.points, -r.buchholz, lot.get(r.player, 0)))]
    return [p for p in ranked if p not in out] + [p for p in ranked if p in out]


def advancing(stages: Chain, entrants: Sequence[int], rounds: Sequence[RoundResult], out: set[int], lot: Mapping[int, int],
              seats: int) -> list[int]:
    """Who goes on: the best ``advance`` of the qualifying order not disqualified."""
    return sorted([p for p in qualifying(entrants, rounds, out, lot, seats) if p not in out][:stages.advance])


def progress(stages: Chain, entrants: Sequence[int], rounds: Sequence[RoundResult], out: set[int], lot: Mapping[int, int],
             seats: int) -> elimination.Progress:
    """The elimination stage as it stands (the qualifying stage is over)."""
    on = advancing(stages, entrants, rounds[:stages.first_rounds], out, lot, seats)
    return elimination.progress(on, rounds[stages.first_rounds:], stages.leaves, seats)


def standings(stages: Chain, entrants: Sequence[int], rounds: Sequence[RoundResult], out: set[int], lot: Mapping[int, int],
              seats: int) -> Order:
    """Places in groups best first: the elimination's, then the rest by qualifying order
    (the disqualified left out: the caller puts them last)."""
    if len(rounds) < stages.first_rounds:
        return [[p] for p in qualifying(entrants, rounds, out, lot, seats) if p not in out]
    first = rounds[:stages.first_rounds]
    on = advancing(stages, entrants, first, out, lot, seats)
    final = [[p for p in g if p not in out] for g in elimination.standings(on, rounds[stages.first_rounds:],
                                                                          stages.leaves)]
    rest = [[p] for p in qualifying(entrants, first, out, lot, seats) if p not in on and p not in out]
    return [g for g in final if g] + rest


def describe(tournament: Tournament, entrants: Sequence[int], rounds: Sequence[RoundResult], out: set[int],
             lot: Mapping[int, int]) -> list[dict[str, Any]] | None:
    """The stages as the API and the page show them: each stage, its rounds, its state, and
    the advancement rule with who went on once it is known."""
    stages = chain(tournament, entrants)
    if stages is None:
        return None
    # Before the start nothing is played, though a round robin of no entrants yet has no rounds.
    started = tournament.started_at is not None
    done = started and len(rounds) >= stages.first_rounds
    on = advancing(stages, entrants, rounds[:stages.first_rounds], out, lot, tournament.seats) if done else None
    return [
        {"number": 1, "format": tournament.format, "rounds": stages.first_rounds,
         "from_round": 1, "status": "finished" if done else "playing" if started else "next"},
        {"number": 2, "format": Tournament.Format.ELIMINATION, "leaves": stages.leaves, "advance": stages.advance,
         "from_round": stages.first_rounds + 1,
         "status": ("finished" if tournament.status == Tournament.Status.FINISHED else "playing") if done else "next",
         "rule": f"top {stages.advance} of stage 1 by points, then Buchholz, then the drawn lot; "
                 "disqualified players never go on",
         "rule_ru": f"первые {stages.advance} этапа 1 по очкам, затем по Бухгольцу, затем по жребию; "
                    "дисквалифицированные не проходят",
         "advancing": on},
    ]
