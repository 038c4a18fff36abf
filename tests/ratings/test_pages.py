"""The players' pages: /players/{id}/ for a player (a guest too), 404 for no player;
/ratings/ the leaderboard; every page loads the header's links to them."""

from __future__ import annotations

import pytest
from django.test import Client as DjangoClient

from accounts.models import Player
from games.engine.rules import VARIANTS

pytestmark = pytest.mark.django_db


def test_a_players_page_is_there_for_a_player_and_404_for_none(player: Player) -> None:
    page = DjangoClient().get(f"/players/{player.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'data-player="{player.pk}"' in html and "profile" in html and 'lang="ru"' in html
    assert DjangoClient().get(f"/players/{player.pk + 1000}/").status_code == 404


def test_the_leaderboard_page_has_a_switch_for_every_variant_the_engine_plays() -> None:
    page = DjangoClient().get("/ratings/")
    assert page.status_code == 200
    html = page.content.decode()
    assert all(f'data-variant="{variant}"' in html for variant in VARIANTS)


@pytest.mark.parametrize("path", ["/", "/watch/", "/tournaments/"])
def test_every_page_loads_the_header_links_to_the_players_pages(path: str) -> None:
    assert "durak/mylink" in DjangoClient().get(path).content.decode()
