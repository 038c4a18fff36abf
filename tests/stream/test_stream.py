"""The account stream: what a game writes into it, exactly once and in order, and how it is
read back over NDJSON and the socket, resumed from the last id on any connection."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta
from functools import partial
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection, transaction
from django.test import AsyncClient
from django.test.utils import CaptureQueriesContext

from accounts.services import guest_create
from durak_platform.asgi import application
from games import appending, banks, snapshots
from games import store as games_store
from games.deadlines import people_of
from games.models import Game
from games.selectors import game_state, seats_of
from stream import delivery, events, listeners, reader, store
from stream.models import StreamEvent, StreamHead
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest
from tests.harness.races import at_once
from tests.stream.checks import assert_contract

pytestmark = pytest.mark.django_db(transaction=True)


def stream_of(player_id: int) -> list[dict[str, Any]]:
    return store.events_after(player_id, 0)


def test_a_game_against_the_computer_is_told_in_order_without_a_card() -> None:
    alice = Client()
    created = alice.create({"players": 2, "deck": 24}, [{"ai": "novice"}])
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    finished = play_out_over_rest({0: alice}, game_id)
    seen = stream_of(alice.player.pk)
    assert_contract(seen)
    kinds = [e["type"] for e in seen]
    assert kinds[0] == "game_started" and seen[0] == {**seen[0], "game": game_id, "seat": 0}
    assert kinds[-1] == "game_finished" and kinds.count("game_finished") == 1
    assert "your_turn" in kinds
    turns = [e for e in seen if e["type"] == "your_turn"]
    assert all(e["game"] == game_id and e["deadline"] is None for e in turns)  # an untimed table
    assert [e["seq"] for e in turns] == sorted({e["seq"] for e in turns})
    last = seen[-1]
    assert last["durak"] == (finished["result"]["durak"] == 0)
    assert last["place"] == (2 if last["durak"] else 1) or finished["result"]["draw"]


def test_a_timed_table_tells_the_deadline() -> None:
    alice = Client()
    game_id = alice.create({"players": 2, "deck": 24}, [{"ai": "novice"}], timer=30).json()["id"]
    game = Game.objects.get(pk=game_id)
    turns = [e for e in stream_of(alice.player.pk) if e["type"] == "your_turn"]
    if turns:  # the computer may lead first and the person then answers at once
        assert turns[-1]["deadline"] is not None
        assert turns[-1]["deadline"].startswith(game.last_event_at.date().isoformat())


def test_a_table_with_a_time_bank_tells_the_banks_deadline() -> None:
    alice = Client()
    game_id = alice.create({"players": 2, "deck": 24}, [{"ai": "novice"}], timer=30, time_bank=10).json()["id"]
    game = Game.objects.get(pk=game_id)
    turns = [e for e in stream_of(alice.player.pk) if e["type"] == "your_turn"]
    assert turns and turns[-1]["seq"] == game.seq
    deadline = datetime.fromisoformat(turns[-1]["deadline"])
    # The bank's 10 s (less the moments the computer's moves took), not the timer's 30.
    assert game.last_event_at + timedelta(seconds=9) < deadline <= game.last_event_at + timedelta(seconds=10)


def test_each_move_at_a_table_with_a_bank_brings_its_banks_on_with_no_read_of_the_log(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A move's own events bring the banks on (``MoveCommitted.banks``), cached once it is
    committed: the turns it tells, the clocks and the views of a game two people play in
    one process read no event back, and the banks are the ones a fresh fold of the stored
    log gives."""
    reads: list[int] = []
    stored_timeline = games_store.stored_timeline

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(1)
        return stored_timeline(*args, **kwargs)

    monkeypatch.setattr(games_store, "stored_timeline", counted)
    alice, bob = Client(), Client()
    game_id = alice.create({"players": 2, "deck": 24}, timer=30, time_bank=60, time_increment=2).json()["id"]
    assert bob.join(game_id).status_code == 200
    play_out_over_rest({0: alice, 1: bob}, game_id)
    assert reads == []
    game = Game.objects.get(pk=game_id)
    kept = snapshots.bank_fold(game_id, game.created_at)
    assert kept is not None and kept.seq == game.seq
    snapshots.forget_all()
    fresh = banks.fold_of(game, people_of(seats_of(game)))
    assert fresh is not None and reads == [1]
    assert (kept.seq, kept.at, kept.seconds, kept.state) == (fresh.seq, fresh.at, fresh.seconds, fresh.state)


def test_a_hook_run_twice_appends_once() -> None:
    alice = Client()
    game_id = alice.create({"players": 2, "deck": 24}, [{"ai": "novice"}]).json()["id"]
    game = Game.objects.get(pk=game_id)
    before = stream_of(alice.player.pk)
    move = appending.move_of(game, seats_of(game), game_state(game), [], [])
    listeners.turns_hook([move])
    listeners.turns_hook([move])
    listeners.on_game_finished(move)  # not finished: nothing
    assert stream_of(alice.player.pk) == before


def test_appends_at_once_take_every_number_once_in_commit_order() -> None:
    """Eight writers on one player (PostgreSQL in the scaled run): 1…8, no gap, no twin;
    four of them with one key: that one event once."""
    alice = Client()
    pid = alice.player.pk
    calls = [partial(store.append, [events.table_ready(pid, 1, 100 + n)]) for n in range(8)]
    calls += [partial(store.append, [events.game_started(pid, 999, 0)]) for _ in range(4)]
    at_once(*calls)
    seen = stream_of(pid)
    assert_contract(seen)
    assert len(seen) == 9
    assert sorted(e["game"] for e in seen if e["type"] == "table_ready") == list(range(100, 108))
    assert StreamHead.objects.get(player_id=pid).last_number == 9


def test_appends_at_once_to_players_with_heads_number_every_event_once() -> None:
    """Players whose heads exist take the one-statement append on PostgreSQL: writers on
    two players, one after the other or both at once, and twins of one key, all at once:
    each player's numbers 1…n with no gap, every key once, in the order each append gave."""
    alice, bob = Client(), Client()
    a, b = alice.player.pk, bob.player.pk
    store.append([events.game_started(a, 1, 0), events.game_started(b, 1, 1)])  # both heads made
    calls = [partial(store.append, [events.table_ready(a, 2, 200 + n), events.table_ready(b, 2, 200 + n)])
             for n in range(3)]
    calls += [partial(store.append, [events.table_ready(b, 3, 300 + n), events.table_ready(a, 3, 300 + n)])
              for n in range(3)]
    calls += [partial(store.append, [events.game_finished(a, 1, 1, False), events.game_finished(b, 1, 2, True)])
              for _ in range(4)]
    calls += [partial(store.append, [events.your_turn(b, 4, n, None), events.your_turn(b, 4, n + 1, None)])
              for n in (10, 20)]
    at_once(*calls)
    for player, count in ((a, 1 + 6 + 1), (b, 1 + 6 + 1 + 4)):
        seen = stream_of(player)
        assert_contract(seen)
        assert [e["id"] for e in seen] == list(range(1, count + 1))
        assert StreamHead.objects.get(player_id=player).last_number == count
        assert len(StreamEvent.objects.filter(player_id=player).values_list("key").distinct()) == count
    turns = [e["seq"] for e in stream_of(b) if e["type"] == "your_turn"]
    assert turns.index(11) == turns.index(10) + 1 and turns.index(21) == turns.index(20) + 1


def test_a_round_of_players_new_to_the_stream_is_appended_in_a_few_statements() -> None:
    """Fresh accounts have no head yet (a round of newly registered entrants): their first
    events take as many statements for 40 players as for 4, beside players who have heads,
    and each player's numbers start at 1."""
    def appended(players: list[int]) -> int:
        with CaptureQueriesContext(connection) as queries:
            store.append([pending for p in players for pending in
                          (events.table_ready(p, 7, 70 + p % 3), events.game_started(p, 70 + p % 3, p % 4))])
        if connection.vendor == "postgresql":  # the one-statement append, even for new players
            assert not [q for q in queries.captured_queries if q["sql"].startswith('SELECT "stream_streamevent"')]
        return len(queries)

    old = Client().player.pk
    store.append([events.table_ready(old, 1, 1)])  # its head made
    few = appended([Client().player.pk for _ in range(4)])
    many_players = [old] + [Client().player.pk for _ in range(40)]
    assert appended(many_players) <= few + 1  # + 1: the append for ``old`` at once, first
    for player in many_players[1:]:
        assert [e["id"] for e in stream_of(player)] == [1, 2]
    assert [e["id"] for e in stream_of(old)] == [1, 2, 3]


def test_an_append_names_each_key_once() -> None:
    alice = Client()
    pid = alice.player.pk
    store.append([events.table_ready(pid, 1, 5)])
    rows = store.append([events.table_ready(pid, 1, 6), events.table_ready(pid, 1, 6), events.table_ready(pid, 1, 5)])
    assert [(r.number, r.data["game"]) for r in rows] == [(2, 6)]
    assert [e["game"] for e in stream_of(pid)] == [5, 6]


def test_after_what_is_kept_the_stream_says_resync() -> None:
    alice = Client()
    pid = alice.player.pk
    store.append([events.table_ready(pid, 1, n) for n in range(1, 4)])
    StreamEvent.objects.filter(player_id=pid, number__lte=2).update(at="2000-01-01T00:00:00Z")
    from django.utils import timezone
    assert store.prune(timezone.now().replace(year=2001)) == 2
    gone = alice.get("/api/v1/stream/?after=1")
    assert gone.status_code == 410 and gone.json()["error"]["code"] == "resync"
    assert alice.get("/api/v1/stream/?after=x").status_code == 400
    assert [e["id"] for e in store.events_after(pid, 2)] == [3]


async def _lines(response: Any, count: int, timeout: float = 5.0) -> list[bytes]:
    out: list[bytes] = []
    iterator = response.streaming_content.__aiter__()
    while len(out) < count:
        chunk = await asyncio.wait_for(iterator.__anext__(), timeout)
        out += [line + b"\n" for line in chunk.split(b"\n")[:-1]]
    return out


async def test_ndjson_sends_the_backlog_then_new_events_then_keepalives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "KEEPALIVE_SECONDS", 0.3)
    alice = await sync_to_async(Client)()
    pid = alice.player.pk
    await sync_to_async(store.append)([events.table_ready(pid, 7, 70), events.table_ready(pid, 7, 71)])
    response = await AsyncClient().get("/api/v1/stream/?after=1", headers={"Authorization": f"Token {alice.token}"})
    assert response.status_code == 200 and response["Content-Type"] == "application/x-ndjson"
    first = await _lines(response, 1)
    assert json.loads(first[0])["id"] == 2
    await sync_to_async(store.append)([events.game_started(pid, 72, 1)])
    line = (await _lines(response, 1))[0]
    assert json.loads(line) == {**json.loads(line), "id": 3, "type": "game_started", "game": 72}
    assert (await _lines(response, 1, timeout=3))[0] == b"\n"  # quiet: kept alive
    await response.streaming_content.aclose()


class PlayerSocket:
    def __init__(self, token: str) -> None:
        self.comm = WebsocketCommunicator(application, f"/ws/players/me/?token={token}")

    async def open(self) -> dict[str, Any]:
        connected, _ = await self.comm.connect()
        assert connected
        return await self.comm.receive_json_from(5)  # type: ignore[no-any-return]

    async def notices(self, count: int) -> list[dict[str, Any]]:
        out = []
        while len(out) < count:
            message = await self.comm.receive_json_from(5)
            assert message["type"] == "notice", message
            out.append(message["event"])
        return out


async def test_the_socket_resumes_with_the_last_id_and_then_goes_on_live() -> None:
    alice = await sync_to_async(Client)()
    pid = alice.player.pk
    await sync_to_async(store.append)([events.table_ready(pid, 7, n) for n in range(1, 6)])
    sock = PlayerSocket(alice.token)
    hello = await sock.open()
    assert hello == {"type": "hello", "last": 5}
    await sock.comm.send_json_to({"type": "resume", "after": 2})
    assert [e["id"] for e in await sock.notices(3)] == [3, 4, 5]
    await sync_to_async(store.append)([events.game_started(pid, 9, 0)])
    assert [e["id"] for e in await sock.notices(1)] == [6]
    assert await sock.comm.receive_nothing(0.3)
    await sock.comm.send_json_to({"type": "resume", "after": "x"})
    assert (await sock.comm.receive_json_from(5))["error"]["code"] == "invalid_message"
    await sock.comm.disconnect()


async def test_two_devices_resume_at_once_and_each_gets_every_event_once() -> None:
    alice = await sync_to_async(Client)()
    pid = alice.player.pk
    await sync_to_async(store.append)([events.table_ready(pid, 7, n) for n in range(1, 4)])
    phone, tablet = PlayerSocket(alice.token), PlayerSocket(alice.token)
    await phone.open()
    await tablet.open()
    await asyncio.gather(phone.comm.send_json_to({"type": "resume", "after": 1}),
                         tablet.comm.send_json_to({"type": "resume", "after": 0}),
                         sync_to_async(store.append)([events.table_ready(pid, 7, n) for n in range(4, 7)]))
    got_phone = await phone.notices(5)
    got_tablet = await tablet.notices(6)
    assert [e["id"] for e in got_phone] == [2, 3, 4, 5, 6]
    assert [e["id"] for e in got_tablet] == [1, 2, 3, 4, 5, 6]
    assert await phone.comm.receive_nothing(0.3) and await tablet.comm.receive_nothing(0.1)
    await phone.comm.disconnect()
    await tablet.comm.disconnect()


async def test_the_socket_refuses_strangers() -> None:
    comm = WebsocketCommunicator(application, "/ws/players/me/")
    connected, _ = await comm.connect()
    assert connected
    message = await comm.receive_json_from(5)
    assert message["error"]["code"] == "not_authenticated"
    assert (await comm.receive_output(5))["code"] == 4401


async def test_an_append_for_many_players_wakes_each_stream_through_the_hub_once_in_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A round's table_ready for many players is one message for every process's hub, not
    one per player's group; each open stream (NDJSON or socket) gets its events once, in
    order, and a stream that missed one reads it from the store."""
    alice, bob = await sync_to_async(Client)(), await sync_to_async(Client)()
    others = await sync_to_async(lambda: [guest_create()[0].pk for _ in range(delivery.MANY)])()
    everyone = [alice.player.pk, bob.player.pk, *others]
    lost: list[object] = []  # what goes to a player's own group: here, lost
    monkeypatch.setattr(delivery, "notify_many", lost.append)
    response = await AsyncClient().get("/api/v1/stream/?after=0", headers={"Authorization": f"Token {alice.token}"})
    assert await _lines(response, 1) == [b"\n"]  # the empty backlog: an empty line at once
    sock = PlayerSocket(bob.token)
    assert await sock.open() == {"type": "hello", "last": 0}
    for round_ in (1, 2):
        await sync_to_async(store.append)([events.table_ready(p, 7, 100 * round_ + n) for n, p in enumerate(everyone)])
    lines = [json.loads(line) for line in await _lines(response, 2)]
    assert [(e["id"], e["type"], e["game"]) for e in lines] == [(1, "table_ready", 100), (2, "table_ready", 200)]
    assert [(e["id"], e["game"]) for e in await sock.notices(2)] == [(1, 101), (2, 201)]
    assert await sock.comm.receive_nothing(0.3)
    assert lost == []
    # A wake-up lost, and the next one does not follow on from what was sent: the events
    # are read from the store instead.
    await sync_to_async(store.append)([events.game_started(alice.player.pk, 300, 0)])
    assert len(lost) == 1
    late = await sync_to_async(store.append)([events.table_ready(p, 7, 400 + n) for n, p in enumerate(everyone)])
    assert len(late) == len(everyone)
    lines = [json.loads(line) for line in await _lines(response, 2)]
    assert [(e["id"], e["type"]) for e in lines] == [(3, "game_started"), (4, "table_ready")]
    await response.streaming_content.aclose()
    await sock.comm.disconnect()


def test_a_tournament_tells_its_tables_and_its_end_to_each_entrant() -> None:
    import random

    from tests.tournaments.playing import create, funded, open_tables, table_play_out

    organiser, alice, bob = funded(3)
    t = create(organiser, format="elimination", rules={"players": 2, "deck": 24}, entry_fee=100, max_entrants=2,
               payouts=[100])
    for client in (alice, bob):
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    [final] = open_tables(t["id"])
    for client in (alice, bob):
        assert [(e["type"], e["tournament"], e["game"]) for e in stream_of(client.player.pk)
                if e["type"] == "table_ready"] == [("table_ready", t["id"], final)]
    rng = random.Random(7)
    while open_tables(t["id"]):  # a drawn final is played again
        table_play_out(open_tables(t["id"])[0], rng)
    ends = {client.player.pk: [e for e in stream_of(client.player.pk) if e["type"] == "tournament_finished"]
            for client in (alice, bob)}
    assert sorted((e["place"], e["prize"]) for [e] in ends.values()) == [(1, 200), (2, 0)]
    for client in (alice, bob):
        assert_contract(stream_of(client.player.pk))


# Stands in for the one-statement append and always breaks a unique constraint (a head's
# twin), as a twin key committed meanwhile does: the general path must then decide.
_BREAKS_A_CONSTRAINT = (f"INSERT INTO {StreamHead._meta.db_table} (player_id, last_number, pruned_through, wakes)"
                        " SELECT player_id, 0, 0, false FROM " + StreamHead._meta.db_table +
                        " WHERE %s::text IS NOT NULL AND %s::timestamptz IS NOT NULL LIMIT {rows:d}")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the one-statement append is PostgreSQL's")
def test_a_failed_append_at_once_leaves_the_callers_transaction_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside a move's transaction the one statement fails (PostgreSQL would abort the whole
    transaction): rolled back to its savepoint, the general path appends, and what the
    transaction wrote before and after commits with it."""
    alice, bob = Client(), Client()
    a = alice.player.pk
    store.append([events.table_ready(a, 1, 1)])  # a head: the one statement is tried
    monkeypatch.setattr(store, "_APPEND_AT_ONCE", _BREAKS_A_CONSTRAINT)
    with transaction.atomic():
        StreamHead.objects.filter(player_id=a).update(pruned_through=0)  # written before
        rows = store.append([events.table_ready(a, 1, 2)])
        store.append([events.table_ready(bob.player.pk, 1, 3)])  # and after, no head yet
    assert [r.number for r in rows] == [2]
    assert [e["game"] for e in stream_of(a)] == [1, 2] and [e["id"] for e in stream_of(bob.player.pk)] == [1]
