"""A tournament's page hears every change over its socket (``ws/tournaments/<id>/``,
``tournaments.notices``) to the very end: the notice that the final's last move finished the
tournament. The page reads the tournament again on each notice and otherwise only every 30 s
(``static/durak/tournament.js``, ``SAFETY_MS``): a lost notice leaves it 30 s behind.

A tournament moves on in the thread whose move ended a table, or whose pass closed the
round: a request's or a socket's (threads the server's ``sync_to_async`` runs), or, in the
embedded mode, a thread of the server process that no request started: the sweeper
(``durak_platform.sweeps``) or a move clock's timer (``games.clocks``). The in-memory
layer's sockets wait on the server's event loop, so a notice from any of them must be
handed to that loop: one put in from another thread's loop wakes nobody, and the socket
hears it only when something else happens to wake the loop.

Each wait for a notice leaves the loop idle, as a quiet server's is between frames: a
notice that does not wake its socket is not heard."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections

from durak_platform import sweeps
from durak_platform.asgi import application
from tests.harness.clients import Client
from tests.live.sockets import fresh_channel_layer
from tournaments import rounds

from .playing import create, funded, open_tables, table_play_out

pytestmark = pytest.mark.django_db(transaction=True)  # rounds move on in on-commit hooks

# A notice is told as soon as its change commits; this is only how long a test waits.
NOTICE_WAIT = 5.0


class _Page:
    """The tournament page's socket: how many notices it heard, and what it reads then."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        self.comm = WebsocketCommunicator(application, f"/ws/tournaments/{tournament_id}/")

    async def open(self) -> None:
        connected, _ = await self.comm.connect()
        assert connected
        assert (await self.comm.receive_json_from(NOTICE_WAIT))["type"] == "hello"  # in the group now

    async def hears(self) -> tuple[int, dict[str, Any]]:
        """Notices until none follows: how many, and the tournament as the page then reads it.
        The first is waited for on an idle loop (nothing polls it awake meanwhile)."""
        try:
            notices = [await self.comm.receive_json_from(NOTICE_WAIT)]
        except TimeoutError:
            pytest.fail(f"no notice within {NOTICE_WAIT} s of the change")
        while not await self.comm.receive_nothing(0.3):
            notices.append(await self.comm.receive_json_from(NOTICE_WAIT))
        assert notices == [{"type": "tournament.changed", "tournament": self.tournament_id}] * len(notices)
        return len(notices), await database_sync_to_async(self.read)()

    async def hears_nothing(self) -> None:
        assert await self.comm.receive_nothing(0.3)

    def read(self) -> dict[str, Any]:
        return Client().get(f"/api/v1/tournaments/{self.tournament_id}/").json()  # type: ignore[no-any-return]


def _four_at_tables_of_two() -> int:
    """An elimination of four at tables of two, entered in full: the last entry starts it,
    round 1's two tables are dealt."""
    organiser, *others = funded(4)
    made = create(organiser, format="elimination", rules={"players": 2, "deck": 24}, entry_fee=10,
                  min_entrants=4, max_entrants=4)
    for client in (organiser, *others):
        assert client.post(f"/api/v1/tournaments/{made['id']}/join/").status_code == 200
    return int(made["id"])


def _sweeper_pass() -> None:
    """The embedded sweeper's pass over tournaments, as its thread runs it."""
    try:
        sweeps.sweep("tournaments.tasks.tournaments_advance_sweep")
    finally:
        connections.close_all()


@pytest.mark.parametrize("ends_it", ["the final's last move", "the sweeper"])
async def test_a_watcher_hears_each_table_end_and_the_finished_tournament(
        ends_it: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1's first table over: one notice; its second: the round closed and the final
    seated, two notices. Then the final's end, told once, after which the page reads the
    tournament finished: from the request thread of the final's last move, or from the
    sweeper's thread when that move's hook was lost (a worker died right after it)."""
    fresh_channel_layer()
    tournament_id = await database_sync_to_async(_four_at_tables_of_two)()
    page = _Page(tournament_id)
    await page.open()
    rng = random.Random(7)
    play_out = database_sync_to_async(table_play_out)
    first, second = await database_sync_to_async(open_tables)(tournament_id)

    await play_out(first, rng)
    heard, detail = await page.hears()
    assert heard == 1  # the table is over (tournaments.rounds.table_finished)
    assert [t["result"] is not None for t in detail["rounds"][0]["tables"]].count(True) == 1

    await play_out(second, rng)
    heard, detail = await page.hears()
    assert heard == 2  # the final seated (round_open), the round closed (round_close)
    assert len(detail["rounds"]) == 2 and detail["rounds"][1]["final"] is True
    (final,) = await database_sync_to_async(open_tables)(tournament_id)

    if ends_it == "the final's last move":
        await play_out(final, rng)
    else:
        with monkeypatch.context() as lost:
            lost.setattr(rounds, "table_finished", lambda **_: None)
            await play_out(final, rng)
        await page.hears_nothing()
        assert (await database_sync_to_async(page.read)())["status"] == "running"
        sweeper = threading.Thread(target=_sweeper_pass, name="durak-embedded-sweeps")
        sweeper.start()  # not awaited: waiting on it would wake the loop whatever the notice did
    heard, detail = await page.hears()
    assert heard == 1
    assert detail["status"] == "finished"
    assert [row["place"] for row in detail["standings"]].count(1) == 1
    if ends_it == "the sweeper":
        await database_sync_to_async(sweeper.join)()
    await page.comm.disconnect()
