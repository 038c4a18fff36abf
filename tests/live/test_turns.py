"""``?turns=1``: a seated socket is told what its player may do after each batch of events,
so a client plays a whole game from its socket alone, with no read of its view."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from accounts.services import guest_create
from games import selectors, services, snapshots, store
from games.engine import event_from_dict, legal_actions, replay
from games.models import Game
from live import feed
from tests.live.sockets import (
    SHORT,
    Socket,
    assert_gapless,
    assert_nothing_hidden,
    fresh_channel_layer,
    game_row,
    seated,
)

pytestmark = pytest.mark.django_db(transaction=True)

@pytest.fixture(autouse=True)
def _fresh_layer() -> None:
    fresh_channel_layer()


@database_sync_to_async
def payloads_of(game_id: int, seq: int) -> list[dict[str, Any]]:
    return store.stored_payloads(game_id, seq)


async def known(socket: Socket) -> tuple[int, list[dict[str, Any]]]:
    """The newest seq and legal actions this socket was told: its state, an action's answer
    or a ``turn``, never a read of the view."""
    await socket.drain(0.02)
    newest: tuple[int, list[dict[str, Any]]] = (-1, [])
    for message in socket.messages:
        if message["type"] in ("state", "action_ok"):
            told = (message["view"]["seq"], message["view"]["legal_actions"])
        elif message["type"] == "turn":
            told = (message["seq"], message["legal_actions"])
        else:
            continue
        if told[0] >= newest[0]:
            newest = told
    return newest


async def play_from_sockets(game_id: int, sockets: list[Socket], limit: int = 600) -> Game:
    """Each seat acts on what its own socket told it, first legal action first."""
    for _ in range(limit):
        game = await game_row(game_id)
        if game.status == Game.Status.FINISHED:
            return game
        for socket in sockets:
            seq, legal = await known(socket)
            if seq == game.seq and legal:
                await socket.send({"type": "action", "action": legal[0], "expected_seq": seq})
                await socket.until("action_ok")
                break
    raise AssertionError("the game did not finish on what the sockets said")


async def test_two_people_play_a_game_from_their_sockets_alone() -> None:
    table = await seated(rules=SHORT)
    sockets = [Socket(table.id, table.tokens[seat], extra="turns=1") for seat in (0, 1)]
    for socket in sockets:
        await socket.open()
    final = await play_from_sockets(table.id, sockets)
    payloads = await payloads_of(table.id, final.seq)
    for seat, socket in enumerate(sockets):
        await socket.drain()
        assert_gapless(socket.events(), socket.messages[0]["view"]["seq"] + 1, final.seq)
        assert_nothing_hidden(socket.events(), seat)
        turns = [m for m in socket.messages if m["type"] == "turn"]
        assert turns, "the other side's moves were announced with a turn"
        for turn in turns:
            # Exactly what the view at that seq lists: the state replayed from the log.
            state = replay(event_from_dict(payload) for payload in payloads[: turn["seq"]])
            assert set(turn) == {"type", "seq", "status", "legal_actions"}
            assert turn["legal_actions"] == [action.to_dict() for action in legal_actions(state, seat)]
            assert turn["status"] == ("finished" if state.result is not None else "active")
            # It follows the events it speaks of.
            index = socket.messages.index(turn)
            assert [m for m in socket.messages[:index] if m["type"] == "event"][-1]["event"]["seq"] == turn["seq"]
        assert turns[-1]["status"] == "finished" or sockets[seat].messages[-1]["type"] == "action_ok"
        await socket.close()


async def test_a_computer_s_reply_is_followed_by_the_person_s_turn() -> None:
    table = await seated(rules=SHORT, computer=["experienced"])
    socket = Socket(table.id, table.tokens[0], extra="turns=1")
    await socket.open()
    final = await play_from_sockets(table.id, [socket])
    await socket.drain()
    assert any(m["type"] == "turn" for m in socket.messages)
    assert_gapless(socket.events(), socket.messages[0]["view"]["seq"] + 1, final.seq)
    await socket.close()


async def test_spectators_and_sockets_that_did_not_ask_get_no_turn() -> None:
    table = await seated(rules=SHORT)
    _, watcher_token = await database_sync_to_async(guest_create)()
    watcher = Socket(table.id, watcher_token, extra="turns=1")
    plain = Socket(table.id, table.tokens[1])
    asking = Socket(table.id, table.tokens[0], extra="turns=1")
    for socket in (watcher, plain, asking):
        await socket.open()
    seq, legal = await known(plain)
    if legal:  # the seat that did not ask moves, so the others get events
        await plain.send({"type": "action", "action": legal[0], "expected_seq": seq})
        await plain.until("action_ok")
    else:
        seq, legal = await known(asking)
        await asking.send({"type": "action", "action": legal[0], "expected_seq": seq})
        await asking.until("action_ok")
    for socket in (watcher, plain, asking):
        await socket.drain()
    assert watcher.events() and not [m for m in watcher.messages if m["type"] == "turn"]
    assert not [m for m in plain.messages if m["type"] == "turn"]
    # The asking seat got one only if the other side moved (its own action has action_ok).
    moved_by_other = any(m["type"] == "action_ok" for m in plain.messages)
    assert any(m["type"] == "turn" for m in asking.messages) == moved_by_other
    for socket in (watcher, plain, asking):
        await socket.close()


def test_a_turn_leaves_its_state_for_the_seat_s_next_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The state a turn folds is the game's at that seq: the process keeps it, so the seat's
    next move over a socket of the same process reads no event back, even when the other
    side's move was made by another process."""
    table = async_to_sync(seated)(rules=SHORT)
    game = Game.objects.get(pk=table.id)
    state = selectors.game_state_replayed(game)
    seat = next(seat for seat in (0, 1) if legal_actions(state, seat))
    viewer = feed.viewer_of(table.id, table.people[seat])
    events = feed._load(viewer, None)
    snapshots.forget_all()  # as if the last move had been made in another process
    assert feed.turn_text(viewer, events) is not None
    assert snapshots.recall(table.id, game.created_at, game.seq) == state

    def read_back(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the move read the other side's events back")

    monkeypatch.setattr(store, "stored_payloads", read_back)
    action = legal_actions(state, seat)[0]
    played = services.action_play(game_id=table.id, player=table.people[seat], action=action, expected_seq=game.seq)
    assert played.game.seq > game.seq
