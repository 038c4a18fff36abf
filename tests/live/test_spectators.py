"""Watching: the public view live, or some actions late on a tournament table."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from accounts.services import guest_create
from games import selectors
from games.engine import GameFinished, GameStarted
from games.models import Game
from games.options import TableOptions
from live.feed import Stored, visible_seq
from tests.harness.moves import play_move
from tests.harness.tables import table_create
from tests.live.sockets import Socket, assert_gapless, assert_nothing_hidden, fresh_channel_layer


def _stored(acted: list[bool], finished: bool = False) -> tuple[Stored, ...]:
    events: list[Any] = [GameStarted.__new__(GameStarted) for _ in acted]
    if finished:
        events[-1] = GameFinished(durak=0, draw=False, losers=(0,), places=(1,))
    return tuple(Stored(seq, event, flag) for seq, (event, flag) in enumerate(zip(events, acted, strict=True), 1))


def test_visible_seq_lags_the_given_number_of_actions() -> None:
    #          1      2      3     4      5     6      7
    acted = [False, False, True, False, True, True, False]
    events = _stored(acted)
    assert visible_seq(events, 0) == 7
    assert visible_seq(events, 1) == 5  # before the action at 6
    assert visible_seq(events, 2) == 4
    assert visible_seq(events, 3) == 2
    assert visible_seq(events, 9) == 2  # fewer actions than the delay: the deal only
    assert visible_seq(_stored(acted, finished=True), 3) == 7  # a finished game hides nothing
    assert visible_seq((), 2) == 0
    assert visible_seq(_stored([False, False]), 2) == 2


@pytest.mark.django_db(transaction=True)
async def test_a_spectator_of_a_delayed_table_sees_it_actions_late() -> None:
    fresh_channel_layer()
    table = await database_sync_to_async(table_create)(rules={"deck": 24}, options=TableOptions(spectator_delay=2))
    _, watcher_token = await database_sync_to_async(guest_create)()
    play = database_sync_to_async(play_move)
    seqs = [3]
    for _ in range(4):
        seqs.append((await play(table.id)).game.seq)
    # Actions started at seqs[0]+1, seqs[1]+1, ...: two actions late is after seqs[2].
    watcher = Socket(table.id, watcher_token)
    state = (await watcher.open())["view"]
    assert state["seq"] == seqs[2] and state["you"] is None
    seqs.append((await play(table.id)).game.seq)
    await watcher.drain()
    assert_gapless(watcher.events(), seqs[2] + 1, seqs[3])
    assert_nothing_hidden(watcher.events(), None)
    # Players at the table are never delayed.
    player = Socket(table.id, table.tokens[0])
    assert (await player.open())["view"]["seq"] == seqs[-1]
    await watcher.close()
    await player.close()


@pytest.mark.django_db(transaction=True)
def test_rest_shows_spectators_of_a_delayed_table_the_same_past() -> None:
    table = table_create(rules={"deck": 24}, options=TableOptions(spectator_delay=2))
    seqs = [3] + [play_move(table.id).game.seq for _ in range(4)]
    watcher = guest_create()[0]
    game = Game.objects.get(pk=table.id)
    view = selectors.game_view_for(game, watcher)
    assert view["seq"] == seqs[2] and view["you"] is None
    assert [e["seq"] for e in selectors.events_for(game, watcher, 0)] == list(range(1, seqs[2] + 1))
    assert selectors.game_view_for(game, table.people[0])["seq"] == seqs[-1]  # players: live
    assert len(selectors.events_for(game, table.people[1], 0)) == seqs[-1]
