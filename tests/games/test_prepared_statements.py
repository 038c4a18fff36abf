"""On PostgreSQL a move that lost its race keeps its connection's prepared statements.

psycopg forgets every statement it prepared on a connection that rolls back (and
deallocates them on the server), and moves that race are a normal part of play: the
attacker throws in while the defender beats. Were a stale move to roll back, a busy
connection would plan its statements afresh again and again (at 150 tables, planning
took as long as executing)."""

from __future__ import annotations

import pytest
from django.db import connection

from accounts.models import Player
from games import snapshots, store
from games.errors import StaleSeq
from games.models import Game
from tests.harness.moves import move_due, move_play
from tests.harness.tables import table_create

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")


def prepared_here() -> set[str]:
    """The statements prepared on this connection, as PostgreSQL lists them."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return {statement for (statement,) in cursor.fetchall()}


@pytest.mark.django_db(transaction=True)
def test_a_move_that_lost_its_race_keeps_the_prepared_statements(player: Player,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    game = table_create(creator=player, rules={"players": 2}).game
    move = move_due(game)
    stale_read = store.game_with_seats(game.pk)
    for _ in range(10):  # often enough for psycopg to prepare the read on this connection
        store.game_seq(game.pk)
    before = prepared_here()
    assert any("SELECT seq FROM games_game" in statement for statement in before), before
    move_play(move)  # another move wins the seq the next one was decided at
    snapshots.forget_all()
    monkeypatch.setattr(store, "game_with_seats", lambda game_id: stale_read)
    with pytest.raises(StaleSeq) as stale:
        move_play(move)
    assert stale.value.extra["seq"] == Game.objects.get(pk=game.pk).seq
    assert before <= prepared_here(), "a stale move rolled its connection back"
