"""The scaled mode for real: PostgreSQL, Redis, a Celery worker (with beat) and uvicorn,
each its own process, driven over HTTP like any client.

Runs only with ``DURAK_SCALED_TESTS=1`` and a PostgreSQL ``DATABASE_URL`` (``.ci/run``
sets both). The servers use that database itself (migrated here), not the test database.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.scaled,
    pytest.mark.skipif(
        os.environ.get("DURAK_SCALED_TESTS") != "1"
        or not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
        or not os.environ.get("CELERY_BROKER_URL"),
        reason="needs DURAK_SCALED_TESTS=1, a PostgreSQL DATABASE_URL and CELERY_BROKER_URL (see .ci/run)",
    ),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "DJANGO_SETTINGS_MODULE": "durak_platform.settings.production",
        "DJANGO_SECRET_KEY": "scaled-test-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_WHITENOISE_USE_FINDERS": "1",
        "DJANGO_THROTTLE_ACTIONS": "100000/min",
        "DJANGO_THROTTLE_AUTH": "100000/min",
        "DJANGO_CHANNEL_LAYER": "redis",
        "DURAK_AI_BUDGET_MS": "50",
        "DURAK_AI_SWEEP_EVERY": "1",
        "DURAK_AI_STALLED_AFTER": "2",
    })
    return env


class Stack:
    """The worker and the server, started and stopped by this test module only."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None

    def _spawn(self, args: list[str], log: str) -> subprocess.Popen[bytes]:
        out = open(self.tmp / log, "ab")  # noqa: SIM115 (lives as long as the process)
        return subprocess.Popen(args, cwd=ROOT, env=_env(), stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)

    def migrate(self) -> None:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=_env(),
                       check=True)

    def start_server(self) -> None:
        self.server = self._spawn([sys.executable, "-m", "uvicorn", "durak_platform.asgi:application",
                                   "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning"],
                                  "uvicorn.log")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.server.poll() is not None:
                break
            time.sleep(0.2)
        raise RuntimeError("uvicorn did not start: " + (self.tmp / "uvicorn.log").read_text())

    def start_worker(self) -> None:
        self.worker = self._spawn([sys.executable, "-m", "celery", "-A", "durak_platform", "worker", "-B",
                                   "-s", str(self.tmp / "beat-schedule"), "--pool=threads", "-c", "2",
                                   "-l", "WARNING", "--without-gossip", "--without-mingle"], "worker.log")

    def stop_worker(self) -> None:
        if self.worker is not None:
            _stop(self.worker)
            self.worker = None

    def purge_queue(self) -> None:
        subprocess.run([sys.executable, "-m", "celery", "-A", "durak_platform", "purge", "-f"], cwd=ROOT,
                       env=_env(), check=True, capture_output=True)

    def stop(self) -> None:
        self.stop_worker()
        if self.server is not None:
            _stop(self.server)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    running = Stack(tmp_path_factory.mktemp("scaled"))
    running.migrate()
    try:
        running.start_worker()
        running.start_server()
        yield running
    finally:
        running.stop()


class Guest:
    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        answer = self.http.post("/api/v1/auth/guest/")
        assert answer.status_code == 201, answer.text
        self.http.headers["Authorization"] = f"Token {answer.json()['token']}"

    def view(self, game_id: int) -> dict[str, Any]:
        answer = self.http.get(f"/api/v1/games/{game_id}/")
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def act(self, game_id: int, action: dict[str, Any], seq: int) -> httpx.Response:
        return self.http.post(f"/api/v1/games/{game_id}/actions/", json={**action, "expected_seq": seq})

    def wait_for_turn(self, game_id: int, timeout: float = 60) -> dict[str, Any]:
        """Poll until this player must act or the game is over: the worker moves for the computer."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            view = self.view(game_id)
            if view["status"] == "finished" or view["legal_actions"]:
                return view
            time.sleep(0.05)
        raise AssertionError(f"the computer never answered in game {game_id}")


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
    answers: list[httpx.Response] = []
    barrier = threading.Barrier(2)

    def race(action: dict[str, Any]) -> None:
        with httpx.Client(base_url=stack.base, headers=dict(attacker.http.headers), timeout=30) as client:
            barrier.wait()
            answers.append(client.post(f"/api/v1/games/{game_id}/actions/", json={**action, "expected_seq": view["seq"]}))

    threads = [threading.Thread(target=race, args=(action,)) for action in (options[0], options[-1])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
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
        stack.start_worker()
    view = alice.wait_for_turn(game_id, timeout=60)
    assert view["seq"] > seq, "the sweep re-enqueued the stalled turn and the worker played it"
