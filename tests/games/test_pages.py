"""The watching pages as the server serves them: the replay viewer only for a finished
game (404 otherwise, so it never shows one in play), and the lobby of games to watch."""

from __future__ import annotations

import pytest
from django.test import Client as DjangoClient

from games.models import DealSecret, Game
from tests.harness.moves import play_until
from tests.harness.tables import table_create

pytestmark = pytest.mark.django_db


def test_the_replay_page_is_for_a_finished_game_only() -> None:
    table = table_create(rules={"players": 2, "deck": 24})
    page = DjangoClient()
    assert page.get(f"/games/{table.id}/replay/").status_code == 404
    assert page.get(f"/games/{table.id}/replay/?step=3").status_code == 404
    assert page.get("/games/987654/replay/").status_code == 404
    secret = DealSecret.objects.get(game_id=table.id).server_seed
    play_until(table.game, lambda game, state: game.status == Game.Status.FINISHED)
    answer = page.get(f"/games/{table.id}/replay/?step=3")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert f'data-game="{table.id}"' in html and "viewer" in html
    assert secret not in html  # the page fetches the replay; it carries nothing itself


def test_the_watch_page_is_served() -> None:
    answer = DjangoClient().get("/watch/")
    assert answer.status_code == 200 and "watch" in answer.content.decode()
