"""The Durak rules engine: pure, deterministic, standard library only.

The whole public surface::

    events = start(rules, deck)             # GameStarted, CardsDealt, BoutStarted
    state = replay(events)                  # fold events into an immutable State
    legal_actions(state, seat)              # fixed order; the only gate
    new_events = decide(state, seat, action)   # or InvalidAction / IllegalAction
    state = apply(state, event)             # never raises on decided events
    state = step(state, seat, action)       # search: a legal action's result, no checks, no events
    view(state, seat_or_None)               # the only way state leaves the engine
    redact(event, seat_or_None)             # an event as a viewer may see it

The same source runs two ways (``BUILD``): compiled, where ``make engine`` has built the
hot modules into C extensions with mypyc (``build_engine.py``), or as plain Python where
nothing was built, where a built module is older than its source (edited since), or where
the environment sets ``DURAK_PURE_ENGINE=1``.
"""

# First: where the engine's modules are imported from (the compiled or the pure build).
from games.engine import builds  # isort: skip
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
from games.engine.cards import card_name, parse_card
from games.engine.decide import decide, step
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
from games.engine.notation import Card
from games.engine.play import play, random_playout
from games.engine.rules import Rules
from games.engine.state import State
from games.engine.view import redact, view

BUILD = builds.loaded()  # "compiled" when the core runs as C extensions, else "pure"

__all__ = [
    "BUILD", "PASS", "SCHEMA_VERSION", "TAKE", "Action", "Attack", "AttackPlayed", "AttackTransferred",
    "BoutEnded", "BoutStarted", "Card", "CardBeaten", "CardsDealt", "CardsDrawn", "DealCommitment", "Defend",
    "EngineError", "Event", "GameFinished", "GameStarted", "HandsPassed", "IllegalAction", "InvalidAction",
    "Pass", "Passed", "PlayerOut", "Rules", "SeatGivenUp", "State", "Take", "TakeDeclared", "Transfer",
    "action_from_dict", "actors", "apply", "card_name", "client_seed_ok", "commitment_of", "decide",
    "event_from_dict", "fair_deck", "give_up", "given_up_seats",
    "event_to_dict", "legal_actions", "parse_card", "play", "random_playout", "redact",
    "replay", "shuffled_deck", "start", "step", "view",
]
