"""The account stream across server processes: two uvicorn processes on one PostgreSQL and
one Redis channel layer. A player's stream open on one process hears what a request on the
other wrote; dropped and reopened on the other process with the last id, it gets every
later event exactly once, in order.

Runs only with ``DURAK_SCALED_TESTS=1`` and a PostgreSQL ``DATABASE_URL`` (``.ci/run``)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.harness.remote import Guest
from tests.harness.stack import (
    RedisServer,
    Stack,
    database_url,
    drop_database,
    recreate_database,
    scaled_enabled,
)

pytestmark = [
    pytest.mark.scaled,
    pytest.mark.skipif(not scaled_enabled(),
                       reason="needs DURAK_SCALED_TESTS=1 and a PostgreSQL DATABASE_URL (see .ci/run)"),
]


@pytest.fixture(scope="module")
def stacks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Stack, Stack]]:
    redis = RedisServer(tmp_path_factory.mktemp("stream-redis"))
    redis.start()
    url = database_url("stream")
    env = {"DURAK_TEST_RUN": str(os.getpid())}
    one = Stack(tmp_path_factory.mktemp("stream-one"), database_url=url, redis_url=redis.url(0),
                broker_url=redis.url(1), settings_module="tests.live.scaled_settings", env=env)
    two = Stack(tmp_path_factory.mktemp("stream-two"), database_url=url, redis_url=redis.url(0),
                broker_url=redis.url(1), settings_module="tests.live.scaled_settings", env=env)
    recreate_database(url)
    try:
        one.migrate()
        one.start_server()
        two.start_server()
        yield one, two
    finally:
        one.stop()
        two.stop()
        redis.stop()
        drop_database(url)


def read_events(lines: Iterator[str], count: int, timeout: float = 20.0) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    for line in lines:
        if line.strip():
            events.append(json.loads(line))
        if len(events) >= count or time.monotonic() > deadline:
            break
    return events


def test_a_stream_reopened_on_another_process_continues_after_the_last_id(stacks: tuple[Stack, Stack]) -> None:
    one, two = stacks
    alice, bob = Guest(two.base), Guest(one.base)  # alice's requests go to process two, bob's to one
    bob_id = bob.http.get("/api/v1/players/me/").json()["id"]
    with bob.http.stream("GET", "/api/v1/stream/", params={"after": 0}) as response:  # open on process one
        assert response.status_code == 200
        made = alice.http.post("/api/v1/challenges/", json={"to": bob_id, "rules": {}})  # written on process two
        assert made.status_code == 201, made.text
        first = read_events(response.iter_lines(), 1)
    assert [e["type"] for e in first] == ["challenge_received"] and first[0]["id"] == 1
    # Dropped. Meanwhile more happens.
    assert alice.http.post(f"/api/v1/challenges/{made.json()['id']}/cancel/").status_code == 200
    again = alice.http.post("/api/v1/challenges/", json={"to": bob_id, "rules": {}}).json()
    with httpx.Client(base_url=two.base, timeout=30, headers={"Authorization": f"Token {bob.token}"}) as on_two, \
            on_two.stream("GET", "/api/v1/stream/", params={"after": 1}) as response:  # reopened on process two
        lines = response.iter_lines()
        backlog = read_events(lines, 2)
        accepted = bob.http.post(f"/api/v1/challenges/{again['id']}/accept/")  # written on process one
        assert accepted.status_code == 200, accepted.text
        live = read_events(lines, 2)
    seen = backlog + live
    assert [e["id"] for e in seen] == [2, 3, 4, 5]
    assert [e["type"] for e in seen] == ["challenge_cancelled", "challenge_received", "challenge_accepted",
                                         "game_started"]
