"""What accounts tell the apps above them (which accounts never imports), through
``core.hooks``.

``account_deleted`` is called inside the deleting transaction, after the name, password
and devices are gone: a hook that raises undoes the deletion. Apps that keep something
personal of a player (push subscriptions, say) delete it at its ``forget`` stage.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.hooks import Hooks


@dataclass(frozen=True)
class AccountDeleted:
    player_id: int


account_deleted: Hooks[AccountDeleted, None] = Hooks("forget")
