"""On PostgreSQL a move made outside any transaction is stored with its stream events in
one statement that commits by itself (``games.appending.stored_alone``): all of it or none,
a stale move storing nothing, a refused statement falling back to the transaction's path,
a player with no stream head still told, and the stream delivered before the move's hooks."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Player
from accounts.services import guest_create
from games import appending, arranged, services
from games import store as games_store
from games.engine import Rules, actors, decide, legal_actions
from games.models import Game, GameEvent
from games.selectors import game_state
from games.services import Played
from games.signals import MoveCommitted, move_committed
from stream import delivery, events, store
from stream.models import StreamEvent, StreamHead

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the move in one statement is PostgreSQL's"),
]

_WRITES = ("WITH", "INSERT", "UPDATE", "DELETE", "SAVEPOINT")


def _table() -> tuple[list[Player], Played]:
    people = [guest_create()[0], guest_create()[0]]
    return people, arranged.game_seat_people(players=people, rules=Rules.from_dict({"players": 2, "deck": 24}))


def _move(people: list[Player], played: Played) -> Played:
    """The first seat to act plays its first legal action."""
    assert played.state is not None
    seat = actors(played.state)[0]
    return services.action_play(game_id=played.game.pk, player=people[seat],
                                action=legal_actions(played.state, seat)[0], expected_seq=played.game.seq)


def _turns_at(people: list[Player], seq: int, game_id: int) -> list[tuple[int, int]]:
    """(player, stream number) of each ``your_turn`` told for the game at ``seq``."""
    return [(e.player_id, e.number) for e in StreamEvent.objects.filter(
        player_id__in=[p.pk for p in people], type="your_turn").order_by("player_id", "number")
        if e.data["game"] == game_id and e.data["seq"] == seq]


def _due(people: list[Player], moved: Played) -> list[int]:
    assert moved.state is not None
    return sorted(people[seat].pk for seat in actors(moved.state))


def _numbered_once(player_id: int) -> None:
    numbers = list(StreamEvent.objects.filter(player_id=player_id).order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))
    assert StreamHead.objects.get(player_id=player_id).last_number == len(numbers)


def test_a_move_and_its_turns_are_one_statement_with_no_transaction() -> None:
    people, played = _table()
    with CaptureQueriesContext(connection) as queries:
        moved = _move(people, played)
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(_WRITES)]
    assert len(writes) == 1, writes
    assert "moved AS (UPDATE" in writes[0] and f"INSERT INTO {StreamEvent._meta.db_table}" in writes[0]
    assert GameEvent.objects.filter(game_id=played.game.pk).count() == moved.game.seq == Game.objects.get(
        pk=played.game.pk).seq
    assert [player for player, _ in _turns_at(people, moved.game.seq, played.game.pk)] == _due(people, moved)
    for person in people:
        _numbered_once(person.pk)


def test_inside_a_transaction_a_move_keeps_the_transactions_path() -> None:
    people, played = _table()
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        moved = _move(people, played)
    assert any(q["sql"].startswith("SAVEPOINT") for q in queries.captured_queries)
    assert [player for player, _ in _turns_at(people, moved.game.seq, played.game.pk)] == _due(people, moved)


def test_a_stale_move_stores_neither_its_events_nor_what_rides_with_it() -> None:
    people, played = _table()
    game_id, seq = played.game.pk, played.game.seq
    before = (list(StreamEvent.objects.values_list("id", flat=True)),
              list(StreamHead.objects.order_by("player_id").values_list("player_id", "last_number")))
    game = Game.objects.get(pk=game_id)
    state = game_state(game)
    seat = actors(state)[0]
    now = timezone.now()
    _state, rows = appending.folded(game, state, decide(state, seat, legal_actions(state, seat)[0]),
                                    actor_seat=seat, actor=people[seat], now=now)
    rider = store.rider([events.table_ready(p.pk, 1, game_id) for p in people])
    assert rider is not None
    assert games_store.events_append_alone(game, seq - 1, rows, now, rider) is None
    assert GameEvent.objects.filter(game_id=game_id).count() == seq == Game.objects.get(pk=game_id).seq
    assert (list(StreamEvent.objects.values_list("id", flat=True)),
            list(StreamHead.objects.order_by("player_id").values_list("player_id", "last_number"))) == before
    # The same statement at the game's seq stores the move and the rider's rows.
    returned = games_store.events_append_alone(game, seq, rows, now, rider)
    assert returned is not None and sorted(row[1] for row in returned) == sorted(p.pk for p in people)
    assert Game.objects.get(pk=game_id).seq == seq + len(rows)


@pytest.fixture
def refused(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The stream's rider breaks a unique constraint (a head's twin), as a twin key or a
    deadlock fails the statement: nothing it holds is stored. Yields how often it rode."""
    rode: list[int] = []
    made = store.rider

    def breaking(pending: Any, **kwargs: Any) -> games_store.Rider | None:
        rider = made(pending, **kwargs)
        if rider is None:
            return None
        rode.append(1)
        twin = (f", twin AS (INSERT INTO {StreamHead._meta.db_table} (player_id, last_number, pruned_through, wakes)"
                f" SELECT player_id, 0, 0, false FROM {StreamHead._meta.db_table} LIMIT 1)")
        return dataclasses.replace(rider, ctes=rider.ctes + twin)

    monkeypatch.setattr(store, "rider", breaking)
    yield rode


def test_a_refused_statement_stores_the_move_once_in_a_transaction(refused: list[int]) -> None:
    people, played = _table()
    moved = _move(people, played)
    assert refused == [1]
    game_id = played.game.pk
    assert GameEvent.objects.filter(game_id=game_id).count() == moved.game.seq == Game.objects.get(pk=game_id).seq
    assert [player for player, _ in _turns_at(people, moved.game.seq, game_id)] == _due(people, moved)
    for person in people:
        _numbered_once(person.pk)


def test_a_player_with_no_stream_head_is_still_told_their_turn() -> None:
    people, played = _table()
    StreamEvent.objects.filter(player_id__in=[p.pk for p in people]).delete()
    StreamHead.objects.filter(player_id__in=[p.pk for p in people]).delete()
    moved = _move(people, played)
    due = _due(people, moved)
    assert _turns_at(people, moved.game.seq, played.game.pk) == [(player, 1) for player in due]
    for player in due:
        _numbered_once(player)


def test_the_stream_is_delivered_before_the_moves_hooks_run() -> None:
    people, played = _table()
    heard: list[str] = []

    def stream_heard(stored: list[delivery.EventStored]) -> None:
        heard.extend("stream" for e in stored if e.event["type"] == "your_turn")

    def move_heard(move: MoveCommitted) -> None:
        heard.append("move")

    delivery.events_stored.connect("push", stream_heard, uid="test.order")
    move_committed.connect("announce", move_heard, uid="test.order")
    try:
        _move(people, played)
    finally:
        delivery.events_stored.disconnect("push", "test.order")
        move_committed.disconnect("announce", "test.order")
    assert heard and heard[0] == "stream" and heard[-1] == "move" and heard.count("move") == 1
