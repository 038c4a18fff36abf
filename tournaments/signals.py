"""What the tournaments app tells the apps above it (the account stream), without knowing
them (``core.hooks``). Both are called inside the transaction that did the thing, so a
hook's writes commit or roll back with it, and a hook that raises undoes it: a round dealt
twice cannot be announced twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.hooks import Hooks


@dataclass(frozen=True)
class TablesReady:
    """A round's tables are dealt: ``tables`` is ``(game id, [player ids by seat])`` per table."""

    tournament_id: int
    tables: list[tuple[int, list[int]]]


@dataclass(frozen=True)
class Placed:
    """One line of the final standings: the player, the place and the coins won."""

    player: int
    place: int
    prize: int


@dataclass(frozen=True)
class TournamentFinished:
    """The standings are final and the prizes paid."""

    tournament_id: int
    standings: list[Placed]


tables_ready: Hooks[TablesReady, None] = Hooks("announce")
tournament_finished: Hooks[TournamentFinished, None] = Hooks("announce")
