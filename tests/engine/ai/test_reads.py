"""Reads: what the others' moves say about their hands, from what a seat could see."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.engine import (
    Action,
    Event,
    IllegalAction,
    InvalidAction,
    Rules,
    State,
    actors,
    apply,
    decide,
    replay,
    shuffled_deck,
    start,
)
from games.engine.ai import choose_action, observe
from games.engine.ai.determinize import determinize
from games.engine.ai.greedy import greedy_state
from games.engine.ai.reads import likelihood, reads_for
from tests.engine.ai.support import random_rules


def greedy_game(rules: Rules, rng: random.Random) -> Iterator[tuple[list[Event], State, list[tuple[int, Action]]]]:
    """(events so far, state, moves so far) along a game every seat plays greedily."""
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    moves: list[tuple[int, Action]] = []
    for _ in range(3000):
        seats = actors(state)
        if not seats:
            return
        yield events, state, moves
        seat = rng.choice(seats)
        action = greedy_state(state, seat)
        moves.append((seat, action))
        for event in decide(state, seat, action):
            state = apply(state, event)
            events.append(event)


def hidden_hands(state: State) -> list[int]:
    """Each seat's cards that nobody saw go in."""
    return [hand & ~known for hand, known in zip(state.hands, state.known, strict=True)]


def test_a_cheap_first_player_never_breaks_a_read() -> None:
    """The greedy baseline plays cheapest first, so no read of its moves is ever broken by
    the hand it really holds: every rule option, 2 to 6 players."""
    rng = random.Random("reads")
    made = 0
    for _ in range(40):
        rules = random_rules(rng)
        for i, (events, state, _) in enumerate(greedy_game(rules, rng)):
            if i % 4:
                continue
            seat = rng.randrange(rules.players)
            reads = reads_for(events, seat)
            hidden = hidden_hands(state)
            assert likelihood(reads, hidden) == 1.0, (rules, reads)
            made += len(reads)
            for mover, cards, allowed, odds in reads:
                assert mover != seat and 0 < odds < 1 and allowed >= 0
                assert not cards & observe(state, seat).hand
    assert made > 200


def _replayed(rules: Rules, deck: tuple[int, ...], moves: list[tuple[int, Action]]) -> list[Event] | None:
    events = start(rules, deck)
    state = replay(events)
    for seat, action in moves:
        try:
            new = decide(state, seat, action)
        except (IllegalAction, InvalidAction):
            return None  # the other deal does not hold a card played (or who leads first)
        for event in new:
            state = apply(state, event)
            events.append(event)
    return events


def test_reads_do_not_change_when_unseen_cards_are_dealt_otherwise() -> None:
    """The same moves over a deck whose cards the seat never saw are placed otherwise give
    the same reads: a read uses nothing the seat could not see."""
    rng = random.Random("reads-hidden")
    compared = 0
    # Most re-dealt decks make some card move of the history illegal; about one in five
    # replays: 50 games give some twenty-five comparisons.
    for _ in range(50):
        rules = random_rules(rng)
        if rules.redeal_five_of_suit:
            continue
        history = list(greedy_game(rules, rng))
        if len(history) < 10:
            continue
        events, state, moves = history[rng.randrange(5, len(history))]
        seat = rng.randrange(rules.players)
        unseen = observe(state, seat).unseen
        deck = list(state.deck)
        places = [i for i, card in enumerate(deck) if unseen >> card & 1]
        cards = [deck[i] for i in places]
        for _ in range(3):
            rng.shuffle(cards)
            for i, card in zip(places, cards, strict=True):
                deck[i] = card
            other = _replayed(rules, tuple(deck), moves)
            if other is None:
                continue
            assert reads_for(other, seat) == reads_for(events, seat)
            compared += 1
    assert compared >= 20


def test_deals_follow_the_reads() -> None:
    """Deals drawn for a seat that read the others are much less likely to break a read
    than deals that ignore them, and still fill every hand consistently."""
    rng = random.Random("reads-deals")
    rules = Rules(variant="podkidnoy", players=2)
    with_reads = without = total = 0
    for _ in range(30):
        for i, (events, state, _) in enumerate(greedy_game(rules, rng)):
            if i % 6 or not state.deck_count:
                continue
            seat = state.attacker
            obs = observe(state, seat)
            reads = reads_for(events, seat)
            if not reads:
                continue
            read_obs = obs._replace(reads=reads)
            for _ in range(10):
                plain = determinize(obs, rng)
                kept = determinize(read_obs, rng)
                assert kept.hands[seat] == state.hands[seat]
                assert [h.bit_count() for h in kept.hands] == [h.bit_count() for h in state.hands]
                hidden = hidden_hands(kept)
                with_reads += likelihood(reads, hidden) < 1.0
                hidden = hidden_hands(plain)
                without += likelihood(reads, hidden) < 1.0
                total += 1
    assert total > 500
    assert with_reads < 0.5 * without


def test_the_master_reads_the_history_and_plays_legally() -> None:
    """Given the game's events the master reads them and still picks a legal action."""
    rng = random.Random("reads-master")
    rules = Rules(variant="perevodnoy", players=3)
    for i, (events, state, _) in enumerate(greedy_game(rules, rng)):
        if i % 5:
            continue
        for seat in actors(state):
            action = choose_action(state, seat, "master", seed=i, budget_ms=5, history=events)
            assert decide(state, seat, action)
