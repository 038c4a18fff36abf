"""A computer player decides only from what its seat has seen."""

from __future__ import annotations

import random

from games.engine import State, legal_actions
from games.engine.ai import Observation, choose_action, observe
from games.engine.ai.determinize import determinize
from games.engine.cards import card_list
from tests.engine.ai.support import positions

# Every field an observation has. A new field must be argued to be public before it is
# added here: none may hold another seat's hand or the order of the stock.
PUBLIC_FIELDS = {
    "rules", "seat", "hand", "beaters", "all_cards", "deck_size", "deck_count", "trump",
    "trump_suit", "hand_counts", "known", "discard", "table", "table_ranks", "attacker",
    "defender", "lead", "start_hand", "passed", "taking", "bouts", "out", "places",
    "proezdnoy_used", "legal",
    # Where the right to throw in stands (``throw_in_order="round"``) and who may no longer
    # throw in after a transfer: both follow from who threw in, passed and transferred,
    # which everyone at the table saw.
    "turn", "barred",
    # What the others' moves said (``reads``): computed from this seat's own observations
    # before each move and the moves' public part (tests/engine/ai/test_reads.py).
    "reads",
}


def reshuffled(state: State, seat: int, rng: random.Random) -> State:
    """The same game with every card ``seat`` could not see dealt again at random:
    other hands keep their size and their publicly known cards, the stock keeps its size
    and the face-up trump at its bottom."""
    n = state.rules.players
    hidden_stock = list(state.deck[state.deck_pos:])
    if hidden_stock:
        hidden_stock.pop()  # the face-up trump stays where everyone sees it
    pool = list(hidden_stock)
    for other in range(n):
        if other != seat:
            pool += card_list(state.hands[other] & ~state.known[other])
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in range(n):
        if other != seat:
            need = (state.hands[other] & ~state.known[other]).bit_count()
            hands[other] = state.known[other] | sum(1 << c for c in pool[:need])
            pool = pool[need:]
    stock = pool + ([state.trump] if state.deck_pos < len(state.deck) else [])
    deck = state.deck[: state.deck_pos] + tuple(stock)
    return state.evolve(hands=tuple(hands), deck=deck)


def test_observation_has_only_public_fields() -> None:
    """The observation type has no field for other hands or the deck order."""
    assert set(Observation._fields) == PUBLIC_FIELDS
    assert "hands" not in Observation._fields and "deck" not in Observation._fields


def test_observation_does_not_change_when_unseen_cards_are_reshuffled() -> None:
    """Reshuffling what the seat could not see leaves its observation, and so every
    deterministic level's decision, unchanged; the other hands did change."""
    rng = random.Random("info")
    compared = changed = 0
    for i, (state, seat) in enumerate(positions(rng, 16)):
        if i % 3:
            continue
        other = reshuffled(state, seat, rng)
        # Throwers are asked by position (docs/rules.md#throwing-in): the others' cards
        # never change what this seat may do.
        assert legal_actions(other, seat) == legal_actions(state, seat)
        assert observe(other, seat) == observe(state, seat)
        for level in ("greedy", "experienced"):
            assert choose_action(other, seat, level) == choose_action(state, seat, level)
        compared += 1
        changed += other.hands != state.hands
    assert compared > 100 and changed > 30


def test_observation_holds_no_card_of_another_hand_unless_public() -> None:
    """Every card an observation names is in the seat's hand, on the table, in the
    discard, the face-up trump, or publicly known to be in a hand."""
    rng = random.Random("cards")
    for i, (state, seat) in enumerate(positions(rng, 20)):
        if i % 5:
            continue
        obs = observe(state, seat)
        public = obs.hand | obs.table_cards | obs.discard | 1 << obs.trump
        for known in obs.known:
            public |= known
        for other in range(state.rules.players):
            if other != seat:
                secret = state.hands[other] & ~state.known[other]
                assert not secret & (public & ~(1 << obs.trump))
        assert obs.known[seat] == 0 and obs.hand == state.hands[seat]


def test_determinized_deals_are_consistent() -> None:
    """A sampled deal keeps the seat's hand, the table, every count and known card and the
    face-up trump at the bottom, holds each card once, and offers the same legal actions."""
    rng = random.Random("determinize")
    for i, (state, seat) in enumerate(positions(rng, 30)):
        if i % 4:
            continue
        obs = observe(state, seat)
        world = determinize(obs, rng)
        assert world.hands[seat] == state.hands[seat]
        assert world.table == state.table and world.discard == state.discard
        assert world.deck_pos == state.deck_pos and len(world.deck) == len(world.deck)
        assert sorted(world.deck) == sorted(state.deck)
        if state.deck_pos < len(state.deck):
            assert world.deck[-1] == state.trump
        everything = world.discard | obs.table_cards
        for s, hand in enumerate(world.hands):
            assert hand.bit_count() == state.hands[s].bit_count()
            assert hand & state.known[s] == (state.known[s] if s != seat else hand & state.known[s])
            assert not hand & everything
            everything |= hand
        for card in world.deck[world.deck_pos:]:
            assert not everything >> card & 1
            everything |= 1 << card
        assert everything == obs.all_cards
        assert legal_actions(world, seat) == legal_actions(state, seat)
