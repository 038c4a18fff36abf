# long module: every test of the production stack shares one start of it (nginx, PostgreSQL, Redis,
# four server processes, a worker and beat), which costs more than all the tests together.
"""The production stack as ``make stack`` starts it (``deploy/stack.py``: honcho over the
Procfile): nginx in front of three uvicorn processes (the sockets; REST past nginx) and a
gunicorn process (REST through nginx), a Celery worker (with its table queue) and beat, on
PostgreSQL and a private Redis. One platform across processes: a game's sockets on
different processes see the same log, throttles hold across them, a killed server
process is started again and its clients resume with nothing lost (a game's socket, and
the account stream, which nginx passes to the ASGI processes unbuffered); ``X-Forwarded-For``
counts only as nginx writes it.

Runs only with ``DURAK_SCALED_TESTS=1`` and a PostgreSQL ``DATABASE_URL`` (``.ci/run``).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from django.apps import apps as django_apps
from websockets.asyncio.client import connect

from tests.harness.proxied import ProxiedStack
from tests.harness.races import at_once
from tests.harness.remote import Guest, LiveSocket
from tests.harness.stack import RedisServer, database_url, drop_database, recreate_database, scaled_enabled

pytestmark = [
    pytest.mark.scaled,
    pytest.mark.skipif(not scaled_enabled() or not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists(),
                       reason="needs DURAK_SCALED_TESTS=1, a PostgreSQL DATABASE_URL and nginx (see .ci/run)"),
]

RESUME_BUDGET = 8
HINT_BUDGET = 6
# A loopback address of the client's own: nginx sees it, the app must see it too.
CLIENT_ADDRESS = "127.0.0.5"


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProxiedStack]:
    tmp = tmp_path_factory.mktemp("proxied")
    os.chmod(tmp, 0o755)
    url = database_url("proxied")
    recreate_database(url)
    redis = RedisServer(tmp)
    redis.start()
    running = ProxiedStack(tmp, database_url=url, redis_url=redis.url(0), broker_url=redis.url(1), web=3, workers=1,
                           rest="wsgi", rest_processes=1,
                           env={"DURAK_AI_BUDGET_MS": "50", "DURAK_THROTTLE_AUTH": "1000/min",
                                "DURAK_THROTTLE_RESUME": f"{RESUME_BUDGET}/min",
                                "DURAK_THROTTLE_HINTS": f"{HINT_BUDGET}/min"})
    try:
        running.start()
        yield running
    finally:
        running.stop()
        redis.stop()
        drop_database(url)


def two_players(base: str) -> tuple[int, Guest, Guest]:
    alice, bob = Guest(base), Guest(base)
    game_id = alice.create(rules={"players": 2})["id"]
    bob.join(game_id)
    return game_id, alice, bob


def socket(ws_base: str, game_id: int, guest: Guest) -> LiveSocket:
    return LiveSocket(f"{ws_base}/ws/games/{game_id}/?token={guest.token}")


def move(players: list[tuple[Guest, str]], game_id: int, turn: int) -> dict[str, Any] | None:
    """One move by whoever may act, over REST at the address given for that player
    (a process of its own, or nginx); None once the game is over."""
    for guest, base in players:
        answer = guest.http.get(f"{base}/api/v1/games/{game_id}/")
        assert answer.status_code == 200, answer.text
        view = answer.json()
        if view["status"] == "finished":
            return None
        if view["legal_actions"]:
            action = view["legal_actions"][turn % len(view["legal_actions"])]
            done = guest.http.post(f"{base}/api/v1/games/{game_id}/actions/",
                                   json={**action, "expected_seq": view["seq"]})
            assert done.status_code == 200, done.text
            return done.json()  # type: ignore[no-any-return]
    raise AssertionError("nobody may act in a running game")


def seqs(sock: LiveSocket) -> list[int]:
    return [event["seq"] for event in sock.events()]


async def test_one_game_on_three_processes(stack: ProxiedStack) -> None:
    """Alice's two sockets on two processes, Bob's and a spectator's on the third, moves
    over REST on every process and through nginx: every socket gets the same log, in order."""
    game_id, alice, bob = two_players(stack.base)
    watcher = Guest(stack.base)
    sockets = {
        "alice on process 1": socket(stack.direct_ws(0), game_id, alice),
        "alice on process 2": socket(stack.direct_ws(1), game_id, alice),
        "bob on process 3": socket(stack.direct_ws(2), game_id, bob),
        "spectator on process 3": socket(stack.direct_ws(2), game_id, watcher),
    }
    for sock in sockets.values():
        assert (await sock.open())["type"] == "state"
    start = {name: sock.last_seq() for name, sock in sockets.items()}
    addresses = [stack.direct(0), stack.direct(1), stack.direct(2), stack.base]
    final = None
    for turn in range(400):
        view = move([(alice, addresses[turn % 4]), (bob, addresses[(turn + 1) % 4])], game_id, turn)
        if view is None:
            break
        final = view["seq"]
        if turn % 7 == 0:
            await asyncio.sleep(0)  # let the readers run now and then
    assert final is not None
    for sock in sockets.values():
        await sock.wait_for_seq(final)
    logs = {"alice": alice.events(game_id), "bob": bob.events(game_id), "spectator": watcher.events(game_id)}
    for name, sock in sockets.items():
        who = name.split()[0]
        expected = [event for event in logs[who] if event["seq"] > start[name]]
        assert seqs(sock) == [event["seq"] for event in expected], f"{name}: gaps, doubles or disorder"
        assert sock.events() == expected, f"{name}: not the log as {who} may see it"
    assert sockets["alice on process 1"].events()[-5:] == sockets["alice on process 2"].events()[-5:]
    for sock in sockets.values():
        await sock.close()


async def test_nginx_keeps_a_games_sockets_on_one_process(stack: ProxiedStack) -> None:
    """Through nginx every socket of a game reaches the same process (the hash of its path),
    which then tells them the moves it commits from memory; games spread over the processes."""
    holders: dict[int, set[str]] = {}
    for _ in range(8):
        game_id, alice, bob = two_players(stack.base)
        before = stack.serving()
        sockets = [socket(stack.ws_base, game_id, guest) for guest in (alice, bob, alice)]
        for sock in sockets:
            await sock.open()
        after = stack.serving()
        holders[game_id] = {name for name, count in after.items()
                            if name.startswith("web.") and count > before.get(name, 0)}
        for sock in sockets:
            await sock.close()
        wait_until_closed(stack)
    assert all(len(names) == 1 for names in holders.values()), holders
    assert len(set.union(*holders.values())) > 1, f"every game on one process: {holders}"


def socket_processes(held: dict[str, int]) -> dict[str, int]:
    return {name: count for name, count in held.items() if name.startswith("web.")}


def wait_until_closed(stack: ProxiedStack) -> None:
    """Until no socket process holds a connection (the closed sockets' are gone)."""
    stack.wait_serving(lambda held: not socket_processes(held), "sockets still open")


async def test_players_own_sockets_are_dealt_in_turn(stack: ProxiedStack) -> None:
    """Every page's own socket (``/ws/players/me/``) has the same path: nginx deals them to
    the socket processes in turn, not by the hash that keeps a game's sockets together
    (which would put every player's on one process)."""
    guests = [Guest(stack.base) for _ in range(6)]
    conns = [await connect(f"{stack.ws_base}/ws/players/me/?token={guest.token}", open_timeout=10)
             for guest in guests]
    try:
        for conn in conns:
            assert json.loads(await asyncio.wait_for(conn.recv(), 10))["type"] == "hello"
        held = stack.wait_serving(lambda held: sum(socket_processes(held).values()) == len(conns),
                                  "every socket on a socket process")
        assert len(socket_processes(held)) > 1, f"every player's socket on one process: {held}"
    finally:
        for conn in conns:
            await conn.close()
    wait_until_closed(stack)


async def test_a_killed_server_process_mid_game(stack: ProxiedStack) -> None:
    """kill -9 of the process that holds Alice's socket mid-game: deploy/respawn starts it
    again, Bob plays on through nginx meanwhile, Alice reconnects through nginx, resumes
    after the last event she had, and her log is whole."""
    game_id, alice, bob = two_players(stack.base)
    victim = stack.web_names()[0]
    first = socket(stack.direct_ws(0), game_id, alice)
    await first.open()
    players = [(alice, stack.base), (bob, stack.base)]
    for turn in range(6):
        assert move(players, game_id, turn) is not None
    await first.wait_for_seq(alice.view(game_id)["seq"])
    seen = first.last_seq()
    old_pid = stack.kill(victim)
    await asyncio.wait_for(first.closed.wait(), 10)
    # The game goes on while the process is down: nginx passes every request to the others.
    # (Two moves: a longer gap would be resent as a state, shorter than its events.)
    moved_while_down = 0
    for turn in range(6, 8):
        if move(players, game_id, turn) is None:
            break
        moved_while_down += 1
    assert moved_while_down
    second = socket(stack.ws_base, game_id, alice)
    await second.open()
    await second.send({"type": "resume", "after": seen})
    final = alice.view(game_id)["seq"]
    # The resume's answer, after the new socket's state: the events since ``seen``.
    await second.wait_for(lambda m: (m["type"] == "event" and m["event"]["seq"] >= final) or m["type"] == "state",
                          start=1)
    received = first.events() + [event for event in second.events() if event["seq"] > seen]
    opened_at = first.messages[0]["view"]["seq"]
    expected = [event for event in alice.events(game_id) if event["seq"] > opened_at]
    assert [event["seq"] for event in received] == [event["seq"] for event in expected]
    assert received == expected
    await second.close()
    await first.close()
    # The supervisor started the killed process again, on its port.
    deadline = time.monotonic() + 30
    while not stack.respawned(victim, old_pid) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert stack.respawned(victim, old_pid)
    stack.wait_ready()
    assert httpx.get(stack.direct(0) + "/api/schema/", timeout=10).status_code == 200


def next_events(lines: Iterator[str], count: int) -> list[dict[str, Any]]:
    """The next ``count`` events of an NDJSON stream (its empty keep-alive lines skipped);
    the client's read timeout bounds the wait."""
    events: list[dict[str, Any]] = []
    while len(events) < count:
        line = next(lines)
        if line.strip():
            events.append(json.loads(line))
    return events


def stream_log(stack: ProxiedStack, player_id: int) -> list[tuple[int, str]]:
    """The player's stream as stored: (id, type), in order."""
    with psycopg.connect(stack.database_url) as conn:
        rows = conn.execute("SELECT number, type FROM stream_streamevent WHERE player_id = %s ORDER BY number",
                            [player_id]).fetchall()
    return [(int(number), str(kind)) for number, kind in rows]


def stream_holder(stack: ProxiedStack) -> str:
    """The one socket (uvicorn) process holding a connection now: the open stream's. Its
    connection may reach the process a moment after the answer's first line."""
    held = stack.wait_serving(lambda held: len(socket_processes(held)) == 1,
                              "the stream should be on one uvicorn process")
    return next(iter(socket_processes(held)))


def test_the_account_stream_is_on_the_asgi_processes_and_resumes_on_another(stack: ProxiedStack) -> None:
    """``/api/v1/stream/`` through nginx is served by a uvicorn process, not the gunicorn
    pool, each line passed on as it is written. kill -9 of that process ends the answer;
    meanwhile more happens; the client reopens it through nginx with the last id it saw,
    lands on a live process, and has every later event exactly once, in order, as stored."""
    alice, bob = Guest(stack.base), Guest(stack.base)
    bob_id = bob.http.get("/api/v1/players/me/").json()["id"]
    auth = {"Authorization": f"Token {bob.token}"}
    received: list[dict[str, Any]] = []
    # Read timeouts short of the server's 15 s keep-alive line would only fail a slow run.
    with httpx.Client(base_url=stack.base, headers=auth, timeout=httpx.Timeout(30)) as phone:
        with phone.stream("GET", "/api/v1/stream/", params={"after": 0}) as answer:
            assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/x-ndjson")
            lines = answer.iter_lines()
            made = alice.http.post("/api/v1/challenges/", json={"to": bob_id, "rules": {}})
            assert made.status_code == 201, made.text
            received += next_events(lines, 1)  # came through while the answer is open: not buffered
            victim = stream_holder(stack)
            assert alice.http.post(f"/api/v1/challenges/{made.json()['id']}/cancel/").status_code == 200
            received += next_events(lines, 1)
            old_pid = stack.kill(victim)
            with pytest.raises((httpx.HTTPError, StopIteration)):  # the answer ends with its process
                next_events(lines, 1)
        # While the stream is down: a new challenge, accepted (the game's events follow).
        again = alice.http.post("/api/v1/challenges/", json={"to": bob_id, "rules": {}})
        assert again.status_code == 201, again.text
        accepted = bob.http.post(f"/api/v1/challenges/{again.json()['id']}/accept/")
        assert accepted.status_code == 200, accepted.text
        last_seen = received[-1]["id"]
        with phone.stream("GET", "/api/v1/stream/", params={"after": last_seen}) as answer:
            assert answer.status_code == 200, answer.read()
            lines = answer.iter_lines()
            received += next_events(lines, 1)  # the backlog first
            holder = stream_holder(stack)
            assert holder != victim or stack.pid(holder) != old_pid, "the stream is on the process killed"
            # And live again: one more challenge, heard on the reopened stream after the backlog.
            third = alice.http.post("/api/v1/challenges/", json={"to": bob_id, "rules": {}})
            assert third.status_code == 201, third.text
            while received[-1].get("challenge") != third.json()["id"]:
                received += next_events(lines, 1)
    stored = stream_log(stack, bob_id)  # (a computer's or a clock's event may come later still)
    assert [(event["id"], event["type"]) for event in received] == stored[:len(received)]
    assert [event["id"] for event in received] == list(range(1, len(received) + 1))
    assert [kind for _, kind in stored[:5]] == ["challenge_received", "challenge_cancelled", "challenge_received",
                                                "challenge_accepted", "game_started"]
    # The killed process is started again and serves once more.
    deadline = time.monotonic() + 30
    while not stack.respawned(victim, old_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert stack.respawned(victim, old_pid)
    stack.wait_ready()


async def test_throttles_hold_across_processes(stack: ProxiedStack) -> None:
    """One player's budgets are one, whichever process counts them: socket resumes on two
    processes, hints over REST on every process and through nginx."""
    game_id, alice, _bob = two_players(stack.base)
    sockets = [socket(stack.direct_ws(0), game_id, alice), socket(stack.direct_ws(1), game_id, alice)]
    for sock in sockets:
        await sock.open()
    for number in range(RESUME_BUDGET + 1):
        sock = sockets[number % 2]
        mark = len(sock.messages)
        await sock.send({"type": "resume", "after": 0})
        answer = await sock.wait_for(lambda m: m["type"] in ("event", "state", "error"), start=mark)
        refused = answer["type"] == "error"
        assert refused == (number == RESUME_BUDGET), (number, answer)
    assert answer["error"]["code"] == "throttled"
    for sock in sockets:
        await sock.close()
    addresses = [stack.direct(0), stack.direct(1), stack.direct(2), stack.base]
    statuses = [alice.http.get(f"{addresses[number % 4]}/api/v1/games/{game_id}/hint/").status_code
                for number in range(HINT_BUDGET + 2)]
    assert statuses.count(429) == 2 and 429 not in statuses[:HINT_BUDGET], statuses


def created_ip(stack: ProxiedStack, token: str, base: str) -> str:
    me = httpx.get(f"{base}/api/v1/players/me/", headers={"Authorization": f"Token {token}"}, timeout=10)
    assert me.status_code == 200, me.text
    with psycopg.connect(stack.database_url) as conn:
        row = conn.execute("SELECT host(created_ip) FROM accounts_player WHERE id = %s", [me.json()["id"]]).fetchone()
    assert row is not None
    return str(row[0])


@pytest.mark.parametrize("through_nginx", [True, False])
def test_forwarded_for_counts_only_as_nginx_writes_it(stack: ProxiedStack, through_nginx: bool) -> None:
    """DURAK_NUM_PROXIES=1, DURAK_FORWARDED_ALLOW_IPS=127.0.0.1: the client's own
    X-Forwarded-For never names it, through nginx (which appends what it saw) or past it
    (from an address that is no proxy)."""
    base = stack.base if through_nginx else stack.direct(1)
    transport = httpx.HTTPTransport(local_address=CLIENT_ADDRESS)
    with httpx.Client(base_url=base, transport=transport, timeout=10) as client:
        for header in ({}, {"X-Forwarded-For": "6.6.6.6"}, {"X-Forwarded-For": "6.6.6.6, 7.7.7.7"}):
            answer = client.post("/api/v1/auth/guest/", headers=header)
            assert answer.status_code == 201, answer.text
            assert created_ip(stack, answer.json()["token"], base) == CLIENT_ADDRESS, header


@pytest.mark.skipif(not django_apps.is_installed("retries"),
                    reason="Idempotency-Key comes with the retries app (branch mobileapi)")
def test_an_idempotency_key_holds_across_processes(stack: ProxiedStack) -> None:
    """One create sent with one key to three processes at once (and through nginx): one
    game, and every answer names it."""
    alice = Guest(stack.base)
    me = alice.http.get("/api/v1/players/me/").json()["id"]
    addresses = [stack.direct(0), stack.direct(1), stack.direct(2), stack.base]
    body = {"rules": {"players": 2}, "opponents": [{"ai": "novice"}]}

    def create(base: str) -> int:
        for _ in range(50):
            answer = alice.http.post(f"{base}/api/v1/games/", json=body, headers={"Idempotency-Key": "one-intent-7"})
            if answer.status_code != 409:  # 409 idempotency_key_in_use: the first still runs
                assert answer.status_code == 201, answer.text
                return int(answer.json()["id"])
            time.sleep(0.1)
        raise AssertionError("the key stayed in use")

    games = at_once(*(partial(create, base) for base in addresses))
    assert len(set(games)) == 1, games
    with psycopg.connect(stack.database_url) as conn:
        row = conn.execute("SELECT count(*) FROM games_seat WHERE player_id = %s", [me]).fetchone()
    assert row is not None and row[0] == 1


def test_the_computers_turns_come_through_the_workers_table_queue(stack: ProxiedStack) -> None:
    """The stack's table queues (``deploy/stack.py``, on by default): every computer turn
    goes to the worker's own table queue. Each reply comes in well under the sweep's
    revival (``DURAK_AI_STALLED_AFTER`` = 5 s plus its 2 s period in ``deploy/stack.py``),
    which is how a turn sent to a queue nobody consumes would be played; and the game
    plays to its end."""
    alice = Guest(stack.base)
    game_id = alice.create(rules={"players": 2}, opponents=[{"ai": "novice"}])["id"]
    longest = 0.0
    waiting_since: float | None = None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = alice.view(game_id)
        if view["status"] == "finished":
            break
        if not view["legal_actions"]:
            waiting_since = waiting_since or time.monotonic()
            time.sleep(0.02)
            continue
        if waiting_since is not None:
            longest = max(longest, time.monotonic() - waiting_since)
            waiting_since = None
        answer = alice.act(game_id, view["legal_actions"][0], view["seq"])
        assert answer.status_code in (200, 409), answer.text  # 409: the computer threw in first
    else:
        raise AssertionError(f"game {game_id} did not finish")
    assert longest < 4.0, f"a computer's reply took {longest:.1f} s: the sweep played it, not the table queue"
