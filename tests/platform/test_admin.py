"""The admin: players with their games, games with seats and a read-only event log."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client as DjangoClient
from django.urls import reverse

from accounts.models import Player
from games.models import Game, GameEvent
from tests.harness.tables import table_create


@pytest.fixture
def admin_client_(db: None, django_user_model: Any) -> DjangoClient:
    user = django_user_model.objects.create_superuser("boss", "boss@127.0.0.1", "kozyrnaya-dama")
    client = DjangoClient()
    client.force_login(user)
    return client


@pytest.fixture
def game(player: Player) -> Game:
    return table_create(creator=player, rules={"players": 2}, computer=["novice"]).game


def test_the_game_list_searches_and_filters(admin_client_: DjangoClient, game: Game, player: Player) -> None:
    url = reverse("admin:games_game_changelist")
    for query in ["", "?status__exact=active", "?computer=yes", "?computer=no", f"?q={player.name}",
                  f"?q={game.pk}"]:
        response = admin_client_.get(url + query)
        assert response.status_code == 200, query
    assert f"/admin/games/game/{game.pk}/change/" in admin_client_.get(url + "?status__exact=active").content.decode()
    assert f"/admin/games/game/{game.pk}/change/" not in admin_client_.get(url + "?status__exact=finished").content.decode()


def test_a_game_page_shows_seats_the_event_log_and_the_replay_link(admin_client_: DjangoClient, game: Game) -> None:
    response = admin_client_.get(reverse("admin:games_game_change", args=[game.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "запись откроется, когда партия закончится" in page and f"/games/{game.pk}/replay/" not in page
    assert "начало партии" in page and "раздача" in page  # the event log, in words
    assert "новичок" in page
    assert 'name="events-0-payload"' not in page, "the event log has no form fields"


def test_the_event_log_cannot_be_added_changed_or_deleted(admin_client_: DjangoClient, game: Game) -> None:
    event = GameEvent.objects.get(game=game, seq=1)
    assert admin_client_.get(reverse("admin:games_gameevent_changelist")).status_code == 200
    assert admin_client_.get(reverse("admin:games_gameevent_add")).status_code == 403
    change = admin_client_.get(reverse("admin:games_gameevent_change", args=[event.pk]))
    assert change.status_code == 200 and "Save" not in change.content.decode()
    post = admin_client_.post(reverse("admin:games_gameevent_change", args=[event.pk]), {"type": "x"})
    assert post.status_code == 403
    assert admin_client_.post(reverse("admin:games_gameevent_delete", args=[event.pk]), {"post": "yes"}).status_code == 403
    assert admin_client_.post(reverse("admin:games_game_delete", args=[game.pk]), {"post": "yes"}).status_code == 403
    assert GameEvent.objects.get(pk=event.pk).type == "game_started"


def test_a_player_page_lists_their_games(admin_client_: DjangoClient, game: Game, player: Player) -> None:
    assert admin_client_.get(reverse("admin:accounts_player_changelist") + "?q=" + player.name).status_code == 200
    response = admin_client_.get(reverse("admin:accounts_player_change", args=[player.pk]))
    assert response.status_code == 200
    assert f"/admin/games/game/{game.pk}/change/" in response.content.decode()


def test_a_finished_games_page_links_its_replay(admin_client_: DjangoClient) -> None:
    from tests.harness.moves import play_until

    table = table_create(rules={"players": 2, "deck": 24})
    play_until(table.game, lambda game, state: game.status == Game.Status.FINISHED)
    page = admin_client_.get(reverse("admin:games_game_change", args=[table.id])).content.decode()
    # The viewer, not the API's JSON (the viewer downloads that itself).
    assert f'href="/games/{table.id}/replay/"' in page and f"/api/v1/games/{table.id}/replay/" not in page
