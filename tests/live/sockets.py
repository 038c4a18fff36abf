"""A test's websocket client on the in-memory channel layer, and the checks every
stream must pass (gapless, in order, nothing hidden)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator

from durak_platform.asgi import application
from games.models import Game
from tests.harness.tables import table_create

HIDDEN_FROM_OTHERS = ("deck",)
# A 24-card deck: short games for socket tests.
SHORT = {"deck": 24}
# A table seated for a test (``tests.harness.tables.table_create``), from async code.
seated = database_sync_to_async(table_create)


@database_sync_to_async
def game_row(game_id: int) -> Game:
    return Game.objects.get(pk=game_id)


class Socket:
    """One connection: everything it received, in order."""

    def __init__(self, game_id: int, token: str | None, headers: list[tuple[bytes, bytes]] | None = None,
                 extra: str = "") -> None:
        """``extra``: more of the query, e.g. ``turns=1``."""
        query = "&".join(part for part in (f"token={token}" if token else "", extra) if part)
        query = f"?{query}" if query else ""
        self.comm = WebsocketCommunicator(application, f"/ws/games/{game_id}/{query}", headers=headers)
        self.messages: list[dict[str, Any]] = []

    async def open(self) -> dict[str, Any]:
        connected, _ = await self.comm.connect()
        assert connected
        return await self.next()

    async def next(self, timeout: float = 5.0) -> dict[str, Any]:
        message: dict[str, Any] = await self.comm.receive_json_from(timeout)
        self.messages.append(message)
        return message

    async def until(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        while True:
            message = await self.next(timeout)
            if message["type"] == kind:
                return message

    async def drain(self, quiet: float = 0.3) -> None:
        """Receive until nothing comes for ``quiet`` seconds (a receive that times out
        would cancel the consumer, so ask whether anything waits first)."""
        while not await self.comm.receive_nothing(quiet):
            await self.next()

    async def send(self, message: dict[str, Any]) -> None:
        await self.comm.send_json_to(message)

    async def close(self) -> None:
        await self.comm.disconnect()

    def events(self) -> list[dict[str, Any]]:
        return [m["event"] for m in self.messages if m["type"] == "event"]

    def last_view(self) -> dict[str, Any]:
        return next(m["view"] for m in reversed(self.messages) if "view" in m)


def assert_gapless(events: list[dict[str, Any]], first: int, last: int) -> None:
    seqs = [e["seq"] for e in events]
    assert seqs == list(range(first, last + 1)), f"expected {first}..{last}, got {seqs}"


def assert_nothing_hidden(events: list[dict[str, Any]], seat: int | None) -> None:
    """No event shows a card its viewer could not see at the table."""
    for event in events:
        if event["type"] == "game_started":
            assert "deck" not in event
        elif event["type"] == "cards_dealt":
            assert all(hand is None for s, hand in enumerate(event["hands"]) if s != seat)
        elif event["type"] == "cards_drawn" and event["seat"] != seat:
            assert "cards" not in event


def fresh_channel_layer() -> None:
    """Give the next test a channel layer of its own.

    A layer outlives the event loop of the test that made it: the in-memory one keeps its
    messages, and a Redis one keeps connections bound to a loop that is gone, so flushing it
    from a new loop fails. Dropping the cached layer makes the next use build a fresh one.
    """
    channel_layers.backends.clear()
