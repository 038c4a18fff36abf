"""The Durak rules engine: pure, deterministic, standard library only.

The whole public surface::

    events = start(rules, deck)             # GameStarted, CardsDealt, BoutStarted
    state = replay(events)                  # fold events into an immutable State
    legal_actions(state, seat)              # fixed order; the only gate
    new_events = decide(state, seat, action)   # or InvalidAction / IllegalAction
    state = apply(state, event)             # never raises on decided events
    view(state, seat_or_None)               # the only way state leaves the engine
    redact(event, seat_or_None)             # an event as a viewer may see it
"""

from games.engine.actions import (
    PASS,
    TAKE,
    Action,
    Attack,
    Defend,
    Pass,
    Take,
    Transfer,
    action_from_dict,
)
from games.engine.cards import Card, card_name, parse_card
from games.engine.decide import decide
from games.engine.errors import EngineError, IllegalAction, InvalidAction
from games.engine.events import (
    SCHEMA_VERSION,
    AttackPlayed,
    AttackTransferred,
    BoutEnded,
    BoutStarted,
    CardBeaten,
    CardsDealt,
    CardsDrawn,
    DealCommitment,
    Event,
    GameFinished,
    GameStarted,
    HandsPassed,
    Passed,
    PlayerOut,
    SeatGivenUp,
    TakeDeclared,
    event_from_dict,
    event_to_dict,
)
from games.engine.fairness import client_seed_ok, commitment_of, fair_deck
from games.engine.fold import apply, replay, shuffled_deck, start
from games.engine.leaving import give_up, given_up_seats
from games.engine.legal import actors, legal_actions
from games.engine.play import play, random_playout
from games.engine.rules import Rules
from games.engine.state import State
from games.engine.view import redact, view

__all__ = [
    "PASS", "SCHEMA_VERSION", "TAKE", "Action", "Attack", "AttackPlayed", "AttackTransferred",
    "BoutEnded", "BoutStarted", "Card", "CardBeaten", "CardsDealt", "CardsDrawn", "DealCommitment", "Defend",
    "EngineError", "Event", "GameFinished", "GameStarted", "HandsPassed", "IllegalAction", "InvalidAction",
    "Pass", "Passed", "PlayerOut", "Rules", "SeatGivenUp", "State", "Take", "TakeDeclared", "Transfer",
    "action_from_dict", "actors", "apply", "card_name", "client_seed_ok", "commitment_of", "decide",
    "event_from_dict", "fair_deck", "give_up", "given_up_seats",
    "event_to_dict", "legal_actions", "parse_card", "play", "random_playout", "redact",
    "replay", "shuffled_deck", "start", "view",
]
