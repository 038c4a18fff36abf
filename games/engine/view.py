"""What leaves the engine: a seat's (or a spectator's) view, and events redacted for them.

Nothing else turns state into data for the outside. A seat sees its own hand, every
card on the table, counts for the deck, the discard pile and the other hands, and the
cards of other hands that everyone saw go in (picked up from the table, a shown
«проездной», the face-up trump drawn last). A spectator (seat ``None``) sees no hand.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import NAME_OF, card_list
from games.engine.events import (
    CardsDealt,
    CardsDrawn,
    Event,
    GameStarted,
    HandsPassed,
    event_to_dict,
)
from games.engine.legal import actors, legal_actions
from games.engine.state import NO_SEAT, State


def _names(mask: int) -> list[str]:
    return [NAME_OF[c] for c in card_list(mask)]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The engine's part of the contract's game view for ``seat`` (None: a spectator)."""
    n = state.rules.players
    seats = [
        {
            "seat": s,
            "hand_count": state.hands[s].bit_count(),
            "out": bool(state.out >> s & 1),
            "known": _names(state.known[s]) if s != seat else [],
        }
        for s in range(n)
    ]
    for s in range(n):
        if state.given_up >> s & 1:
            seats[s]["given_up"] = True  # its person left: the computer plays it
    you = None
    legal: list[dict[str, Any]] = []
    if seat is not None:
        you = {"seat": seat, "hand": _names(state.hands[seat])}
        legal = [action.to_dict() for action in legal_actions(state, seat)]
    result = None
    if state.result is not None:
        r = state.result
        result = {"durak": r.durak, "draw": r.draw, "losers": list(r.losers), "places": list(r.places)}
        if state.given_up:
            # Seats their person left: losses whatever the cards say.
            result["forfeits"] = [s for s in range(n) if state.given_up >> s & 1]
    return {
        "rules": state.rules.to_dict(),
        "trump": NAME_OF[state.trump],
        "trump_suit": "SCDH"[state.trump_suit] if state.trump_suit >= 0 else None,
        "deck_count": state.deck_count,
        "discard_count": state.discard.bit_count(),
        "table": [
            {"attack": NAME_OF[a], "defense": NAME_OF[d] if d >= 0 else None} for a, d in state.table
        ],
        "seats": seats,
        "you": you,
        "attacker": state.attacker if state.attacker != NO_SEAT else None,
        "defender": state.defender if state.defender != NO_SEAT else None,
        "taking": state.taking,
        "to_act": actors(state),
        "bout": state.bouts + 1,
        "legal_actions": legal,
        "result": result,
    }


def redact(event: Event, seat: int | None, reveal_all: bool = False) -> dict[str, Any]:
    """An event as ``seat`` may see it (None: a spectator). ``reveal_all`` is for the
    replay of a finished game, where every card may be shown."""
    data = event_to_dict(event)
    if reveal_all:
        return data
    if isinstance(event, GameStarted):
        # The deck order is the game's whole secret.
        data.pop("deck")
        data["deck_size"] = len(event.deck)
    elif isinstance(event, (CardsDealt, HandsPassed)):
        data["hands"] = [
            [NAME_OF[c] for c in hand] if s == seat else None for s, hand in enumerate(event.hands)
        ]
        data["hand_counts"] = [len(hand) for hand in event.hands]
    elif isinstance(event, CardsDrawn) and event.seat != seat:
        # Another player's draw is a count; the face-up trump drawn last shows in their
        # seat's "known" cards in the view.
        data["count"] = len(data.pop("cards"))
    elif isinstance(event, CardsDrawn):
        data["count"] = len(event.cards)
    return data

