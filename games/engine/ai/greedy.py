"""The greedy baseline: always the cheapest legal card.

Cheapest means lowest rank, any trump dearer than any plain card. It leads and throws in
its cheapest card but no trump while the deck holds more than 4 cards (it leads a trump
only when it holds nothing else); as defender it beats the first unbeaten card with the
cheapest card that beats it, or transfers when the transfer card is cheaper, otherwise it
takes. It never leads more than one card. ``greedy_state`` is the same player reading a
full state, for rollouts; a test checks the two agree.
"""

from __future__ import annotations

from games.engine.actions import ATTACK_ONE, DEFEND, PASS, TAKE, Action, Attack, Defend, Transfer
from games.engine.ai.observe import Observation
from games.engine.cards import RANK_MASK, RANK_OF, SUIT_MASK
from games.engine.legal import transfer_options
from games.engine.state import State

THICK_DECK = 4


def cheapest(mask: int, trumps: int) -> int:
    """The cheapest card of a non-empty set: the lowest plain card, else the lowest trump."""
    plain = mask & ~trumps
    pick = plain if plain else mask
    return (pick & -pick).bit_length() - 1


def cost(card: int, trumps: int) -> int:
    return card + 64 if trumps >> card & 1 else card


def choose(obs: Observation) -> Action:
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    trumps = SUIT_MASK[obs.trump_suit] if obs.trump_suit >= 0 else 0
    thick = obs.deck_count > THICK_DECK
    if not obs.table:
        leads = 0
        for action in legal:
            if type(action) is Attack and len(action.cards) == 1:
                leads |= 1 << action.cards[0]
        if thick and leads & ~trumps:
            leads &= ~trumps
        return Attack((cheapest(leads, trumps),))
    if obs.seat == obs.defender:
        target = next((i for i, (_, d) in enumerate(obs.table) if d < 0), -1)
        best: Action = TAKE
        best_cost = 1 << 30
        for action in legal:
            if type(action) is Defend:
                if action.target == target and cost(action.card, trumps) < best_cost:
                    best, best_cost = action, cost(action.card, trumps)
            elif type(action) is Transfer and len(action.cards) == 1 and not action.shown:
                c = cost(action.cards[0], trumps)
                if c < best_cost:
                    best, best_cost = action, c
        return best
    throwable = 0
    for action in legal:
        if type(action) is Attack:
            throwable |= 1 << action.cards[0]
    if thick:
        throwable &= ~trumps
    if not throwable:
        return PASS
    return Attack((cheapest(throwable, trumps),))


def greedy_state(state: State, seat: int) -> Action:
    """``choose(observe(state, seat))`` for the seat that is to move, computed straight
    from the state (no list of legal actions)."""
    trumps = SUIT_MASK[state.trump_suit] if state.trump_suit >= 0 else 0
    thick = len(state.deck) - state.deck_pos > THICK_DECK
    hand = state.hands[seat]
    table = state.table
    if not table:
        leads = hand
        if thick and leads & ~trumps:
            leads &= ~trumps
        return ATTACK_ONE[cheapest(leads, trumps)]
    if seat == state.defender:
        best: Action = TAKE
        best_cost = 1 << 30
        for target, (attack, defense) in enumerate(table):
            if defense < 0:
                options = hand & state.beaters[attack]
                if options:
                    card = cheapest(options, trumps)
                    best, best_cost = DEFEND[card][target], cost(card, trumps)
                break
        if state.options.transfers and hand & RANK_MASK[RANK_OF[table[0][0]]]:
            for action in transfer_options(state):
                if type(action) is Transfer and len(action.cards) == 1 and not action.shown:
                    c = cost(action.cards[0], trumps)
                    if c < best_cost:
                        best, best_cost = action, c
        return best
    throwable = hand & state.table_ranks if state.room > 0 else 0
    if thick:
        throwable &= ~trumps
    if not throwable:
        return PASS
    return ATTACK_ONE[cheapest(throwable, trumps)]

