"""Tables somebody arranged (a tournament's round, an accepted challenge): every seat
taken by a person, dealt at once, not joined one by one. A round's tables are dealt
together, in a few statements for all (``games_seat_people``), and one table is a round
of one (``game_seat_people``).

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
    """One table to deal in ``games_seat_people``: ``players`` in seat order;
    ``server_seed`` the table's, when the arranger committed to it earlier (None: a fresh
    one); ``client_seeds`` the players' own, given before (None: the server picks). A
    ``private`` table (a challenge's) is listed only to its players."""

    players: list[Player]
    rules: Rules
    server_seed: str | None = None
    client_seeds: list[str | None] | None = None
    private: bool = False


def game_seat_people(*, players: list[Player], rules: Rules, options: TableOptions | None = None,
                     server_seed: str | None = None, client_seeds: list[str | None] | None = None,
                     private: bool = False, before_hooks: Callable[[list[Played]], None] | None = None) -> Played:
    """A new game with every seat taken by ``players`` in seat order, dealt at once: a
    round of one table (``Arranged`` and ``games_seat_people`` say what each argument is)."""
    table = Arranged(players=players, rules=rules, server_seed=server_seed, client_seeds=client_seeds,
                     private=private)
    return games_seat_people([table], options=options, before_hooks=before_hooks)[0]


@transaction.atomic
def games_seat_people(tables: Sequence[Arranged], *, options: TableOptions | None = None,
                      before_hooks: Callable[[list[Played]], None] | None = None) -> list[Played]:
    """New games, one for each of ``tables``, every seat taken and dealt at once, in a few
    statements for all of them, not a dozen round trips per table. ``before_hooks`` runs in the transaction once every
    table is dealt, before the games' move hooks run: what it stores (a round's
    ``table_ready``) is told before each game's own news (``game_started``)."""
    for table in tables:
        if len(table.players) != table.rules.players or len({p.pk for p in table.players}) != len(table.players):
            raise InvalidActionError(f"A {table.rules.players}-player table seats {table.rules.players} "
                                     "different players.")
    chosen = options or TableOptions()
    games = [Game(rules=table.rules.to_dict(), creator=table.players[0], private=table.private,
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
        moves.append((game.pk, game.created_at, appending.move_of(game, seats, state, rows, events)))
        played.append(Played(game, seats, state))
    store.games_started(started, now)
    if before_hooks is not None:
        before_hooks(played)
    appending.stored([move for _game_id, _created_at, move in moves])
    transaction.on_commit(partial(_after_commits, moves))
    return played


def _after_commits(moves: Sequence[tuple[int, datetime | None, signals.MoveCommitted]]) -> None:
    """``after_commit`` of each game in turn, as their own on-commit hooks would run."""
    for game_id, created_at, move in moves:
        appending.after_commit(game_id, created_at, move)
