"""The master: search over deals consistent with what its seat has seen.

While cards are hidden it runs determinized Monte Carlo (perfect-information sampling):
each round deals the unseen cards at random consistently with the observation
(``determinize``, which also weighs what the others' moves said of their hands: ``reads``),
then plays every candidate action in that same deal and finishes the game with playouts
in which every seat follows the page's tips (``experienced.tips_state``: as cheap as
greedy playouts, and it keeps trumps and takes cheap bouts as good players do); the action
with the best mean score is chosen.
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
import time
from random import Random

from games.engine.actions import Action
from games.engine.ai import experienced, greedy
from games.engine.ai.determinize import determinize
from games.engine.ai.horizon import deepen
from games.engine.ai.observe import Observation
from games.engine.ai.prune import defender_choices
from games.engine.ai.rollout import playout
from games.engine.ai.sim import step
from games.engine.ai.solver import NodeBudget, NodeLimit, Solver
from games.engine.ai.swindle import swindle
from games.engine.cards import SUIT_MASK

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
# (1.75 did no better: -2.0 points [-8.7, +4.7] over 200 paired games).
PRIOR_Z = 1.0


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


def choose(obs: Observation, rng: Random, budget_ms: int | None = None, work: int | None = None) -> Action:
    """The master's move: within ``budget_ms`` of thinking, or, given ``work``, after at most
    that many playouts whatever the clock says (repeatable from ``rng`` alone)."""
    if work is not None and work < 1:
        raise ValueError(f"work must be at least 1 playout, not {work}")
    began = time.perf_counter()
    budget = (budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS) / 1000.0
    deadline = began + budget * 0.85 if work is None else math.inf
    seat = obs.seat
    legal = candidates(obs)
    if len(legal) == 1:
        return legal[0]
    if obs.everything_known:
        world = determinize(obs, rng)  # the only deal left: every card is known
        solver = (Solver(seat, deadline=began + budget * SOLVER_SHARE) if work is None
                  else Solver(seat, node_limit=work * SOLVER_NODES_PER_PLAYOUT))
        found: tuple[Action, float, bool] | None
        try:
            found = (*solver.best_action(world, legal), True)
        except NodeLimit:
            # Too big to read out: search to a horizon instead, since sampling would score
            # each move by a single playout (every deal is this one).
            horizon = NodeBudget(work * HORIZON_NODES_PER_PLAYOUT if work is not None else 10**9,
                                 deadline if work is None else None)
            found = deepen(world, seat, legal, experienced.tips_state, horizon)
        if found is not None:
            action, value, exact = found
            if exact and value <= 0.0:  # lost against perfect play: play for the opponent's mistakes
                return swindle(world, seat, legal, deadline=deadline) or action
            return action
    k = len(legal)
    totals = [0.0] * k
    # Paired statistics against every other action: sum and sum of squares of differences.
    diff = [[0.0] * k for _ in range(k)]
    diff2 = [[0.0] * k for _ in range(k)]
    counts = [0] * k
    alive = list(range(k))
    rounds = 0
    scores = [0.0] * k
    playouts_left: float = work if work is not None else math.inf
    while True:
        world = determinize(obs, rng)
        done = True
        for i in alive:
            scores[i] = playout(step(world, seat, legal[i]), seat, policy=experienced.tips_state)
            if rounds and time.perf_counter() >= deadline:
                done = False
                break
        if not done:
            break
        for i in alive:
            totals[i] += scores[i]
            counts[i] += 1
            for j in alive:
                d = scores[i] - scores[j]
                diff[i][j] += d
                diff2[i][j] += d * d
        rounds += 1
        playouts_left -= len(alive)
        if len(alive) == 1 or time.perf_counter() >= deadline or playouts_left < len(alive):
            break
        if rounds >= MIN_ROUNDS and rounds % CHECK_EVERY == 0:
            alive = _race(alive, totals, diff, diff2, rounds)
            if len(alive) == 1:
                break
    best = max(alive, key=lambda i: (totals[i] / max(counts[i], 1), -i))
    if best != 0 and 0 in alive:
        # Sampling noise must not overrule the prior: the leader has to be ahead of it
        # by PRIOR_Z standard errors of the paired difference.
        mean = diff[best][0] / rounds
        var = max(diff2[best][0] / rounds - mean * mean, 0.0)
        if mean <= PRIOR_Z * math.sqrt(var / rounds):
            best = 0
    return legal[best]


def _race(alive: list[int], totals: list[float], diff: list[list[float]], diff2: list[list[float]],
          rounds: int) -> list[int]:
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
        elif mean + Z * math.sqrt(var / rounds) < 0:
            continue
        kept.append(i)
    return kept
