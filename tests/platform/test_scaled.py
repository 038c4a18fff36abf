"""The scaled mode for real: PostgreSQL, Redis, a Celery worker (with beat) and uvicorn,
each its own process, driven over HTTP like any client.

Runs only with ``DURAK_SCALED_TESTS=1`` and a PostgreSQL ``DATABASE_URL`` (``.ci/run``
sets both). The servers use that database itself (migrated here), not the test database.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from functools import partial

import httpx
import pytest

from tests.harness.races import at_once
from tests.harness.remote import Guest
from tests.harness.stack import Stack, scaled_enabled

pytestmark = [
    pytest.mark.scaled,
    pytest.mark.skipif(
        not scaled_enabled() or not os.environ.get("CELERY_BROKER_URL"),
        reason="needs DURAK_SCALED_TESTS=1, a PostgreSQL DATABASE_URL and CELERY_BROKER_URL (see .ci/run)",
    ),
]


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    running = Stack(tmp_path_factory.mktemp("scaled"), database_url=os.environ["DATABASE_URL"],
                    redis_url=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
                    broker_url=os.environ["CELERY_BROKER_URL"],
                    env={"DURAK_AI_BUDGET_MS": "50", "DURAK_AI_SWEEP_EVERY": "1", "DURAK_AI_STALLED_AFTER": "2"})
    try:
        running.start(pool="threads")
        yield running
    finally:
        running.stop()


def test_a_full_game_against_the_computer_with_a_real_worker(stack: Stack) -> None:
    alice = Guest(stack.base)
    created = alice.http.post("/api/v1/games/", json={"rules": {"players": 3, "variant": "perevodnoy"},
                                                       "opponents": [{"ai": "novice"}, {"ai": "experienced"}]})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    view = created.json()
    for _ in range(500):
        view = alice.wait_for_turn(game_id)
        if view["status"] == "finished":
            break
        answer = alice.act(game_id, view["legal_actions"][0], view["seq"])
        assert answer.status_code in (200, 409), answer.text  # 409: the computer threw in first
    assert view["status"] == "finished" and view["result"] is not None
    replay = alice.http.get(f"/api/v1/games/{game_id}/replay/")
    assert replay.status_code == 200 and len(replay.json()["events"]) == view["seq"]
    assert alice.http.get("/static/durak/app.js").status_code == 200
    assert alice.http.get("/api/schema/").status_code == 200


def test_two_actions_at_one_seq_over_http(stack: Stack) -> None:
    alice, bob = Guest(stack.base), Guest(stack.base)
    game_id = alice.http.post("/api/v1/games/", json={"rules": {"players": 2}}).json()["id"]
    assert bob.http.post(f"/api/v1/games/{game_id}/join/").status_code == 200
    attacker = [alice, bob][alice.view(game_id)["attacker"]]
    view = attacker.view(game_id)
    options = view["legal_actions"]
    tabs = [httpx.Client(base_url=stack.base, headers=dict(attacker.http.headers), timeout=30) for _ in range(2)]
    try:
        answers = at_once(*(partial(tab.post, f"/api/v1/games/{game_id}/actions/",
                                    json={**action, "expected_seq": view["seq"]})
                            for tab, action in zip(tabs, (options[0], options[-1]), strict=True)))
    finally:
        for tab in tabs:
            tab.close()
    assert sorted(a.status_code for a in answers) == [200, 409]
    lost = next(a for a in answers if a.status_code == 409).json()["error"]
    assert lost["code"] == "stale_seq" and lost["seq"] == attacker.view(game_id)["seq"]


def test_a_lost_computer_turn_is_revived_by_the_sweep(stack: Stack) -> None:
    """The worker dies and its queued turn is lost: beat's sweep finds the stalled game."""
    alice = Guest(stack.base)
    stack.stop_worker()
    try:
        for _ in range(20):
            created = alice.http.post("/api/v1/games/", json={"rules": {"players": 2},
                                                               "opponents": [{"ai": "novice"}]}).json()
            if not created["legal_actions"]:
                break  # the computer leads: its turn is queued, and nobody works the queue
        else:
            pytest.fail("the human led twenty deals in a row")
        game_id, seq = created["id"], created["seq"]
        stack.purge_queue()  # the queued turn is gone, as if the broker lost it
        time.sleep(0.5)
        assert alice.view(game_id)["seq"] == seq
    finally:
        stack.start_worker(pool="threads")
    view = alice.wait_for_turn(game_id, timeout=60)
    assert view["seq"] > seq, "the sweep re-enqueued the stalled turn and the worker played it"
