"""The master: search over deals consistent with what its seat has seen.

While cards are hidden it runs determinized Monte Carlo (perfect-information sampling):
each iteration deals the unseen cards at random consistently with the observation
(``determinize``), then plays every legal action in that same deal and finishes the game
with greedy playouts for all seats; the action with the best mean score is chosen. Once the
stock is empty and two players remain every card is known, and an exact alpha-beta solver
(``solver``) decides, falling back to sampling if the tree is too big for the budget.

``budget_ms`` (default 1000) bounds the thinking time per move.
"""

from __future__ import annotations

import time
from random import Random

from games.engine.actions import Action
from games.engine.ai import greedy
from games.engine.ai.determinize import determinize
from games.engine.ai.observe import Observation
from games.engine.ai.rollout import playout
from games.engine.ai.sim import step
from games.engine.ai.solver import NodeLimit, Solver

DEFAULT_BUDGET_MS = 1000
# Share of the budget the exact solver may use before sampling takes over.
SOLVER_SHARE = 0.6
# Every PRUNE_EVERY deals, actions whose mean trails the best by PRUNE_MARGIN are dropped.
PRUNE_EVERY = 16
PRUNE_MARGIN = 0.25


def choose(obs: Observation, rng: Random, budget_ms: int | None = None) -> Action:
    began = time.perf_counter()
    budget = (budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS) / 1000.0
    deadline = began + budget * 0.85
    seat = obs.seat
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    first = greedy.choose(obs)
    legal.remove(first)
    legal.insert(0, first)  # ties go to the greedy move
    active = obs.players - obs.out.bit_count()
    if obs.deck_count == 0 and active == 2:
        world = determinize(obs, rng)  # the only deal left: every card is known
        try:
            action, _ = Solver(seat, deadline=began + budget * SOLVER_SHARE).best_action(world, legal)
            return action
        except NodeLimit:
            pass
    totals = [0.0] * len(legal)
    counts = [0] * len(legal)
    alive = list(range(len(legal)))
    rounds = 0
    while True:
        world = determinize(obs, rng)
        for i in alive:
            totals[i] += playout(step(world, seat, legal[i]), seat)
            counts[i] += 1
            if rounds and time.perf_counter() >= deadline:
                break
        rounds += 1
        if time.perf_counter() >= deadline:
            break
        if rounds % PRUNE_EVERY == 0 and len(alive) > 2:
            # Stop sampling actions far behind the leader: more deals for the rest.
            means = {i: totals[i] / counts[i] for i in alive}
            top = max(means.values())
            alive = [i for i in alive if means[i] >= top - PRUNE_MARGIN] or alive
    best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
    return legal[best]
