"""The live-play socket on the in-memory channel layer: the embedded mode's own checks.

Computer turns run eagerly inside the move that made them due, so every stream here is
deterministic; the scaled tests repeat the important ones across real processes.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from accounts.services import guest_create
from games import selectors, services
from games.models import Game
from tests.harness.moves import play_move
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
def guest() -> tuple[Any, str]:
    return guest_create()


async def play_out(sockets: list[Socket], limit: int = 400) -> dict[str, Any]:
    """Every seat plays its first legal action over its own socket until the game ends."""
    views = {id(s): s.last_view() for s in sockets}
    for _ in range(limit):
        game = await game_row(views[id(sockets[0])]["id"])
        if game.status == Game.Status.FINISHED:
            return {"seq": game.seq}
        for socket in sockets:
            view = await database_sync_to_async(_fresh_view)(socket, game)
            if view["legal_actions"]:
                action = view["legal_actions"][0]
                await socket.send({"type": "action", "action": action, "expected_seq": view["seq"]})
                answer = await socket.until("action_ok")
                views[id(socket)] = answer["view"]
                break
    raise AssertionError("the game did not finish")


def _fresh_view(socket: Socket, game: Game) -> dict[str, Any]:
    # What the socket's player sees now (a test shortcut for "read the last state").
    from urllib.parse import parse_qs

    from accounts.devices import device_for_token

    key = parse_qs(socket.comm.scope["query_string"].decode())["token"][0]
    device = device_for_token(key)
    assert device is not None
    player = device.user.player
    return selectors.game_view_for(game, player)


async def test_on_connect_a_player_gets_its_own_view() -> None:
    table = await seated(rules=SHORT, computer=["experienced"])
    socket = Socket(table.id, table.tokens[0])
    first = await socket.open()
    assert first["type"] == "state"
    view = first["view"]
    assert view["id"] == table.id and view["you"]["seat"] == 0 and len(view["you"]["hand"]) == 6
    await socket.close()


async def test_two_people_play_a_game_to_the_end_through_sockets() -> None:
    table = await seated(rules=SHORT)
    alice, bob = Socket(table.id, table.tokens[0]), Socket(table.id, table.tokens[1])
    await alice.open()
    await bob.open()
    end = await play_out([alice, bob])
    await alice.drain()
    await bob.drain()
    final = await game_row(table.id)
    assert final.status == Game.Status.FINISHED and end["seq"] == final.seq
    first = alice.messages[0]["view"]["seq"] + 1
    for seat, socket in enumerate((alice, bob)):
        assert_gapless(socket.events(), first, final.seq)
        assert_nothing_hidden(socket.events(), seat)
    assert alice.events()[-1]["type"] == "game_finished"
    await alice.close()
    await bob.close()


async def test_a_person_plays_the_computer_and_sees_its_replies_in_order() -> None:
    table = await seated(rules=SHORT, computer=["experienced"])
    socket = Socket(table.id, table.tokens[0])
    await socket.open()
    await play_out([socket])
    await socket.drain()
    final = await game_row(table.id)
    assert_gapless(socket.events(), socket.messages[0]["view"]["seq"] + 1, final.seq)
    assert_nothing_hidden(socket.events(), 0)
    await socket.close()


async def test_a_spectator_sees_every_event_and_no_hidden_card() -> None:
    table = await seated(rules=SHORT)
    _, watcher_token = await guest()
    watcher = Socket(table.id, watcher_token)
    state = (await watcher.open())["view"]
    assert state["you"] is None and state["legal_actions"] == []
    alice, bob = Socket(table.id, table.tokens[0]), Socket(table.id, table.tokens[1])
    await alice.open()
    await bob.open()
    await play_out([alice, bob])
    await watcher.drain()
    final = await game_row(table.id)
    assert_gapless(watcher.events(), state["seq"] + 1, final.seq)
    assert_nothing_hidden(watcher.events(), None)
    for socket in (watcher, alice, bob):
        await socket.close()


async def test_a_client_that_drops_and_resumes_misses_nothing() -> None:
    table = await seated(rules=SHORT)
    bob = Socket(table.id, table.tokens[1])
    seen = (await bob.open())["view"]["seq"]
    await bob.close()
    for _ in range(6):  # the game goes on while Bob is away (moves over REST, say: not this socket)
        await database_sync_to_async(play_move)(table.id)
    back = Socket(table.id, table.tokens[1])
    await back.open()
    await back.send({"type": "resume", "after": seen})
    await back.drain()
    final = await game_row(table.id)
    resumed = back.messages[1:]
    if resumed[0]["type"] == "state":  # when that is shorter than the events
        assert len(resumed) == 1 and resumed[0]["view"]["seq"] == final.seq
    else:
        assert_gapless([m["event"] for m in resumed], seen + 1, final.seq)
        assert_nothing_hidden([m["event"] for m in resumed], 1)
    # From 0: the whole log again, or a state when that is shorter (which one depends on
    # the deal, so both are checked for what they must hold).
    before = len(back.messages)
    await back.send({"type": "resume", "after": 0})
    await back.drain()
    again = back.messages[before:]
    if again[0]["type"] == "state":
        assert len(again) == 1 and again[0]["view"]["seq"] == final.seq
    else:
        assert_gapless([m["event"] for m in again], 1, final.seq)
        assert_nothing_hidden([m["event"] for m in again], 1)
    await back.close()


async def test_an_event_is_never_sent_twice_on_one_connection() -> None:
    table = await seated(rules=SHORT, computer=["experienced"])
    socket = Socket(table.id, table.tokens[0])
    view = (await socket.open())["view"]
    # A duplicate or an old notice (the layer may repeat or reorder) changes nothing.
    layer = get_channel_layer()
    for seq in (view["seq"], view["seq"] - 1, view["seq"]):
        await layer.group_send(f"game-{table.id}", {"type": "game.changed", "game_id": table.id, "seq": seq})
    await socket.drain(0.2)
    assert socket.events() == []
    await socket.close()


async def test_action_errors_have_the_rest_codes() -> None:
    table = await seated(rules=SHORT)
    alice = Socket(table.id, table.tokens[0])
    view = (await alice.open())["view"]
    await alice.send({"type": "action", "action": "attack", "cards": ["6S"], "expected_seq": view["seq"] - 1})
    stale = (await alice.next())["error"]
    assert stale["code"] == "stale_seq" and stale["seq"] == view["seq"]
    await alice.send({"type": "action", "action": "attack", "cards": ["ZZ"], "expected_seq": view["seq"]})
    assert (await alice.next())["error"]["code"] == "invalid_action"
    await alice.send({"type": "action", "action": "take"})
    assert (await alice.next())["error"]["code"] == "invalid_action"
    seat = view["you"]["seat"]
    wrong = "take" if view["attacker"] == seat else "pass"
    await alice.send({"type": "action", "action": wrong, "expected_seq": view["seq"]})
    assert (await alice.next())["error"]["code"] == "illegal_action"
    await alice.send({"type": "hello"})
    assert (await alice.next())["error"]["code"] == "invalid_request"
    await alice.comm.send_to(text_data="not json")
    assert (await alice.next())["error"]["code"] == "invalid_request"
    await alice.send({"type": "resume", "after": -1})
    assert (await alice.next())["error"]["code"] == "invalid_request"
    _, watcher_token = await guest()
    watcher = Socket(table.id, watcher_token)
    await watcher.open()
    await watcher.send({"type": "action", "action": "take", "expected_seq": view["seq"]})
    assert (await watcher.next())["error"]["code"] == "not_a_player"
    await alice.close()
    await watcher.close()


async def test_the_rest_body_nested_under_action_is_accepted_too() -> None:
    table = await seated(rules=SHORT, computer=["experienced"])
    socket = Socket(table.id, table.tokens[0])
    view = (await socket.open())["view"]
    if not view["legal_actions"]:
        await socket.close()
        pytest.skip("the computer leads")
    action = view["legal_actions"][0]
    await socket.send({"type": "action", "action": action, "expected_seq": view["seq"]})
    ok = await socket.until("action_ok")
    assert ok["view"]["seq"] > view["seq"]
    assert [e["seq"] for e in socket.events()][0] == view["seq"] + 1
    await socket.close()


async def test_refusals_on_connect_close_the_socket_with_a_reason() -> None:
    table = await seated(rules=SHORT, computer=["experienced"])
    anonymous = Socket(table.id, None)
    first = await anonymous.open()
    assert first == {"type": "error", "error": {"code": "not_authenticated",
                                                "message": first["error"]["message"]}}
    assert (await anonymous.comm.receive_output(1))["code"] == 4401
    bad = Socket(table.id, "nope")
    assert (await bad.open())["error"]["code"] == "not_authenticated"
    missing = Socket(table.id + 1000, table.tokens[0])
    assert (await missing.open())["error"]["code"] == "not_found"
    assert (await missing.comm.receive_output(1))["code"] == 4404


async def test_a_waiting_table_starts_live_when_the_last_seat_is_taken() -> None:
    table = await seated(rules=SHORT, people=1)
    creator = Socket(table.id, table.tokens[0])
    assert (await creator.open())["view"]["status"] == "waiting"
    joiner, _ = await guest()
    await database_sync_to_async(services.game_join)(game_id=table.id, player=joiner)
    await creator.drain()
    assert_gapless(creator.events(), 1, 3)
    dealt = next(e for e in creator.events() if e["type"] == "cards_dealt")
    assert dealt["hands"][0] is not None and dealt["hands"][1] is None
    await creator.close()


async def test_reconnecting_takes_an_away_seat_back() -> None:
    from django.utils import timezone

    from games.models import SeatAbsence

    table = await seated(rules=SHORT)
    away = await database_sync_to_async(SeatAbsence.objects.create)(
        game_id=table.id, seat=1, away_since=timezone.now())
    bob = Socket(table.id, table.tokens[1])
    await bob.open()
    await database_sync_to_async(away.refresh_from_db)()
    assert away.returned_at is not None
    await bob.close()


async def test_moves_made_here_are_kept_not_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The events of a move made over a socket of this process go into its log of the game
    as committed (``feed.remember``): the notice that follows reads nothing back, and what
    the sockets were sent is the log as stored, event for event."""
    from live import feed
    from live.feed import store as feed_store

    reads: list[int] = []
    stored_events = feed_store.stored_events

    def counted(game_id: int, after: int) -> Any:
        reads.append(after)
        return stored_events(game_id, after=after)

    table = await seated(rules=SHORT)
    alice, bob = Socket(table.id, table.tokens[0]), Socket(table.id, table.tokens[1])
    await alice.open()
    await bob.open()
    monkeypatch.setattr(feed_store, "stored_events", counted)
    await play_out([alice, bob])
    await alice.drain()
    await bob.drain()
    final = await game_row(table.id)
    # One read: the log up to the first move (a connect sends a view, it reads no log).
    assert reads == [0], "every later move's events were kept as committed"
    viewer = await database_sync_to_async(feed.viewer_of)(table.id, None)  # the game's log, as any viewer's
    kept = [(s.seq, s.event, s.acted) for s in feed._log_of(viewer).events]
    monkeypatch.setattr(feed_store, "stored_events", stored_events)
    feed.forget_all()
    read = await database_sync_to_async(feed._load)(viewer, None)
    assert kept == [(s.seq, s.event, s.acted) for s in read] and len(kept) == final.seq
    for seat, socket in enumerate((alice, bob)):
        assert_gapless(socket.events(), alice.messages[0]["view"]["seq"] + 1, final.seq)
        assert_nothing_hidden(socket.events(), seat)
    await alice.close()
    await bob.close()
