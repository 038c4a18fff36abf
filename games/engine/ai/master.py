"""The master: search over deals consistent with what its seat has seen.

While cards are hidden it runs determinized Monte Carlo (perfect-information sampling):
each round deals the unseen cards at random consistently with the observation
(``determinize``, which also weighs what the others' moves said of their hands: ``reads``),
then plays every candidate action in that same deal and finishes the game with playouts
in which every seat follows the page's tips (``tips.tips_state``: as cheap as
greedy playouts, and it keeps trumps and takes cheap bouts as good players do), each move of
them with PLAYOUT_NOISE's chance a random legal one instead (PLAYOUTS_PER_DEAL of them a
candidate in each deal, with their own noise); the action with the best mean score is chosen.
Candidates are the legal actions less a defender's near-twins: it beats only the first
unbeaten card (every order of beating stays reachable), with its cheapest plain beater or
any trump (a pruning by judgement, not a proof: a dearer plain beater differs only in
rank). Rounds are compared pairwise (every action sees the same deals), so an action
clearly behind the leader is dropped early, and the search stops as soon as one action is
left: the budget goes to the close calls. The page's tips give the prior (``experienced.tips``,
the experienced level's move without its own small search, whose few deals and greedy
playouts would only add their noise to this search's): another action replaces it only
when it leads it clearly (sampling noise alone would otherwise pick, say, an ace to lead as
often as a six). Once two players remain and at most the face-up trump is in the stock
every card is known, and an exact alpha-beta solver
(``solver``) decides; if the tree is too big for its share of the budget, a search to a
horizon (``horizon``: alpha-beta over both sides' moves, tips playouts beyond) takes the rest
of it. An endgame proved lost is played for a typical opponent's mistakes (``swindle``).

``budget_ms`` (default 1000) bounds the thinking time per move. ``work``, for the arena's
comparisons only, replaces the clock by a count of playouts (and the solver's share by
``SOLVER_NODES_PER_PLAYOUT`` nodes each): the move then depends on the seed alone, so two
runs of the same code play the same games and a change is measured only where it chose
otherwise.
"""

from __future__ import annotations

import math
import os
import time
from random import Random

from games.engine.actions import Action
from games.engine.ai import experienced, greedy, ismcts
from games.engine.ai.determinize import determinize
from games.engine.ai.horizon import deepen
from games.engine.ai.observe import Observation
from games.engine.ai.prune import defender_choices
from games.engine.ai.rollout import playout
from games.engine.ai.sim import step
from games.engine.ai.solver import NodeBudget, NodeLimit, Solver
from games.engine.ai.swindle import swindle
from games.engine.ai.tips import tips_state
from games.engine.cards import SUIT_MASK
from games.engine.state import State

DEFAULT_BUDGET_MS = 1000
# Share of the budget the exact solver may use before sampling takes over.
SOLVER_SHARE = 0.6
# Under a ``work`` budget: solver nodes per playout of budget, about the ratio of their
# costs (here some 55,000 solver nodes or 4,900 playouts a second), so that ``work`` = 4000
# gives the solver about its timed share.
SOLVER_NODES_PER_PLAYOUT = 8
# When the solver runs out, a horizon search (``horizon``) gets the rest of the thinking
# time; under ``work``, this many of its nodes per playout of budget (its nodes, playouts at
# the horizon included, run at some 75,000 a second: about the 0.25 s left).
HORIZON_NODES_PER_PLAYOUT = 3
# Racing: from MIN_ROUNDS deals on, every CHECK_EVERY deals an action whose paired
# difference to the leader is below zero by more than Z standard errors is dropped.
# A careful race pays: 24 deals and 2.5 standard errors (against 12 and 2.0, which likely
# dropped the best action on early noise) took the master from 66.7% to 70.7% against
# the experienced level (arena, 300 games, --seed 2, where it was tuned; 66.3% to 68.0%
# with --seed 3) for about 310 ms a move instead of 237.
MIN_ROUNDS = 24
CHECK_EVERY = 4
Z = 2.5
# Actions whose every deal so far scored the same as the leader's are the same move in
# effect: after SAME_ROUNDS such deals the earliest of them (the greedy one first) is kept.
SAME_ROUNDS = 24
# The tips' move is kept unless another action leads it by this many standard errors
# (1.75 did no better: -2.0 points [-8.7, +4.7] over 200 paired games; with the noisy
# playouts, 0.5 did no better either: -1.5 [-7.5, +4.5], 4,000 playouts a move, seed 7).
PRIOR_Z = 1.0
# The race is the same under the clock (some 8,800 playouts a move here) as under a work
# budget. A more careful race there (an action dropped only from 48 deals on and 3.0
# standard errors behind, to spend the clock on close calls) did no better once the
# playouts were noisy: at 1 s a move, paired on the same deals, the race above scored
# +0.8 points [-4.3, +6.0] (seed 5, 81.0% against 79.3% won) and -0.8 [-6.1, +4.5]
# (seed 6, 76.7% against 77.7%) in 15% less thinking time; under a work budget of 8,000
# the careful race scored -1.5 and -3.0 points against 4,000 playouts of the race above
# (seeds 7 and 8).
# Each candidate scored after the opponent's reply (two plies at the root, tips playouts
# below) did worse at the same 4,000 playouts a move, paired on seed 7: the reply that is
# worst for the master in each deal (the opponent then sees the deal: too pessimistic)
# -33.8 points [-54.0, -13.5] over 40 games; the reply the opponent's own playouts prefer
# in a deal drawn from what it has seen -12.5 [-30.0, +5.0], and still -7.5 [-22.2, +7.2]
# with 12,000 playouts a move (as many deals as the master's 4,000, at 290 ms a move): the
# clock the master leaves unused would not buy it back. Single-observer ISMCTS in place of
# the flat sampling (``ismcts``, ``MASTER_SEARCH=ismcts``) was the lead: at the same 4,000
# playouts a move it played as well, no better (+0.2 points [-6.9, +7.4], 200 games, seed 7),
# but unlike the flat search it turns more thinking into strength: at 12,000 iterations
# a move +4.2 [-3.0, +11.5] over the same 200 games (84.5% against 80.2%; the flat search at
# 12,000: +1.2 [-5.6, +8.1]), some 0.5-0.7 s a move, within the clock the flat search leaves
# unused. Under the clock (1 s, seed 5, 200 games) 80.0% won against the flat search's 78.5%
# on the same deals, 490 ms a move against 222: paired +1.5 [-5.9, +8.9], not yet a gain;
# on seed 6's first 100 games 75.0% against 79.0%, -5.0 [-14.5, +4.5]: about -0.7 over the
# 300, so the tree's gain from more iterations does not carry over to the clock. Pruning the
# defender's near-twin beats below the tree's root too (fewer children, a deeper tree) did
# worse at 4,000 iterations (seed 7, 200 games): 77.8%, against the flat search's 80.2% and
# the unpruned tree's 80.5% on the same deals. Nor did reading small endgames out exactly
# inside the playouts (the stock empty, two seats, at most six cards in hands and on the
# table: the solver's value in place of the rest of the playout, 150 nodes at most, some 17
# on average): -0.8 points [-7.1, +5.6] at 4,000 playouts a move (seed 7, 200 games), for
# 70% more time a move: the playouts keep playing their endgames out. Nor did scoring a
# playout by its margin (a win 0.9 + 0.1 f, a loss 0.1 (1 - f), f the loser's cards left
# over six, at most 1): +1.1 points over four seeds at 4,000 playouts a move (+2.5,
# +1.8, -2.0, +2.2; about [-1.1, +3.4]), none under the clock (seeds 5 and 6).


def _playout_noise(default: float) -> float:
    """PLAYOUT_NOISE, or the MASTER_PLAYOUT_EPS environment variable's value for an
    experiment (read once, at import: the arena's workers inherit it)."""
    text = os.environ.get("MASTER_PLAYOUT_EPS", "").strip()
    if not text:
        return default
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"MASTER_PLAYOUT_EPS must lie between 0 and 1, not {text}")
    return value


# Noisy playouts (issue 32): in the search's playouts every seat plays, with this
# probability at each move, a uniformly random legal action instead of the tips' (the
# ``noise`` of ``rollout.playout``). Every candidate of one deal gets the same noise stream,
# drawn once a deal from the master's random stream (not at all with no noise, so the
# master then plays exactly as without it). Why 0.10: against the experienced level, 4,000
# playouts a move, paired with the same deals without noise (benchmarks/compare.py), 0.10
# won 4.5 and 9.5 points more on seeds 7 and 8, 0.05 some 3 points more over four seeds;
# 0.15 and 0.20 no more than 0.10. Playouts of one fixed policy score a move by how it fares
# against that policy's blind spots; a little noise stands for players who slip. Every seat
# slips alike: on the same seeds, only the opponents' slips did worse (-4.5 and -2.8 points),
# only the master's own (-6.2 on seed 7), and so did no slips once the stock is down to the
# face-up trump (-2.0 and -5.0), where the experienced level reads the endgame out. Nor
# did the noise shaped by the stock (seed 7): 0.15 while more than 12 cards are left to
# draw and 0.10 after, -3.5 points; 0.10 and then 0.15, -2.2. Nor slips shaped like the
# experienced level's own departures from its tips (with cards hidden its search overrules
# them in about a quarter of its choices: a take for 16.5% of the tips' beats, a dearer lead
# for 36% of its leads, a pass for 9% of its throw-ins): those rates for every seat, -6.5
# and -7.5 points (seeds 7 and 8, 100 games each), half of them -3.2 (seed 7). The search's
# departures follow the deal in front of it; slips at its average rates do not.
PLAYOUT_NOISE = _playout_noise(0.10)

# Noisy playouts per candidate in each deal (its score their mean): two, each with its own
# noise stream, the second's seed the first's mixed with a constant. The deal's luck is
# the same for both, the slips' luck is halved. Paired with the same deals at the same
# playouts a move (4,000; so half the deals), six seeds of 200 podkidnoy games against the
# experienced level: +6.2, -0.8, +0.8, +2.0, +1.2, +3.8 points, +2.2 [-0.9, +5.3] over the
# 1,200; a race twice as long at one playout a deal, no gain (-0.4 [-2.7, +2.0]).
PLAYOUTS_PER_DEAL = 2
_SECOND_NOISE = 0x5BD1E995


def _playouts_a_deal() -> int:
    """Playouts a candidate gets in each deal: without noise two would be one played twice."""
    return PLAYOUTS_PER_DEAL if PLAYOUT_NOISE > 0.0 else 1


def _noise_seeds(rng: Random) -> tuple[int, ...]:
    """A deal's noise streams, one for each playout of every candidate: the first drawn
    from the master's random stream, the others mixed from it; without noise nothing is
    drawn (so the master then plays exactly as without it) and one playout has seed 0."""
    if PLAYOUT_NOISE <= 0.0:
        return (0,)
    first = rng.getrandbits(32)
    return tuple(first ^ (_SECOND_NOISE * k) for k in range(_playouts_a_deal()))


def _search_kind(default: str) -> str:
    """SEARCH, or the MASTER_SEARCH environment variable's value for an experiment (read
    once, at import: the arena's workers inherit it)."""
    text = os.environ.get("MASTER_SEARCH", "").strip() or default
    if text not in ("flat", "ismcts"):
        raise ValueError(f"MASTER_SEARCH must be flat or ismcts, not {text}")
    return text


# How the master samples while cards are hidden: "flat" (``_sample``: every candidate scored
# by playouts in shared deals, raced) or "ismcts" (``ismcts.search``, two seats in play
# only; the flat search otherwise), an experiment not adopted: no stronger under the clock
# (see the comment above).
SEARCH = _search_kind("flat")


def candidates(obs: Observation) -> list[Action]:
    """The legal actions worth searching, the page's tips' move first: the prior the search
    must beat clearly (with every card known, the greedy move, a cheap order).

    A defender's beats are limited to the first unbeaten card (every order of beating is
    still reachable) and, of the plain cards that beat it, to the cheapest: a dearer card
    of the same suit only keeps a cheaper one in hand. Trump beaters all stay."""
    legal = list(obs.legal)
    first = greedy.choose(obs) if obs.everything_known else experienced.tips(obs)
    if obs.table and obs.seat == obs.defender:
        trumps = SUIT_MASK[obs.trump_suit] if obs.trump_suit >= 0 else 0
        kept = defender_choices(obs, legal, trumps)
        if first in kept:
            legal = kept
    legal.remove(first)
    legal.insert(0, first)
    return legal


class Thinking:
    """How long the master may think about one move: until ``deadline`` on the clock, or,
    given ``work``, for that many playouts (and the solver's and horizon's nodes in
    proportion) whatever the clock says."""

    def __init__(self, budget_ms: int | None, work: int | None) -> None:
        if work is not None and work < 1:
            raise ValueError(f"work must be at least 1 playout, not {work}")
        self.began = time.perf_counter()
        self.budget = (budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS) / 1000.0
        self.work = work
        self.deadline = self.began + self.budget * 0.85 if work is None else math.inf

    def solver(self, seat: int) -> Solver:
        if self.work is None:
            return Solver(seat, deadline=self.began + self.budget * SOLVER_SHARE)
        return Solver(seat, node_limit=self.work * SOLVER_NODES_PER_PLAYOUT)

    def horizon(self) -> NodeBudget:
        if self.work is None:
            return NodeBudget(10**9, self.deadline)
        return NodeBudget(self.work * HORIZON_NODES_PER_PLAYOUT, None)

    def playouts(self) -> float:
        return self.work if self.work is not None else math.inf

    def out_of_time(self) -> bool:
        return time.perf_counter() >= self.deadline


def choose(obs: Observation, rng: Random, budget_ms: int | None = None, work: int | None = None) -> Action:
    """The master's move: within ``budget_ms`` of thinking, or, given ``work``, after at most
    that many playouts whatever the clock says (repeatable from ``rng`` alone)."""
    thinking = Thinking(budget_ms, work)
    legal = candidates(obs)
    if len(legal) == 1:
        return legal[0]
    if obs.everything_known:
        read = _read_out(obs, legal, rng, thinking)
        if read is not None:
            return read
    if SEARCH == "ismcts" and obs.in_play == 2:
        return legal[ismcts.search(obs, legal, rng, thinking.playouts(), thinking.out_of_time, PLAYOUT_NOISE)]
    return legal[_sample(obs, legal, rng, thinking)]


def _read_out(obs: Observation, legal: list[Action], rng: Random, thinking: Thinking) -> Action | None:
    """The move of an endgame in which every card is known: solved exactly, or searched to
    a horizon when too big to solve; a lost one is played for the opponent's mistakes.
    None when even the horizon search had no time."""
    seat = obs.seat
    world = determinize(obs, rng)  # the only deal left: every card is known
    solver = thinking.solver(seat)
    found: tuple[Action, float, bool] | None
    try:
        found = (*solver.best_action(world, legal), True)
    except NodeLimit:
        # Too big to read out: search to a horizon instead, since sampling would score
        # each move by a single playout (every deal is this one).
        found = deepen(world, seat, legal, tips_state, thinking.horizon())
    if found is None:
        return None
    action, value, exact = found
    if exact and value <= 0.0:  # lost against perfect play: play for the opponent's mistakes
        return swindle(world, seat, legal, deadline=thinking.deadline) or action
    return action


class Race:
    """Paired statistics of the candidates over the deals so far: every alive action
    played in the same deals, so each pair's score differences cancel the deal's luck."""

    def __init__(self, k: int) -> None:
        self.totals = [0.0] * k
        # Sum and sum of squares of the differences to every other action.
        self.diff = [[0.0] * k for _ in range(k)]
        self.diff2 = [[0.0] * k for _ in range(k)]
        self.counts = [0] * k
        self.alive = list(range(k))
        self.rounds = 0

    def add(self, scores: list[float]) -> None:
        """One deal's scores (indexed by action) of every alive action."""
        alive = self.alive
        for i in alive:
            self.totals[i] += scores[i]
            self.counts[i] += 1
            for j in alive:
                d = scores[i] - scores[j]
                self.diff[i][j] += d
                self.diff2[i][j] += d * d
        self.rounds += 1

    def drop_behind(self, z: float) -> None:
        """Keep only the actions still in the race (see ``_race``)."""
        self.alive = _race(self.alive, self.totals, self.diff, self.diff2, self.rounds, z)

    def choice(self) -> int:
        """The best mean score, unless it does not lead the prior (action 0) clearly:
        sampling noise must not overrule the prior, so the leader has to be ahead of it by
        PRIOR_Z standard errors of the paired difference."""
        counts, totals, rounds = self.counts, self.totals, self.rounds
        best = max(self.alive, key=lambda i: (totals[i] / max(counts[i], 1), -i))
        if best != 0 and 0 in self.alive:
            mean = self.diff[best][0] / rounds
            var = max(self.diff2[best][0] / rounds - mean * mean, 0.0)
            if mean <= PRIOR_Z * math.sqrt(var / rounds):
                best = 0
        return best


def _sample(obs: Observation, legal: list[Action], rng: Random, thinking: Thinking) -> int:
    """Determinized Monte Carlo: the index in ``legal`` of the move chosen over as many
    deals as the thinking allows, dropping actions clearly behind as it goes."""
    seat = obs.seat
    race = Race(len(legal))
    scores = [0.0] * len(legal)
    playouts_left = thinking.playouts()
    while True:
        world = determinize(obs, rng)
        noise_seeds = _noise_seeds(rng)
        if not _play_deal(world, seat, legal, race, scores, thinking, noise_seeds):
            break  # the clock ran out within the deal: its scores are not counted
        race.add(scores)
        per_deal = len(noise_seeds)
        playouts_left -= per_deal * len(race.alive)
        if len(race.alive) == 1 or thinking.out_of_time() or playouts_left < per_deal * len(race.alive):
            break
        if race.rounds >= MIN_ROUNDS and race.rounds % CHECK_EVERY == 0:
            race.drop_behind(Z)
            if len(race.alive) == 1:
                break
    return race.choice()


def _play_deal(world: State, seat: int, legal: list[Action], race: Race, scores: list[float],
               thinking: Thinking, noise_seeds: tuple[int, ...] = (0,)) -> bool:
    """Score every alive action in one deal by the mean of its tips playouts, one for each
    of ``noise_seeds`` with PLAYOUT_NOISE's noise from that seed (the same draws for every
    action, so that the pairing cancels the noise's luck as it does the deal's), into
    ``scores``; False if the clock ran out first (never in the first deal, so there is
    always one)."""
    for i in race.alive:
        after = step(world, seat, legal[i])
        scores[i] = sum(playout(after, seat, policy=tips_state, noise=PLAYOUT_NOISE, seed=noise_seed)
                        for noise_seed in noise_seeds) / len(noise_seeds)
        if race.rounds and thinking.out_of_time():
            return False
    return True


def _race(alive: list[int], totals: list[float], diff: list[list[float]], diff2: list[list[float]],
          rounds: int, z: float) -> list[int]:
    """The actions still in the race after ``rounds`` deals shared by every alive action."""
    leader = max(alive, key=lambda i: (totals[i], -i))
    kept = []
    for i in alive:
        if i == leader:
            kept.append(i)
            continue
        mean = diff[i][leader] / rounds
        var = max(diff2[i][leader] / rounds - mean * mean, 0.0)
        if var == 0.0:
            if mean < 0 or rounds >= SAME_ROUNDS:
                continue  # always behind, or the same move in effect
        elif mean + z * math.sqrt(var / rounds) < 0:
            continue
        kept.append(i)
    return kept
