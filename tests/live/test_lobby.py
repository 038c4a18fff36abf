"""The lobby of games to watch (``GET /api/v1/watch/``): live games, tournament tables
first, then by spectators; each with its spectator count; finished games with replays."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from core.hooks import Hooks
from live import lobby
from tests.harness.moves import play_until
from tests.harness.tables import table_create

pytestmark = pytest.mark.django_db

TWO = {"players": 2, "deck": 24}


def test_tournament_tables_first_then_by_spectators(monkeypatch: pytest.MonkeyPatch) -> None:
    quiet, watched, tournament = (table_create(rules=TWO).id for _ in range(3))
    done = table_create(rules=TWO)
    play_until(done.game, lambda game, state: game.status == "finished")
    keys = [lobby.spectator_arrived(watched) for _ in range(2)]
    monkeypatch.setattr(lobby, "featured", Hooks("featured"))
    lobby.featured.connect("featured", lambda ids: {tournament} & set(ids), uid="test")
    data = APIClient().get("/api/v1/watch/").json()
    assert [g["id"] for g in data["live"]] == [tournament, watched, quiet]
    assert [g["spectators"] for g in data["live"]] == [0, 2, 0]
    assert [g["tournament"] for g in data["live"]] == [True, False, False]
    assert data["finished"][0]["id"] == done.id and data["finished"][0]["replay"] == f"/games/{done.id}/replay/"
    lobby.spectator_left(keys[0])
    assert lobby.spectator_counts([watched]) == {watched: 1}


def test_the_tournaments_app_marks_its_tables() -> None:
    from tournaments.apps import _tournament_tables

    assert _tournament_tables in lobby.featured.at("featured")


@pytest.mark.django_db
def test_a_games_spectators_are_counted_for_its_table() -> None:
    watched, other = table_create(computer=["novice"]).game, table_create(computer=["novice"]).game
    keys = [lobby.spectator_arrived(watched.pk) for _ in range(2)]
    client = APIClient()
    assert client.get(f"/api/v1/watch/games/{watched.pk}/").json() == {"game": watched.pk, "spectators": 2}
    lobby.spectator_left(keys[0])
    assert client.get(f"/api/v1/watch/games/{watched.pk}/").json()["spectators"] == 1
    assert client.get(f"/api/v1/watch/games/{other.pk}/").json()["spectators"] == 0
