"""The master's other search, for an experiment: single-observer information-set Monte Carlo
tree search (SO-ISMCTS; Cowling, Powley and Whitehouse, 2012), chosen by ``MASTER_SEARCH``.

The flat search (``master``) scores each of its moves by playouts alone, so every later move
in a deal is the tips' (with their noise); more playouts only sharpen that one estimate.
Here one tree grows over both seats' later moves, keyed by the actions and shared by every
deal: each iteration draws a deal consistent with what the master's seat has seen
(``determinize``), walks the tree choosing among the moves legal in that deal, adds one
node and finishes the game by one noisy tips playout, as the flat search does. Deeper
moves are then searched rather than assumed, so more iterations keep buying better moves.

- Selection: UCB1 over the children whose action is legal in this deal, counting for each
  how often it was available when its parent was visited (the "availability count": a
  child legal in few deals is not over-explored against one legal in every deal).
- Expansion: one node an iteration, the tips' move first (the master's candidate 0 at the
  root, ``tips_state`` below), then the other untried moves at random.
- Rewards: the playout's score for the master's seat at its own nodes, one minus it at
  the opponent's. So two seats in play only; ``master`` keeps its flat search otherwise.
- The move: the most visited root child (the earlier candidate on a tie: the tips' first).

Under a work budget, one iteration is one playout, as for the flat search. It gains over the
flat search there with more iterations, but not under the one-second clock (``master``'s
comment has the figures): kept for the experiments that may still make it pay.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from random import Random

from games.engine.actions import Action
from games.engine.ai.determinize import determinize
from games.engine.ai.observe import Observation
from games.engine.ai.rollout import playout
from games.engine.ai.sim import mover, score, step
from games.engine.ai.tips import tips_state
from games.engine.legal import legal_actions
from games.engine.state import NO_SEAT

# UCB1's exploration constant (rewards lie in [0, 1]). At 4,000 iterations a move, paired
# against the flat search on seed 7: 0.7 +0.2 points (200 games), 0.4 -7.2 (160), 1.0 -5.8 (120).
EXPLORATION = 0.7


class Node:
    """A move in the tree: its statistics from the view of the seat that made it."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who made the move (NO_SEAT: the root)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0  # the rewards of the seat that made this move
        self.available = 1  # parent visits in which this move was legal (its first: 1)

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


def search(obs: Observation, legal: list[Action], rng: Random, iterations: float,
           out_of_time: Callable[[], bool], noise: float, c: float = EXPLORATION) -> int:
    """The index in ``legal`` (the master's candidates, the tips' move first) of the most
    visited root move after ``iterations`` iterations or when ``out_of_time`` says so
    (never before the first). Two seats in play; repeatable from ``rng`` alone when
    ``iterations`` is finite and the clock is not asked to stop it."""
    root = grow(obs, legal, rng, iterations, out_of_time, noise, c)
    visits = [root.children[a].visits if a in root.children else 0 for a in legal]
    return visits.index(max(visits))


def grow(obs: Observation, legal: list[Action], rng: Random, iterations: float,
         out_of_time: Callable[[], bool], noise: float, c: float = EXPLORATION) -> Node:
    """The tree ``search`` chooses from: its root, whose children are moves of ``legal``."""
    root = Node(NO_SEAT)
    done = 0
    while done < iterations and not (done and out_of_time()):
        done += 1
        _iterate(obs, legal, rng, root, obs.seat, noise, c)
    return root


def _iterate(obs: Observation, legal: list[Action], rng: Random, root: Node, seat: int,
             noise: float, c: float) -> None:
    """One deal: down the tree, one node added, a playout, the reward back up the path."""
    world = determinize(obs, rng)
    noise_seed = rng.getrandbits(32) if noise > 0.0 else 0
    node, actor, options = root, seat, legal
    path: list[Node] = []
    while True:
        children = node.children
        untried = [a for a in options if a not in children]
        if untried:
            prior = legal[0] if node is root else tips_state(world, actor)
            action = prior if prior in untried else untried[rng.randrange(len(untried))]
            for a in options:
                if a in children:
                    children[a].available += 1
            child = children[action] = Node(actor)
            world = step(world, actor, action)
            path.append(child)
            reward = playout(world, seat, policy=tips_state, noise=noise, seed=noise_seed)
            break
        best: Node | None = None
        best_value = -math.inf
        for a in options:
            candidate = children[a]
            candidate.available += 1
            value = candidate.ucb(c)
            if value > best_value:
                best, best_value, action = candidate, value, a
        assert best is not None  # options is never empty (checked below)
        world = step(world, actor, action)
        path.append(best)
        node, actor = best, mover(world)
        if actor == NO_SEAT:
            reward = score(world, seat)
            break
        options = legal_actions(world, actor)
        if not options:  # not expected of a seat to act; the playout finishes the deal
            reward = playout(world, seat, policy=tips_state, noise=noise, seed=noise_seed)
            break
    for child in path:
        child.visits += 1
        child.total += reward if child.seat == seat else 1.0 - reward
