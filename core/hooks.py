"""The one way an app hooks into a lower one: ``Hooks``, named stages that run in the
order they are declared, each hook connected under a uid.

A lower app declares its hooks, their stages and the dataclass they are called with
(``games.signals.move_committed``, ``accounts.signals.account_deleted``, …; ``live.lobby.featured``
with a list) without knowing who connects; the upper apps connect in their ``ready()``. The order is the declared stages', never the order apps happen to load in;
connecting the same uid again replaces the hook, so a second ``ready()`` adds nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

logger = logging.getLogger(__name__)

Arg = TypeVar("Arg")
Out = TypeVar("Out")


class Hooks(Generic[Arg, Out]):
    """Hooks taking an ``Arg`` and giving an ``Out``, by stage in declared order."""

    def __init__(self, *stages: str) -> None:
        if not stages or len(set(stages)) != len(stages):
            raise ValueError("Hooks need one or more stages, each named once.")
        self.stages = stages
        self._hooks: dict[str, dict[str, Callable[[Arg], Out]]] = {stage: {} for stage in stages}

    def connect(self, stage: str, hook: Callable[[Arg], Out], *, uid: str) -> None:
        """Run ``hook`` at ``stage``; connecting the same ``uid`` again replaces it."""
        if stage not in self._hooks:
            raise ValueError(f"{stage!r} is not one of the stages {self.stages}.")
        self._hooks[stage][uid] = hook

    def disconnect(self, stage: str, uid: str) -> None:
        self._hooks[stage].pop(uid, None)

    def at(self, stage: str) -> list[Callable[[Arg], Out]]:
        """The hooks of one stage, in the order they were connected."""
        return list(self._hooks[stage].values())

    def uids(self) -> frozenset[str]:
        """The uids of every hook connected, whatever its stage."""
        return frozenset(uid for hooks in self._hooks.values() for uid in hooks)

    def all(self) -> list[Callable[[Arg], Out]]:
        """Every hook, stage by stage."""
        return [hook for stage in self.stages for hook in self.at(stage)]

    def call(self, arg: Arg) -> list[Out]:
        """Run every hook with ``arg``, stage by stage; an error propagates, so a hook run
        inside the sender's transaction that fails undoes what the sender did."""
        return [hook(arg) for hook in self.all()]

    def call_logged(self, arg: Arg) -> None:
        """Run every hook with ``arg``, stage by stage, each on its own: what one raises is
        logged, and the next runs (for hooks run after a commit, which nothing can undo)."""
        for hook in self.all():
            try:
                hook(arg)
            except Exception:
                logger.exception("%r with %r failed", hook, arg)
