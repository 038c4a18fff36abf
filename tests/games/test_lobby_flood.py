"""A lobby flood: one player holds only a few waiting tables, and waiting tables expire."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from games import tasks
from games.models import Game
from tests.harness.clients import Client
from tests.harness.races import at_once

TWO = {"players": 2}


def _listed(client: Client) -> set[int]:
    response = client.get("/api/v1/games/")
    assert response.status_code == 200, response.content
    return {game["id"] for game in response.json()["games"]}


def _aged(game_id: int, seconds: float) -> None:
    Game.objects.filter(pk=game_id).update(created_at=timezone.now() - timedelta(seconds=seconds))


@pytest.mark.django_db
def test_a_player_holds_at_most_the_limit_of_waiting_tables(settings) -> None:
    settings.DURAK_MAX_WAITING_TABLES = 3
    alice, bob = Client(), Client()
    waiting = [alice.create(TWO) for _ in range(3)]
    assert [answer.status_code for answer in waiting] == [201, 201, 201]
    refused = alice.create(TWO)
    assert refused.status_code == 409, refused.content
    error = refused.json()["error"]
    assert error["code"] == "too_many_waiting_tables" and error["limit"] == 3
    assert Game.objects.filter(creator=alice.player).count() == 3
    # A table the computer fills starts at once: it waits for nobody and is not limited.
    assert alice.create(TWO, opponents=[{"ai": "novice"}]).status_code == 201
    # Another player is not limited by alice's tables.
    assert bob.create(TWO).status_code == 201
    # Once one of them starts, alice may open another.
    assert bob.join(waiting[0].json()["id"]).status_code == 200
    assert alice.create(TWO).status_code == 201


@pytest.mark.django_db(transaction=True)
def test_two_creates_at_once_cannot_both_pass_the_limit(settings) -> None:
    settings.DURAK_MAX_WAITING_TABLES = 1
    alice = Client()
    tabs = [Client((alice.player, alice.token)) for _ in range(2)]
    answers = at_once(*(partial(tab.create, TWO) for tab in tabs))
    assert sorted(answer.status_code for answer in answers) == [201, 409], [a.content for a in answers]
    assert Game.objects.filter(creator=alice.player, status=Game.Status.WAITING).count() == 1


@pytest.mark.django_db
def test_a_waiting_table_past_its_ttl_is_expired_when_read(settings) -> None:
    settings.DURAK_MAX_WAITING_TABLES = 1
    settings.DURAK_WAITING_TABLE_TTL = 600
    alice, bob = Client(), Client()
    game_id = alice.create(TWO).json()["id"]
    assert game_id in _listed(bob)
    _aged(game_id, 601)
    # Not joinable, not fillable, not in others' lobby: before any sweep ran.
    joined = bob.join(game_id)
    assert joined.status_code == 409 and joined.json()["error"]["code"] == "table_expired"
    filled = alice.fill(game_id, "novice")
    assert filled.status_code == 409 and filled.json()["error"]["code"] == "table_expired"
    assert game_id not in _listed(bob)
    # Its view still answers (the contract's waiting view), and nothing was deleted.
    assert alice.view(game_id)["status"] == "waiting"
    # It no longer counts against alice's limit.
    assert alice.create(TWO).status_code == 201


@pytest.mark.django_db
def test_the_sweep_marks_waiting_tables_past_their_ttl(settings) -> None:
    settings.DURAK_WAITING_TABLE_TTL = 600
    alice, bob = Client(), Client()
    old, fresh, started = (alice.create(TWO).json()["id"] for _ in range(3))
    assert bob.join(started).status_code == 200
    for game_id in (old, started):
        _aged(game_id, 601)
    assert tasks.waiting_tables_expire.delay().get() == 1
    expired = dict(Game.objects.values_list("pk", "expired_at"))
    assert expired[old] is not None
    assert expired[fresh] is None and expired[started] is None
    assert tasks.waiting_tables_expire.delay().get() == 0
    # Marked expired, it stays so even if its clock were younger.
    Game.objects.filter(pk=old).update(created_at=timezone.now())
    assert bob.join(old).json()["error"]["code"] == "table_expired"
