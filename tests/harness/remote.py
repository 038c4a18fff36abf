"""Clients of a running stack (``tests.harness.stack``) over real HTTP and websockets: a
guest's REST calls, and a websocket that records every message and when it came."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


class Guest:
    """A guest account over HTTP."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        answer = self.http.post("/api/v1/auth/guest/")
        assert answer.status_code == 201, answer.text
        self.token: str = answer.json()["token"]
        self.http.headers["Authorization"] = f"Token {self.token}"

    def create(self, **body: Any) -> dict[str, Any]:
        answer = self.http.post("/api/v1/games/", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def join(self, game_id: int) -> dict[str, Any]:
        answer = self.http.post(f"/api/v1/games/{game_id}/join/")
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def view(self, game_id: int) -> dict[str, Any]:
        answer = self.http.get(f"/api/v1/games/{game_id}/")
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def events(self, game_id: int, after: int = 0) -> list[dict[str, Any]]:
        answer = self.http.get(f"/api/v1/games/{game_id}/events/", params={"after": after})
        assert answer.status_code == 200, answer.text
        return answer.json()["events"]  # type: ignore[no-any-return]

    def act(self, game_id: int, action: dict[str, Any], seq: int) -> httpx.Response:
        return self.http.post(f"/api/v1/games/{game_id}/actions/", json={**action, "expected_seq": seq})

    def wait_for_turn(self, game_id: int, timeout: float = 60) -> dict[str, Any]:
        """Poll until this player must act or the game is over (the worker moves for the computer)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            view = self.view(game_id)
            if view["status"] == "finished" or view["legal_actions"]:
                return view
            time.sleep(0.05)
        raise AssertionError(f"the computer never answered in game {game_id}")


class LiveSocket:
    """A websocket client that records every message, and when it arrived, in the background."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.messages: list[dict[str, Any]] = []
        self.arrived: list[float] = []
        self.conn: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self.closed = asyncio.Event()

    async def open(self) -> dict[str, Any]:
        self.conn = await connect(self.url, max_size=None, open_timeout=10)
        self.closed.clear()
        self._reader = asyncio.create_task(self._read(self.conn))
        return await self.wait_for(lambda m: m["type"] in ("state", "error"))

    async def _read(self, conn: ClientConnection) -> None:
        try:
            async for text in conn:
                self.arrived.append(time.perf_counter())
                self.messages.append(json.loads(text))
                self._changed.set()
        except Exception:  # a dropped connection ends the reading, nothing more
            pass
        finally:
            self.closed.set()
            self._changed.set()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.conn is not None
        await self.conn.send(json.dumps(message))

    async def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30,
                       start: int = 0) -> dict[str, Any]:
        """The first message from index ``start`` on that matches."""
        deadline = time.monotonic() + timeout
        seen = start
        while True:
            for message in self.messages[seen:]:
                if predicate(message):
                    return message
            seen = max(seen, len(self.messages))
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such message in {timeout}s; last: {self.messages[-3:]}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.5))

    async def quiet(self, for_seconds: float) -> None:
        """Return once nothing has arrived for ``for_seconds``."""
        while True:
            last = self.arrived[-1] if self.arrived else 0.0
            left = last + for_seconds - time.perf_counter()
            if left <= 0:
                return
            await asyncio.sleep(left)

    async def wait_for_seq(self, seq: int, timeout: float = 30) -> None:
        await self.wait_for(lambda m: (m["type"] == "event" and m["event"]["seq"] >= seq)
                            or (m["type"] in ("state", "action_ok") and m["view"]["seq"] >= seq), timeout)

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()
        if self._reader is not None:
            await self._reader

    def events(self) -> list[dict[str, Any]]:
        return [m["event"] for m in self.messages if m["type"] == "event"]

    def last_seq(self) -> int:
        """The seq this client has everything up to (its last state or event)."""
        seq = 0
        for message in self.messages:
            if message["type"] == "event":
                seq = message["event"]["seq"]
            elif message["type"] in ("state", "action_ok"):
                seq = max(seq, message["view"]["seq"])
        return seq
