"""A table to play at, the one way every test makes it: through the services
(``table_create``), or opened over the REST API by API clients (``table_over_rest``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from accounts.models import Player
from accounts.services import guest_create, token_for
from games import selectors, services
from games.engine import Rules
from games.engine.ai import Level
from games.models import Game
from games.options import TableOptions
from tests.harness.clients import Client


@dataclass(frozen=True)
class MadeTable:
    """A table as the factory left it: the game, read afresh, and its people by seat with
    their API tokens."""

    game: Game
    people: dict[int, Player]
    tokens: dict[int, str]

    @property
    def id(self) -> int:
        return int(self.game.pk)


def table_create(*, rules: dict[str, Any] | None = None, computer: Sequence[str] = (),
                 people: int | None = None, options: TableOptions | None = None,
                 creator: Player | None = None, fill: str | None = None) -> MadeTable:
    """A table made through ``games.services``: ``creator`` (a fresh guest if None) in seat
    0 with ``rules`` (the engine's defaults if None) and ``options``, a computer seat of
    each of the ``computer`` levels next, then fresh guests join the open seats until
    ``people`` people sit (None: every seat the computer does not take). ``fill`` gives the
    seats still open to that computer level, as the creator would. A table with no open
    seat has started; one with open seats waits."""
    rules = {} if rules is None else rules
    creator = creator or guest_create()[0]
    game = services.game_create(creator=creator, rules=Rules.from_dict(rules),
                                opponents=[Level(level) for level in computer], options=options).game
    seats = Rules.from_dict(rules).players
    for _ in range((seats - len(computer) if people is None else people) - 1):
        services.game_join(game_id=game.pk, player=guest_create()[0])
    if fill is not None:
        services.game_fill(game_id=game.pk, player=creator, level=Level(fill))
    game = Game.objects.get(pk=game.pk)
    seated = {seat.number: seat.player for seat in selectors.seats_of(game) if seat.player is not None}
    return MadeTable(game, seated, {number: token_for(person) for number, person in seated.items()})


def table_over_rest(creator: Client, *joiners: Client, rules: dict[str, Any] | None = None,
                    opponents: list[dict[str, str]] | None = None, fill: str | None = None,
                    options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table opened over the API: ``creator`` creates it (201) with ``rules`` (the
    engine's defaults if None), ``opponents`` and the table's ``options`` (``hints``,
    ``rated``, ``timer``...), each of ``joiners`` joins in turn (200),
    and with ``fill`` the creator gives the seats still open to that computer level
    (200). Returns the view in the last answer (the last one to sit down's)."""
    created = creator.create(rules, opponents, **(options or {}))
    assert created.status_code == 201, created.content
    view: dict[str, Any] = created.json()
    for joiner in joiners:
        joined = joiner.join(view["id"])
        assert joined.status_code == 200, joined.content
        view = joined.json()
    if fill is not None:
        filled = creator.fill(view["id"], fill)
        assert filled.status_code == 200, filled.content
        view = filled.json()
    return view
