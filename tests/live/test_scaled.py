"""Live play for real: uvicorn, the Redis channel layer, a prefork Celery worker with beat,
PostgreSQL; every client is a real websocket or HTTP client.

Runs only with ``DURAK_SCALED_TESTS=1`` and a PostgreSQL ``DATABASE_URL`` (``.ci/run``
sets both); uses its own database (``<DATABASE_URL>_live_<pid>``) and a private
``redis-server`` of its own on a free loopback port (``tests.harness.stack``), which one test
restarts: the machine's own Redis, serving other runs, is never touched.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.harness.moves import turn_over_rest
from tests.harness.remote import Guest, LiveSocket
from tests.harness.stack import (
    RedisServer,
    Stack,
    database_url,
    drop_database,
    process_group,
    recreate_database,
    redis_sockets,
    scaled_enabled,
)
from tests.live.sockets import assert_gapless, assert_nothing_hidden

pytestmark = [
    pytest.mark.scaled,
    pytest.mark.skipif(not scaled_enabled(),
                       reason="needs DURAK_SCALED_TESTS=1 and a PostgreSQL DATABASE_URL (see .ci/run)"),
]

# Long enough that a computer turn of the "master" level can be interrupted.
MASTER_BUDGET_MS = 1500


@pytest.fixture(scope="module")
def redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("live-redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory, redis: RedisServer) -> Iterator[Stack]:
    running = Stack(tmp_path_factory.mktemp("live-scaled"), database_url=database_url("live"),
                    redis_url=redis.url(0), broker_url=redis.url(1), settings_module="tests.live.scaled_settings",
                    env={"DURAK_TEST_RUN": str(os.getpid()), "DURAK_AI_BUDGET_MS": str(MASTER_BUDGET_MS),
                         "DURAK_AI_SWEEP_EVERY": "1", "DURAK_AI_STALLED_AFTER": "3", "DURAK_LIVE_SWEEP_EVERY": "1"})
    recreate_database(running.database_url)
    try:
        running.start()
        yield running
    finally:
        running.stop()
        drop_database(running.database_url)


def socket_for(stack: Stack, game_id: int, guest: Guest) -> LiveSocket:
    return LiveSocket(f"{stack.ws_base}/ws/games/{game_id}/?token={guest.token}")


async def play_turn(guest: Guest, sock: LiveSocket, game_id: int, timeout: float = 30) -> dict[str, Any]:
    """Wait until ``guest`` must act (or the game is over), then act over the socket."""
    deadline = time.monotonic() + timeout
    while True:
        view = guest.view(game_id)
        if view["status"] == "finished":
            return view
        if view["legal_actions"]:
            start = len(sock.messages)
            await sock.send({"type": "action", "action": view["legal_actions"][0], "expected_seq": view["seq"]})
            answer = await sock.wait_for(lambda m: m["type"] in ("action_ok", "error"), start=start)
            if answer["type"] == "action_ok":
                return answer["view"]  # type: ignore[no-any-return]
            assert answer["error"]["code"] == "stale_seq", answer  # the computer threw in first
        if time.monotonic() > deadline:
            raise AssertionError(f"no turn for this player in game {game_id}")
        await asyncio.sleep(0.02)


async def test_two_people_play_to_the_end_while_a_spectator_watches(stack: Stack) -> None:
    alice, bob, carol = Guest(stack.base), Guest(stack.base), Guest(stack.base)
    game_id = alice.create(rules={"deck": 24})["id"]
    bob.join(game_id)
    sockets = {"alice": socket_for(stack, game_id, alice), "bob": socket_for(stack, game_id, bob),
               "carol": socket_for(stack, game_id, carol)}
    states = {name: (await sock.open())["view"] for name, sock in sockets.items()}
    assert states["carol"]["you"] is None
    final: dict[str, Any] = {}
    for _ in range(400):
        final = alice.view(game_id)
        if final["status"] == "finished":
            break
        for guest, name in ((alice, "alice"), (bob, "bob")):
            if guest.view(game_id)["legal_actions"]:
                await play_turn(guest, sockets[name], game_id)
                break
    assert final["status"] == "finished"
    for name, sock in sockets.items():
        await sock.wait_for_seq(final["seq"])
        assert_gapless(sock.events(), states[name]["seq"] + 1, final["seq"])
        await sock.close()
    assert_nothing_hidden(sockets["alice"].events(), 0)
    assert_nothing_hidden(sockets["bob"].events(), 1)
    assert_nothing_hidden(sockets["carol"].events(), None)
    # The spectator saw exactly what the REST events show someone without a seat.
    assert sockets["carol"].events() == carol.events(game_id, after=states["carol"]["seq"])


async def play_to_the_end(stack: Stack, alice: Guest) -> None:
    """A whole game against the computer over one socket, checked event by event."""
    created = alice.create(rules={"deck": 36}, opponents=[{"ai": "experienced"}])
    game_id = created["id"]
    sock = socket_for(stack, game_id, alice)
    start = (await sock.open())["view"]["seq"]
    view = created
    for _ in range(300):
        view = await play_turn(alice, sock, game_id)
        if view["status"] == "finished":
            break
    assert view["status"] == "finished"
    await sock.wait_for_seq(view["seq"])
    assert_gapless(sock.events(), start + 1, view["seq"])
    assert sock.events() == alice.events(game_id, after=start)
    await sock.close()


async def test_a_person_plays_the_computer_on_a_worker_without_leaking_connections(
        stack: Stack, redis: RedisServer) -> None:
    alice = Guest(stack.base)
    assert stack.worker is not None
    worker = process_group(stack.worker.pid)
    await play_to_the_end(stack, alice)
    warm = redis_sockets(worker, redis.port)
    assert warm, "the worker's processes announced nothing over Redis"
    await play_to_the_end(stack, alice)
    # Dozens more computer moves were announced from the worker's processes: each keeps
    # its few connections (one layer pool per process), none opened per send or loop. A pool
    # process the first game did not reach may open its few now, so the bound is per process.
    most = max(warm.values())
    after = redis_sockets(worker, redis.port)
    assert all(n <= most + 1 for n in after.values()), (warm, after)
    assert "Event loop is closed" not in stack.worker_log()


async def test_a_client_that_drops_and_resumes_misses_nothing(stack: Stack) -> None:
    alice, bob = Guest(stack.base), Guest(stack.base)
    game_id = alice.create(rules={"deck": 24})["id"]
    bob.join(game_id)
    sock = socket_for(stack, game_id, bob)
    await sock.open()
    seen = sock.last_seq()
    await sock.close()
    for _ in range(8):  # the game goes on over REST while Bob's socket is down
        turn = turn_over_rest({0: alice, 1: bob}, game_id)
        assert turn is None or turn.answer.status_code == 200, turn.answer.text
    now = alice.view(game_id)["seq"]
    again = socket_for(stack, game_id, bob)
    await again.open()
    mark = len(again.messages)
    await again.send({"type": "resume", "after": seen})
    await again.wait_for(lambda m: True, start=mark)
    await asyncio.sleep(0.3)
    resumed = again.messages[mark:]
    if resumed[0]["type"] == "state":
        assert resumed[0]["view"]["seq"] == now
    else:
        assert_gapless([m["event"] for m in resumed], seen + 1, now)
        assert_nothing_hidden([m["event"] for m in resumed], 1)
    await again.close()


async def until_the_computer_thinks(alice: Guest, sock: LiveSocket, game_id: int) -> int | None:
    """Play until the computer ("master") is in the middle of a real turn; returns the
    seq it is thinking at, or None if the game ended first."""
    for _ in range(100):
        view = await play_turn(alice, sock, game_id, timeout=60)
        if view["status"] == "finished":
            return None
        if not (1 in view["to_act"] and 0 not in view["to_act"]):
            continue  # not every action hands the computer the turn
        # A forced reply (one legal action) comes at once; a real one takes the budget.
        await asyncio.sleep(MASTER_BUDGET_MS / 4000)
        if alice.view(game_id)["seq"] == view["seq"]:
            return int(view["seq"])
    return None


async def test_killing_the_worker_during_a_computer_turn_only_delays_the_game(stack: Stack) -> None:
    alice = Guest(stack.base)
    killed_at = None
    for _ in range(5):
        game_id = alice.create(rules={"deck": 24}, opponents=[{"ai": "master"}])["id"]
        sock = socket_for(stack, game_id, alice)
        start = (await sock.open())["view"]["seq"]
        thinking = await until_the_computer_thinks(alice, sock, game_id)
        if thinking is None:
            await sock.close()
            continue  # the game ended first: another one
        stack.kill_worker()
        if alice.view(game_id)["seq"] == thinking:
            killed_at = thinking
            break
        stack.start_worker()  # it answered in the instant before the kill: try another game
        await sock.close()
    assert killed_at is not None, "never killed the worker while the computer was thinking"
    stack.start_worker()
    # acks_late: the unacknowledged turn comes back after the visibility timeout (and
    # the stalled-turn sweep enqueues it too); either way it is played once.
    await sock.wait_for_seq(killed_at + 1, timeout=60)
    await asyncio.sleep(MASTER_BUDGET_MS / 1000 + 1)
    events = alice.events(game_id)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert_gapless(sock.events(), start + 1, sock.last_seq())
    assert sock.events() == events[start:len(sock.events()) + start]
    assert [e for e in events[killed_at:] if e.get("seat") == 1], "the computer answered after the restart"
    await sock.close()


async def test_restarting_redis_loses_nothing(stack: Stack, redis: RedisServer) -> None:
    """Redis stops, losing every key (the queue, the groups, the channel messages), and
    comes back. The same worker process, never restarted, answers the moves after it;
    the sockets stay open and miss nothing (the server's hub joins its groups again and
    brings them up to the database); a client that reconnects and resumes misses nothing.
    Redis goes while the computer is thinking, so the worker holds an unacknowledged
    task then (the case that used to stop it)."""
    alice, carol = Guest(stack.base), Guest(stack.base)
    assert stack.worker is not None
    worker = stack.worker
    for _ in range(5):
        game_id = alice.create(rules={"deck": 24}, opponents=[{"ai": "master"}])["id"]
        player, watcher = socket_for(stack, game_id, alice), socket_for(stack, game_id, carol)
        await player.open()
        start = (await watcher.open())["view"]["seq"]
        if await until_the_computer_thinks(alice, player, game_id) is not None:
            break
        await player.close()  # the game ended first: another one
        await watcher.close()
    else:
        raise AssertionError("never caught the computer thinking")
    await asyncio.to_thread(redis.restart)
    after = alice.view(game_id)
    restarted_at = after["seq"]
    if not after["legal_actions"]:  # the computer's turn still (it was stopped thinking)
        # It comes from the worker, through the layer only (no move of Alice's follows
        # to carry it): the sockets get it once their server is in the group again.
        for sock in (player, watcher):
            await sock.wait_for_seq(restarted_at + 1, timeout=60)
    seen = watcher.last_seq()
    returning = socket_for(stack, game_id, carol)  # a second tab that lost its socket
    await returning.open()
    await returning.send({"type": "resume", "after": seen})
    view: dict[str, Any] = {}
    for _ in range(300):
        view = await play_turn(alice, player, game_id, timeout=60)
        if view["status"] == "finished":
            break
    assert view["status"] == "finished"
    for sock in (player, watcher, returning):
        await sock.wait_for_seq(view["seq"])
        assert not sock.closed.is_set()
    assert_gapless(watcher.events(), start + 1, view["seq"])
    assert_nothing_hidden(watcher.events(), None)
    resumed = [e for e in returning.events() if e["seq"] > seen]
    assert_gapless(resumed, seen + 1, view["seq"])
    assert_nothing_hidden(resumed, None)
    # The computer moved after the restart, on the worker that lived through it.
    events = alice.events(game_id)
    assert [e for e in events[restarted_at:] if e.get("seat") == 1], "no computer move after the restart"
    assert stack.worker is worker and worker.poll() is None, "the worker died with Redis"
    assert "Connection to broker lost" in stack.worker_log(), "the worker never noticed the restart"
    assert "Unrecoverable error" not in stack.worker_log()
    for sock in (player, watcher, returning):
        await sock.close()


async def test_when_the_move_timer_runs_out_the_computer_moves_for_the_seat(stack: Stack) -> None:
    alice, bob = Guest(stack.base), Guest(stack.base)
    game_id = alice.create(rules={"deck": 24}, timer=5)["id"]
    bob.join(game_id)
    sock = socket_for(stack, game_id, alice)
    seq = (await sock.open())["view"]["seq"]
    began = time.monotonic()
    # Nobody acts: after five seconds the worker's timer task plays for the seat to act.
    await sock.wait_for_seq(seq + 1, timeout=30)
    waited = time.monotonic() - began
    assert 4 <= waited < 15, waited
    await sock.close()
