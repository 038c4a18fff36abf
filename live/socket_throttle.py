"""A socket's budgets (``429 throttled``), kept in the cache beside REST's.

Actions charge the player's one ``actions`` budget that ``POST …/actions/`` charges too,
across every socket the player holds, in any process (``core.rates``). A
``resume`` resends a game's whole log or state: it has a small budget of its own, per
player. A wrong ``?token=`` or ``?ticket=`` charges the client's address at the ``auth``
rate, as a wrong password does.
"""

from __future__ import annotations

from typing import Any

from core import rates
from core.clients import client_address
from core.rates import Throttled
from core.throttles import player_key

__all__ = ["Throttled", "action_charge", "auth_failure_charge", "resume_charge"]


def action_charge(user_id: int) -> None:
    rates.charge("actions", player_key(user_id))


def resume_charge(user_id: int) -> None:
    rates.charge("resume", player_key(user_id))


def auth_failure_charge(scope: dict[str, Any]) -> None:
    rates.charge("auth-socket", client_address(scope), rates.rate_of("auth"))
