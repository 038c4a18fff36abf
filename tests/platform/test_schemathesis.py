"""The OpenAPI schema against the API itself (issue 26): schemathesis generates requests
for every operation from the schema the platform publishes (in-process, over WSGI),
valid ones and invalid ones, as a signed-in guest, and checks that no answer is a 500,
every answer's status, content type and body are what the schema says, and a request
the schema forbids (an empty create body, a null where a list goes) is refused.

A few real ids are planted (the guest's game against a computer, a finished game, a
table waiting for players, a tournament), and two thirds of the generated ids are aimed
at them, so the operations on a real game or tournament are reached, not only their
404. Deterministic (``derandomize``) and bounded: ``EXAMPLES`` per operation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.services import guest_create
from durak_platform.wsgi import application
from games.models import Game
from tests.harness.clients import member_create
from tests.harness.moves import play_until
from tests.harness.tables import table_create
from tournaments import services as tournaments

EXAMPLES = 20
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          negative_data_rejection]


class World:
    """A guest's token, and the rows ids are aimed at, planted on first use (only the
    operations with a game's or a tournament's id in their path pay for them)."""

    def __init__(self) -> None:
        self.me, self.token = guest_create()
        self._games: list[int] = []
        self._tournaments: list[int] = []

    def games(self) -> list[int]:
        if not self._games:
            playing = table_create(rules={"deck": 24}, computer=["novice"], creator=self.me)
            finished = table_create(rules={"deck": 24})
            play_until(finished.game, lambda game, state: game.status == Game.Status.FINISHED, finished.people)
            waiting = table_create(rules={"players": 3}, people=1)
            self._games = [playing.id, finished.id, waiting.id]
        return self._games

    def tournaments(self) -> list[int]:
        if not self._tournaments:
            organiser = member_create()[0]  # organisers are registered accounts
            self._tournaments = [tournaments.tournament_create(organiser=organiser, data={"name": "Кубок схемы"}).pk]
        return self._tournaments


@pytest.fixture
def _one_connection() -> Iterator[None]:
    """Keep the test's database connection across the WSGI calls, as Django's test client
    does: the handler would close it at each request's end (and with it the test's
    transaction)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(db: None, _one_connection: None) -> World:
    return World()


# Loaded at collection through the app itself (no database needed to build a schema). The
# account stream answers with an endless ASGI stream that WSGI cannot carry: tests/stream
# drives it over ASGI, as the server does.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application).exclude(path="/api/v1/stream/")


def _aimed(case: Any, world: World) -> None:
    """Two of three generated ids in the schema's range become a planted row's."""
    params = case.path_parameters or {}
    for name, planted in (("game_id", world.games), ("tournament_id", world.tournaments)):
        value = params.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0 and value % 3 != 2:
            ids = planted()
            params[name] = ids[value % len(ids)]


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_its_schema_says(case: Any, world: World) -> None:
    _aimed(case, world)
    case.call_and_validate(headers={"Authorization": f"Token {world.token}"}, checks=CHECKS)
