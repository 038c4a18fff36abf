"""What every stream must be: numbered 1, 2, 3 … without a gap, and free of cards."""

from __future__ import annotations

import re
from typing import Any

CARD = re.compile(r"^(10|[2-9JQKA])[SCDH]$")
FIELDS = {
    "game_started": {"game", "seat"},
    "your_turn": {"game", "seq", "deadline"},
    "game_finished": {"game", "place", "durak"},
    "challenge_received": {"challenge"},
    "challenge_accepted": {"challenge", "game"},
    "challenge_declined": {"challenge"},
    "challenge_cancelled": {"challenge"},
    "table_ready": {"tournament", "game"},
    "tournament_finished": {"tournament", "place", "prize"},
}


def assert_contract(events: list[dict[str, Any]], first: int = 1) -> None:
    """Ids ``first``, ``first + 1``, …; each event exactly its type's fields; no card."""
    assert [e["id"] for e in events] == list(range(first, first + len(events))), [e["id"] for e in events]
    for event in events:
        assert set(event) == {"id", "type", "at"} | FIELDS[event["type"]], event
        for value in event.values():
            assert not (isinstance(value, str) and CARD.match(value)), event
