"""Deals consistent with an observation: a full ``State`` the seat cannot tell from the real one.

The unseen cards (``Observation.unseen``) go at random to the other hands' unknown slots and
to the stock; the face-up trump stays at the bottom of the stock. Who the rules ask to
throw in says nothing of a hand (throwers are asked by position, docs/rules.md#throwing-in),
so no deal is ruled out by it; only the others' moves make some deals likelier (``reads``).
The result is an engine ``State``: ``legal_actions``, ``decide`` and ``apply`` work on it
as on a real game.
"""

from __future__ import annotations

import random

from games.engine.ai.observe import Observation
from games.engine.ai.reads import likelihood
from games.engine.cards import card_list
from games.engine.fold import shuffle_cards
from games.engine.state import NO_SEAT, State, rederive


def _state(obs: Observation, hands: tuple[int, ...], deck: tuple[int, ...]) -> State:
    state = State(
        obs.rules, obs.beaters, deck, len(deck) - obs.deck_count, obs.trump, obs.trump_suit, hands,
        obs.known, obs.discard, obs.table, obs.table_ranks, obs.attacker, obs.defender, obs.lead,
        obs.start_hand, obs.passed, obs.taking, obs.bouts, obs.out, obs.places, obs.proezdnoy_used,
        None, 0, 0, NO_SEAT, obs.turn, obs.barred,
    )
    rederive(state)
    return state


# A deal is kept with the likelihood of the others' moves given their dealt hands
# (``reads.likelihood``); after READ_TRIES deals the likeliest one is kept.
READ_TRIES = 40


def determinize(obs: Observation, rng: random.Random) -> State:
    """A random full state consistent with everything ``obs.seat`` has seen, and likely
    given what the others' moves say about their hands (``obs.reads``)."""
    hands, stock = _deal(obs, rng)
    if obs.reads:
        # Rejection sampling: a deal is kept with the likelihood of the others' moves.
        likeliest = (0.0, hands, stock)
        for _ in range(READ_TRIES):
            chance = likelihood(obs.reads, hands)
            if chance >= 1.0 or rng.random() < chance:
                break
            if chance > likeliest[0]:
                likeliest = (chance, hands, stock)
            hands, stock = _deal(obs, rng)
        else:
            _, hands, stock = likeliest
    # The cards already drawn fill the front of the deck; only its length and tail matter.
    drawn = card_list(obs.all_cards & ~sum_masks(stock))
    return _state(obs, tuple(hands), tuple(drawn + stock))


def _deal(obs: Observation, rng: random.Random) -> tuple[list[int], list[int]]:
    """The others' hands and the stock (bottom card last), dealt at random."""
    n = obs.players
    unseen = card_list(obs.unseen)
    shuffle_cards(unseen, rng)
    hands = [0] * n
    hands[obs.seat] = obs.hand
    pool = unseen
    for s in range(n):
        if s == obs.seat:
            continue
        hidden = obs.hand_counts[s] - obs.known[s].bit_count()
        hidden = max(hidden, 0)
        hands[s] = obs.known[s] | sum_masks(pool[:hidden])
        pool = pool[hidden:]
    stock = list(pool)
    if obs.deck_count:
        stock.append(obs.trump)
    return hands, stock


def sum_masks(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
