"""Tables somebody arranged, dealt many at once (a tournament's round): the rows, events
and hooks of ``games.services.game_seat_people`` for each, in a few statements for all.

Dealing a round's 256 tables one by one costs a dozen round trips a table inside the
round's one transaction, which every table's ``table_ready`` waits for."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games import appending, deal, signals, store
from games.engine import Rules, commitment_of, start
from games.errors import InvalidActionError
from games.models import Game, Seat
from games.options import TableOptions
from games.services import Played


@dataclass(frozen=True)
class Arranged:
    """One table to deal in ``games_seat_people``: as ``games.services.game_seat_people``'s
    arguments."""

    players: list[Player]
    rules: Rules
    server_seed: str | None = None
    client_seeds: list[str | None] | None = None


@transaction.atomic
def games_seat_people(tables: Sequence[Arranged], *, options: TableOptions | None = None,
                      before_hooks: Callable[[list[Played]], None] | None = None) -> list[Played]:
    """``games.services.game_seat_people`` for many tables at once (a tournament's round): the same rows,
    events and hooks as dealing them one by one, in a few statements for all of them, not
    a dozen round trips per table. ``before_hooks`` runs in the transaction once every
    table is dealt, before the games' move hooks are queued for the commit: what it queues
    (a round's ``table_ready``) is told before each game's own news (``game_started``)."""
    for table in tables:
        if len(table.players) != table.rules.players or len({p.pk for p in table.players}) != len(table.players):
            raise InvalidActionError(f"A {table.rules.players}-player table seats {table.rules.players} "
                                     "different players.")
    chosen = options or TableOptions()
    games = [Game(rules=table.rules.to_dict(), creator=table.players[0],
                  deal_commitment=commitment_of(table.server_seed) if table.server_seed else "",
                  **chosen.for_table(players=table.rules.players, computers=0).fields()) for table in tables]
    Game.objects.bulk_create(games)
    # Committed before any seat's seed is picked, as one by one.
    server_seeds = [table.server_seed or deal.table_seed(game) for table, game in zip(tables, games, strict=True)]
    deal.secrets_keep(games, server_seeds)
    seated = []
    for table, game in zip(tables, games, strict=True):
        given = table.client_seeds or [None] * len(table.players)
        seated.append([Seat(game=game, number=n, player=player,
                            client_seed=given[n] or deal.client_seed_pick(game.pk, n))
                       for n, player in enumerate(table.players)])
    Seat.objects.bulk_create([seat for seats in seated for seat in seats])
    now = timezone.now()
    started: list[tuple[Game, int, list[store.Row]]] = []
    moves: list[tuple[int, datetime | None, signals.MoveCommitted]] = []
    played = []
    for table, game, seats, server_seed in zip(tables, games, seated, server_seeds, strict=True):
        deck, fairness = deal.deck_of(game, server_seed, seats)
        expected = game.seq
        events = start(table.rules, deck, fairness)
        state, rows = appending.folded(game, None, events, actor_seat=None, actor=None, now=now)
        started.append((game, expected, rows))
        moves.append((game.pk, game.created_at, appending.move_of(game, seats, state)))
        played.append(Played(game, seats, state))
    store.games_started(started, now)
    if before_hooks is not None:
        before_hooks(played)
    transaction.on_commit(partial(_after_commits, moves))
    return played


def _after_commits(moves: Sequence[tuple[int, datetime | None, signals.MoveCommitted]]) -> None:
    """``after_commit`` of each game in turn, as their own on-commit hooks would run."""
    for game_id, created_at, move in moves:
        appending.after_commit(game_id, created_at, move)
