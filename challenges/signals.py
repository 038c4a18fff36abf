"""What the challenges app tells the apps above it (the account stream), through
``core.hooks``. ``challenge_changed`` is called inside the transaction that changed the
challenge, so a hook's rows commit with it (and a hook that raises undoes the change)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.hooks import Hooks

if TYPE_CHECKING:
    from challenges.models import Challenge


@dataclass(frozen=True)
class ChallengeChanged:
    """A challenge made (pending) or its status changed: accepted, declined, cancelled,
    expired. ``challenge`` is the row as it now is."""

    challenge: Challenge


challenge_changed: Hooks[ChallengeChanged, None] = Hooks("announce")
