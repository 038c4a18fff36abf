"""The event log's rows (``GameEvent``; the SQL that writes them is ``games.store``):
unique (game, seq), and a log that can only grow."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from accounts.models import Player
from games.models import EventLogIsAppendOnly, Game, GameEvent
from tests.harness.tables import table_create


@pytest.fixture
def game(player: Player) -> Game:
    return table_create(creator=player, rules={"players": 2}, computer=["random"]).game


def test_a_started_game_stores_the_engine_events_from_seq_1(game: Game) -> None:
    rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert [row.seq for row in rows] == [1, 2, 3]
    assert [row.type for row in rows] == ["game_started", "cards_dealt", "bout_started"]
    assert rows[0].payload["deck"], "the stored payload is full, deck order included"
    assert all(row.schema_version == row.payload["v"] == 1 for row in rows)
    assert game.seq == 3 and game.status == Game.Status.ACTIVE


def test_two_events_at_one_seq_are_refused_by_the_database(game: Game) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        GameEvent.objects.create(game=game, seq=3, type="passed", schema_version=1,
                                 payload={"type": "passed", "v": 1, "seat": 0})


def test_a_stored_event_cannot_be_changed(game: Game) -> None:
    event = GameEvent.objects.get(game=game, seq=1)
    event.type = "tampered"
    with pytest.raises(EventLogIsAppendOnly):
        event.save()
    with pytest.raises(EventLogIsAppendOnly):
        GameEvent.objects.filter(game=game).update(type="tampered")
    assert GameEvent.objects.get(game=game, seq=1).type == "game_started"


def test_a_stored_event_cannot_be_deleted(game: Game) -> None:
    event = GameEvent.objects.get(game=game, seq=1)
    with pytest.raises(EventLogIsAppendOnly):
        event.delete()
    with pytest.raises(EventLogIsAppendOnly):
        GameEvent.objects.filter(game=game).delete()
    assert GameEvent.objects.filter(game=game).count() == 3


def test_a_game_with_events_cannot_be_deleted(game: Game) -> None:
    """Deleting the game would take its log with it; the log protects it."""
    from django.db.models import ProtectedError

    with pytest.raises(ProtectedError):
        game.delete()
