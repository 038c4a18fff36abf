"""Random rules and random positions for the AI tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.engine import Rules, State, actors, legal_actions, replay, shuffled_deck, start
from games.engine.ai.sim import step


def random_rules(rng: random.Random) -> Rules:
    """Any variant and option the engine offers, 2 to 6 players, teams sometimes."""
    variant = rng.choice(("podkidnoy", "perevodnoy", "simple"))
    deck = rng.choice((24, 36, 36, 52))
    players = rng.randint(2, 4 if deck == 24 else 6)
    teams = players in (4, 6) and rng.random() < 0.4
    bout_limit = rng.choice((6, 6, 5, 4))
    return Rules(
        variant=variant, players=players, deck=deck, teams=teams,
        lead=rng.choice(("single", "pair", "same_rank")),
        bout_limit=bout_limit, first_bout_limit=rng.choice((bout_limit, min(bout_limit, 5))),
        limit_by=rng.choice(("start_hand", "current_hand")),
        cap_when_deck_empty=rng.random() < 0.7,
        throw_in=rng.choice(("all", "neighbours", "both_neighbours")),
        throw_in_order=rng.choice(("attacker_first", "round")),
        transfer_cards=rng.choice(("one_or_more", "one")),
        initiator_throws_after_transfer=players != 3 or rng.random() < 0.5,
        draw_others=rng.choice(("from_lead", "left_of_defender")),
        throw_after_take=rng.random() < 0.7, transfer_first_bout=rng.random() < 0.7,
        transfer_with_trump_on_table=rng.random() < 0.7, proezdnoy=rng.random() < 0.3,
        transfer_out=rng.random() < 0.7, draw_allowed=rng.random() < 0.7,
        redeal_five_of_suit=rng.random() < 0.1, spades_by_spades=rng.random() < 0.2,
    )


def positions(rng: random.Random, games: int, rules: Rules | None = None) -> Iterator[tuple[State, int]]:
    """(state, seat to act) along random games, every actor of every moment."""
    for _ in range(games):
        game_rules = rules or random_rules(rng)
        state = replay(start(game_rules, shuffled_deck(game_rules, rng)))
        for _ in range(3000):
            seats = actors(state)
            if not seats:
                break
            for seat in seats:
                yield state, seat
            seat = rng.choice(seats)
            state = step(state, seat, rng.choice(legal_actions(state, seat)))
