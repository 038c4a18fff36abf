"""Watching: the public view live, or some actions late on a tournament table."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from accounts.services import guest_create, token_for
from games import engine, selectors, services
from games.engine import GameFinished, GameStarted
from games.models import Game
from games.options import TableOptions
from live.feed import Stored, visible_seq
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


def _two_people(delay: int) -> tuple[int, list[Any], str]:
    people = [guest_create()[0], guest_create()[0]]
    game = services.game_create(creator=people[0], rules={"deck": 24},
                                options=TableOptions(spectator_delay=delay)).game
    services.game_join(game_id=game.pk, player=people[1])
    return game.pk, people, guest_create()[1]


def _act(game_id: int, people: list[Any]) -> int:
    game = Game.objects.get(pk=game_id)
    state = selectors.game_state(game)
    seat = engine.actors(state)[0]
    services.action_play(game_id=game_id, player=people[seat], expected_seq=game.seq,
                         action=engine.legal_actions(state, seat)[0])
    return Game.objects.get(pk=game_id).seq


@pytest.mark.django_db(transaction=True)
async def test_a_spectator_of_a_delayed_table_sees_it_actions_late() -> None:
    fresh_channel_layer()
    game_id, people, watcher_token = await database_sync_to_async(_two_people)(2)
    seqs = [3]
    for _ in range(4):
        seqs.append(await database_sync_to_async(_act)(game_id, people))
    # Actions started at seqs[0]+1, seqs[1]+1, ...: two actions late is after seqs[2].
    watcher = Socket(game_id, watcher_token)
    state = (await watcher.open())["view"]
    assert state["seq"] == seqs[2] and state["you"] is None
    seqs.append(await database_sync_to_async(_act)(game_id, people))
    await watcher.drain()
    assert_gapless(watcher.events(), seqs[2] + 1, seqs[3])
    assert_nothing_hidden(watcher.events(), None)
    # Players at the table are never delayed.
    player_token = await database_sync_to_async(token_for)(people[0])
    player = Socket(game_id, player_token)
    assert (await player.open())["view"]["seq"] == seqs[-1]
    await watcher.close()
    await player.close()


@pytest.mark.django_db(transaction=True)
def test_rest_shows_spectators_of_a_delayed_table_the_same_past() -> None:
    game_id, people, _ = _two_people(2)
    seqs = [3] + [_act(game_id, people) for _ in range(4)]
    watcher = guest_create()[0]
    game = Game.objects.get(pk=game_id)
    view = selectors.game_view_for(game, watcher)
    assert view["seq"] == seqs[2] and view["you"] is None
    assert [e["seq"] for e in selectors.events_for(game, watcher, 0)] == list(range(1, seqs[2] + 1))
    assert selectors.game_view_for(game, people[0])["seq"] == seqs[-1]  # players: live
    assert len(selectors.events_for(game, people[1], 0)) == seqs[-1]
