"""Tournaments played through the services, for the tests: people entered, tables played
to their end with seeded random legal moves, the ledger checked."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from coins import ledger
from games import engine, selectors
from games.engine import Action, State
from games.models import Game
from games.services import action_play
from tests.harness.clients import Client
from tests.harness.moves import play_until
from tournaments.models import Table

Line = list[tuple[int, Action]]  # legal moves, each by its seat, from a table's deal


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


def line_to(state: State, ending: Callable[[State], bool], tries: int = 5000) -> Line | None:
    """Legal moves from ``state`` to an end ``ending`` accepts (a draw, a given seat's win),
    found by the pure engine from the table's real deal with seeded random lines; None
    when none of ``tries`` lines ends so (some deals hardly can)."""
    for attempt in range(tries):
        rng = random.Random(attempt)
        line: Line = []
        here = state
        while here.result is None and len(line) < 2000:
            seat = engine.actors(here)[0]
            action = rng.choice(engine.legal_actions(here, seat))
            for event in engine.decide(here, seat, action):
                here = engine.apply(here, event)
            line.append((seat, action))
        if here.result is not None and ending(here):
            return line
    return None


def drawn(state: State) -> bool:
    """An ``ending`` for ``line_to``: a draw."""
    return state.result is not None and state.result.draw


def won_by(seat: int) -> Callable[[State], bool]:
    """An ``ending`` for ``line_to`` at a table of two: ``seat`` won (went out first, no draw)."""
    return lambda state: (state.result is not None and not state.result.draw
                          and list(state.result.places[:1]) == [seat])


def line_play(game_id: int, line: Line) -> None:
    """``line`` played at the table by its people, move by move through the services."""
    game = Game.objects.get(pk=game_id)
    people = {seat.number: seat.player for seat in selectors.seats_of(game) if seat.player is not None}
    for seat, action in line:
        game.refresh_from_db()
        action_play(game_id=game_id, player=people[seat], action=action, expected_seq=game.seq)


def open_tables(tournament_id: int) -> list[int]:
    """The games of the tournament's tables still being played, oldest first."""
    return list(Table.objects.filter(tournament_id=tournament_id).exclude(game__status=Game.Status.FINISHED)
                .order_by("id").values_list("game_id", flat=True))


def ledger_balanced() -> None:
    assert ledger.total_sum() == 0
    assert ledger.unbalanced_movements() == []
