"""An exact solver for endgames where every card is known: the stock is empty and two
players are left (then each holds what the other cannot see elsewhere).

Alpha-beta over the game tree with a transposition table of bounds. When several seats may
act at once the tree lets the defender move first while a card lies unbeaten (``sim.mover``);
the seat asked to move is always solved over its own legal actions. Values are for the
asking seat: 1 a win, 0.5 a draw, 0 a loss. Perevodnoy endgames can cycle (a transfer, a
take, a transfer back); a position repeated on the current line scores as a draw, so
there the values are a close approximation rather than exact.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from games.engine.actions import PASS, Action
from games.engine.ai.greedy import greedy_state
from games.engine.ai.sim import mover, score, step
from games.engine.legal import legal_actions
from games.engine.state import State, partners

MAX_DEPTH = 300
FORCED_PASS = [PASS]  # the legal actions of a thrower with nothing to throw in


class NodeLimit(Exception):
    """The search grew past its node budget."""


def position_key(s: State) -> tuple[object, ...]:
    """What decides the rest of a game with every card known (the face-up trump may still
    lie in the stock, hence its position)."""
    return (s.hands, s.table, s.attacker, s.defender, s.taking, s.passed, s.start_hand, s.deck_pos,
            s.proezdnoy_used, s.out, s.bouts == 0, s.turn, s.barred)


class NodeBudget:
    """A search's bound: at most ``node_limit`` nodes, and the clock (checked every 256
    nodes) not past ``deadline`` (``perf_counter``); ``spend`` raises ``NodeLimit`` past either."""

    def __init__(self, node_limit: int, deadline: float | None) -> None:
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0

    def spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise NodeLimit
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise NodeLimit


class Solver:
    def __init__(self, seat: int, node_limit: int = 1_000_000, deadline: float | None = None) -> None:
        self.seat = seat
        self.budget = NodeBudget(node_limit, deadline)
        self.memo: dict[tuple[object, ...], tuple[float, float]] = {}
        # Positions on the current line: perevodnoy endgames can go round in circles
        # (transfer, take, transfer back); a repetition counts as a draw.
        self.path: set[tuple[object, ...]] = set()

    def ours(self, state: State, actor: int) -> bool:
        return actor == self.seat or partners(state.rules, actor, self.seat)

    def ordered(self, state: State, actor: int) -> list[Action]:
        # The engine's order is cheapest card first, take and pass last: a good order.
        return legal_actions(state, actor)

    def value(self, state: State, alpha: float, beta: float) -> float:
        if state.result is not None:
            return score(state, self.seat)
        actor = mover(state)
        moves = self.ordered(state, actor)
        if moves == FORCED_PASS:
            # A thrower asked with nothing to throw in (docs/rules.md#throwing-in): one
            # move, no choice to search, so it costs no node of the budget.
            return self.value(step(state, actor, PASS), alpha, beta)
        self.budget.spend()
        key = position_key(state)
        if key in self.path or len(self.path) > MAX_DEPTH:
            return 0.5
        lo, hi = self.memo.get(key, (0.0, 1.0))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        maximize = self.ours(state, actor)
        self.path.add(key)
        try:
            best = best_reply(state, actor, moves, maximize, a, b, self.value)
        finally:
            self.path.discard(key)
        self.memo[key] = proved(best, alpha, beta, lo, hi)
        return best

    def best_action(self, state: State, options: list[Action]) -> tuple[Action, float]:
        """The asking seat's best action of ``options`` and its value."""
        best_action, best = options[0], -1.0
        first = greedy_state(state, self.seat)
        if first in options:
            options = [first] + [o for o in options if o != first]
        for action in options:
            v = self.value(step(state, self.seat, action), max(best, 0.0), 1.0)
            if v > best:
                best_action, best = action, v
                if best >= 1.0:
                    break
        return best_action, best


def best_reply(state: State, actor: int, moves: list[Action], maximize: bool, a: float, b: float,
               child: Callable[[State, float, float], float]) -> float:
    """The best value of ``moves`` for ``actor``'s side (the asking seat's when ``maximize``),
    each scored by ``child(next state, a, b)`` in the window (``a``, ``b``) narrowed as it
    goes; it stops at a cut-off."""
    best = 0.0 if maximize else 1.0
    for action in moves:
        v = child(step(state, actor, action), a, b)
        if maximize:
            if v > best:
                best = v
                a = max(a, v)
        elif v < best:
            best = v
            b = min(b, v)
        if a >= b:
            break
    return best


def proved(best: float, alpha: float, beta: float, lo: float, hi: float) -> tuple[float, float]:
    """The bounds a search of the window (``alpha``, ``beta``) proved for a position known to
    lie in [``lo``, ``hi``] when it found ``best``: an exact value, or a bound after a cut-off."""
    if best <= max(alpha, lo):
        return lo, best
    if best >= min(beta, hi):
        return best, hi
    return best, best


def solvable(state: State) -> bool:
    """Whether every card is known to both sides: the stock is empty and two remain."""
    active = state.rules.players - state.out.bit_count()
    return state.deck_pos >= len(state.deck) and active == 2 and state.result is None


def solve(state: State, seat: int, node_limit: int = 1_000_000,
          deadline: float | None = None) -> tuple[Action, float]:
    """The best action for ``seat`` and its value; raises ``NodeLimit`` when the tree is
    bigger than ``node_limit`` nodes or the clock passes ``deadline`` (``perf_counter``)."""
    return Solver(seat, node_limit, deadline).best_action(state, legal_actions(state, seat))

