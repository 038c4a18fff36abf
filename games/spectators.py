"""How far behind a table its spectators are: the one place the spectator delay is
computed, for REST reads (from the database) and for sockets (from their cached log).

A delayed table (``Game.spectator_delay`` actions, e.g. a tournament's) shows spectators
the game as it stood before its last ``delay`` actions, so nobody watching can relay a
hand's play to a player in time. A finished game hides nothing: its replay is public.
"""

from __future__ import annotations

from collections.abc import Sequence

from games import store
from games.models import Game


def visible_seq(action_starts: Sequence[int], last_seq: int, delay: int, finished: bool) -> int:
    """The last seq a spectator lagging ``delay`` actions may see, given the seqs at
    which actions started (in order; at least the last ``delay`` of them) and the seq the
    game is at. Before enough actions, the deal is all there is."""
    if delay <= 0 or finished:
        return last_seq
    if len(action_starts) < delay:
        return action_starts[0] - 1 if action_starts else last_seq
    return action_starts[-delay] - 1


def spectator_delay(game: Game) -> int:
    """Actions spectators lag behind; 0 once the game is finished (its replay is public)."""
    return 0 if game.status == Game.Status.FINISHED else game.spectator_delay


def visible_seq_of(game: Game) -> int:
    """The last seq a spectator of ``game`` may see now."""
    delay = spectator_delay(game)
    if delay <= 0:
        return game.seq
    return visible_seq(store.action_starts(game.pk, game.seq, last=delay), game.seq, delay, finished=False)
