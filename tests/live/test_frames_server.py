"""Issue 26 through the real server: uvicorn as ``make run`` starts it (the default
settings, ``settings.local``, no ``DJANGO_DEBUG``) caps socket frames at 64 KiB, and
without that cap the consumer refuses them itself; unknown paths, ids past the largest
and deep JSON get the contract's answers, never a traceback or Django's debug page."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from live import frames
from tests.harness.ports import UVICORN_LIMITS, free_port

ROOT = Path(__file__).resolve().parents[2]
BIG = 100 * 1024


class Server:
    def __init__(self, tmp: Path, name: str, options: tuple[str, ...]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / f"{name}.log"
        env = {key: value for key, value in os.environ.items()
               if key not in {"CELERY_BROKER_URL", "REDIS_URL", "DJANGO_CHANNEL_LAYER", "DJANGO_DEBUG"}}
        # What `make run` serves: the local settings, with no DJANGO_DEBUG in the environment.
        env.update({"DJANGO_SETTINGS_MODULE": "durak_platform.settings.local",
                    "DATABASE_URL": f"sqlite:///{tmp / 'frames.sqlite3'}", "DURAK_EMBEDDED_SWEEPS": "0",
                    "DJANGO_STATIC_ROOT": str(tmp / "static"), "PYTHONUNBUFFERED": "1"})
        self.env = env
        with self.log_path.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "durak_platform.asgi:application", "--host", "127.0.0.1",
                 "--port", str(self.port), "--log-level", "warning", *options],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if httpx.get(self.base + "/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("uvicorn did not start: " + self.log())

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def table(self) -> tuple[int, str]:
        """A fresh guest's game against a computer: its id and the guest's token."""
        token = httpx.post(self.base + "/api/v1/auth/guest/").json()["token"]
        created = httpx.post(self.base + "/api/v1/games/", headers={"Authorization": f"Token {token}"},
                             json={"rules": {"deck": 24}, "opponents": [{"ai": "novice"}]}, timeout=30)
        assert created.status_code == 201, created.text
        return created.json()["id"], token

    def socket(self, path: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}{path}", open_timeout=10, max_size=None)


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Server]]:
    tmp = tmp_path_factory.mktemp("frames")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "durak_platform.settings.local",
           "DATABASE_URL": f"sqlite:///{tmp / 'frames.sqlite3'}"}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                   check=True, timeout=180)
    started: dict[str, Server] = {}
    try:
        started["capped"] = Server(tmp, "capped", UVICORN_LIMITS)
        started["uncapped"] = Server(tmp, "uncapped", ())  # uvicorn's default: 16 MiB frames
        yield started
    finally:
        for server in started.values():
            server.stop()


def _close_code(socket: ClientConnection) -> int:
    try:
        while True:
            socket.recv(timeout=10)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "the server closed without a close frame"
        return closed.rcvd.code


def _state(socket: ClientConnection) -> dict[str, object]:
    message = json.loads(socket.recv(timeout=10))
    assert message["type"] == "state", message
    return message  # type: ignore[no-any-return]


def test_the_make_run_limit_is_the_consumers() -> None:
    makefile = (ROOT / "Makefile").read_text()
    limit = re.search(r"^UVICORN_LIMITS := (.+)$", makefile, re.M)
    assert limit is not None and tuple(limit.group(1).split()) == UVICORN_LIMITS
    assert "$(UVICORN_LIMITS)" in makefile
    assert ("--ws-max-size", str(frames.MAX_FRAME_BYTES)) == UVICORN_LIMITS


def test_uvicorn_closes_a_socket_on_a_frame_past_64_kib_and_the_next_one_plays(servers: dict[str, Server]) -> None:
    server = servers["capped"]
    game_id, token = server.table()
    with server.socket(f"/ws/games/{game_id}/?token={token}") as socket:
        _state(socket)
        socket.send(json.dumps({"type": "resume", "after": 0, "pad": "x" * BIG}))
        assert _close_code(socket) == frames.CLOSE_TOO_BIG
    with server.socket(f"/ws/games/{game_id}/?token={token}") as socket:
        seq = _state(socket)["view"]["seq"]  # type: ignore[index]
        socket.send(json.dumps({"type": "resume", "after": seq - 1}))
        assert json.loads(socket.recv(timeout=10))["type"] in {"event", "state"}


def test_without_uvicorns_cap_the_consumer_refuses_the_frame_itself(servers: dict[str, Server]) -> None:
    server = servers["uncapped"]
    game_id, token = server.table()
    with server.socket(f"/ws/games/{game_id}/?token={token}") as socket:
        _state(socket)
        socket.send(json.dumps({"type": "resume", "after": 0, "pad": "x" * BIG}))
        refusal = json.loads(socket.recv(timeout=10))
        assert refusal["type"] == "error" and refusal["error"]["code"] == "message_too_large"
        assert _close_code(socket) == frames.CLOSE_TOO_BIG
    with server.socket(f"/ws/games/{game_id}/?token={token}") as socket:
        _state(socket)
        socket.send("[" * 60_000)  # deep JSON under the cap: a bad message, the socket lives on
        assert json.loads(socket.recv(timeout=10))["error"]["code"] == "invalid_request"
        socket.send(json.dumps({"type": "resume", "after": 0}))
        assert json.loads(socket.recv(timeout=10))["type"] in {"event", "state"}


@pytest.mark.parametrize("path", ["/ws/nope/", "/ws/games/99999999999999999999/", "/ws/tournaments/x/"])
def test_a_path_that_is_no_socket_closes_with_4404_and_logs_no_traceback(servers: dict[str, Server],
                                                                         path: str) -> None:
    server = servers["capped"]
    with server.socket(path) as socket:
        assert _close_code(socket) == frames.CLOSE_NO_ROUTE
    assert "Traceback" not in server.log()


def test_the_default_run_answers_json_under_the_api_and_plain_pages_elsewhere(servers: dict[str, Server]) -> None:
    server = servers["capped"]
    token = httpx.post(server.base + "/api/v1/auth/guest/").json()["token"]
    auth = {"Authorization": f"Token {token}"}
    for url in ["/api/v1/games/99999999999999999999/", "/api/v1/nope/", "/api/v1/games/1/nope/"]:
        answer = httpx.get(server.base + url, headers=auth)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found", (url, answer.text)
    json_body = {**auth, "Content-Type": "application/json"}
    deep = httpx.post(server.base + "/api/v1/games/", headers=json_body, content="[" * 60_000)
    assert deep.status_code == 400 and deep.json()["error"]["reason"] == "invalid_json", deep.text
    huge = httpx.post(server.base + "/api/v1/games/", headers=json_body, content="[" * 100_000)
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "payload_too_large", huge.text
    page = httpx.get(server.base + "/games/99999999999999999999/replay/")
    assert page.status_code == 404 and "Не найдено" in page.text
    assert "Traceback" not in page.text and "DEBUG = True" not in page.text
    assert httpx.get(server.base + "/static/durak/app.js").status_code == 200  # served with nothing collected
    assert "Traceback" not in server.log()
