"""The server seed over the socket: in no message of a whole game, to any seat or a
spectator, before the end (the contract, "A fair deal you can check")."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from accounts.services import guest_create
from games.models import DealSecret, Game
from tests.harness.moves import play_move
from tests.harness.tables import table_create
from tests.live.sockets import Socket, fresh_channel_layer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_layer() -> None:
    fresh_channel_layer()


@database_sync_to_async
def _setup() -> tuple[int, dict[int, str], str, str]:
    table = table_create(rules={"players": 2, "deck": 24})
    return (table.id, table.tokens, guest_create()[1],
            DealSecret.objects.get(game_id=table.id).server_seed)


@database_sync_to_async
def _status(game_id: int) -> str:
    return str(Game.objects.get(pk=game_id).status)


async def test_no_socket_message_holds_the_server_seed_before_the_end() -> None:
    game_id, tokens, watcher, secret = await _setup()
    sockets = [Socket(game_id, tokens[0]), Socket(game_id, tokens[1]), Socket(game_id, watcher)]
    for socket in sockets:
        state = await socket.open()
        assert state["type"] == "state" and state["view"]["fairness"]["commitment"]
    moves = 0
    while await _status(game_id) != Game.Status.FINISHED:
        await database_sync_to_async(play_move)(game_id)
        moves += 1
        if moves % 10 == 0:
            for socket in sockets:
                await socket.send({"type": "resume", "after": 0})
        for socket in sockets:
            await socket.drain(0.05)
    for socket in sockets:
        await socket.drain()
        await socket.close()
    every = [json.dumps(message) for socket in sockets for message in socket.messages]
    assert len(every) > moves
    assert not [text[:200] for text in every if secret in text]
    assert all(m["view"]["fairness"]["commitment"] for s in sockets for m in s.messages if "view" in m)
