"""Tournaments played through the services, for the tests: people entered, tables played
to their end with seeded random legal moves, the ledger checked."""

from __future__ import annotations

import random
from typing import Any

from coins import ledger
from games.models import Game
from tests.harness.clients import Client
from tests.harness.moves import play_until
from tournaments.models import Table


def funded(n: int) -> list[Client]:
    """``n`` registered people, each with the welcome coins."""
    clients = [Client.member() for _ in range(n)]
    for client in clients:
        assert client.post("/api/v1/wallet/welcome/").status_code == 200
    return clients


def own_coins(client: Client, amount: int = 1000) -> Client:
    """``client`` with ``amount`` coins of its own (a grant): welcome coins pay entry fees
    only, never an added prize or a guarantee."""
    from coins.models import Movement

    ledger.move(f"test-own-coins:{client.player.pk}", Movement.Kind.GRANT, ledger.issuer(),
                ledger.wallet(client.player), amount)
    return client


def create(organiser: Client, **body: Any) -> dict[str, Any]:
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок", **body})
    assert answer.status_code == 201, answer.content
    return answer.json()  # type: ignore[no-any-return]


def table_play_out(game_id: int, rng: random.Random) -> None:
    """Every move of the table's people (seeded random legal moves) until it is over."""
    play_until(game_id, lambda game, _: game.status == Game.Status.FINISHED, choose=rng.choice, limit=5000)


def open_tables(tournament_id: int) -> list[int]:
    """The games of the tournament's tables still being played, oldest first."""
    return list(Table.objects.filter(tournament_id=tournament_id).exclude(game__status=Game.Status.FINISHED)
                .order_by("id").values_list("game_id", flat=True))


def ledger_balanced() -> None:
    assert ledger.total_sum() == 0
    assert ledger.unbalanced_movements() == []
