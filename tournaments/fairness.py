"""A tournament's fair deal: every choice the server makes is fixed before anyone enters.

At creation the tournament draws a secret seed and shows its commitment (the hex SHA-256).
From that seed alone come each table's server seed (``table_seed``) and each round's
seating draw (``seating_seed``), so once the commitment is public the server can choose
neither a deck nor who sits at which table. Entrants add their own seeds when they enter
(each table's deck takes every seat's seed, as the contract's deal does). A table's replay
reveals its server seed when it ends; the tournament's seed is revealed when the
tournament is over, and with it anyone can check every table's seed and every seating
(``docs/fairness.md``). Tournaments made before this keep their random draws.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from games.engine.fairness import commitment_of


def new_seed() -> tuple[str, str]:
    """A fresh tournament seed and its commitment."""
    seed = secrets.token_hex(32)
    return seed, commitment_of(seed)


def _derived(seed: str, label: str) -> str:
    return hmac.new(seed.encode("utf-8"), label.encode("utf-8"), hashlib.sha256).hexdigest()


def table_seed(seed: str, round_number: int, table_index: int) -> str:
    """The server seed of table ``table_index`` (from 0, in seating order) of a round."""
    return _derived(seed, f"table:{round_number}:{table_index}")


def seating_seed(seed: str, round_number: int) -> str:
    """The seed of a round's seating draw."""
    return _derived(seed, f"seating:{round_number}")[:32]


def lot_seed(seed: str) -> str:
    """The seed of the tournament's lot, which breaks the ties nothing else breaks."""
    return _derived(seed, "lot")[:32]
