"""Where a new game's deck order comes from: a fair deal you can check (the contract).

1. At creation, before any player's seed is known, the game takes a server seed: the
   creator's next one (``accounts.deal_seeds``), whose commitment the creator could read
   at ``/players/me/`` beforehand; a table somebody arranged (a tournament's round) gets
   a fresh one. ``Game.deal_commitment`` is its SHA-256, shown in every view and never
   changed; the seed itself is a ``DealSecret`` row, read only here and by the replay of
   the finished game.
2. Every person who sits down adds a client seed (``Seat.client_seed``), or the server
   picks one; computer seats have none.
3. When the last seat is taken, the deck is ``fair_deck(rules, server seed, client
   seeds)`` (the engine's ``fairness``: HMAC-SHA256 blocks driving a Fisher-Yates
   shuffle), and ``game_started`` names the commitment and the client seeds.

In tests, ``DURAK_DEAL_SEED`` (test settings only) makes every seed, and so every deal, a
function of that run seed: a random game that failed can be dealt again exactly (the
test run prints the seed it used, ``tests/conftest.py``).
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings

from accounts.deal_seeds import new_server_seed
from games.engine import DealCommitment, Rules, client_seed_ok, commitment_of, fair_deck
from games.errors import InvalidActionError
from games.models import DealSecret, Game, Seat


def client_seed_checked(value: object) -> str | None:
    """A request's ``client_seed``: absent (None) or 1 to 64 printable ASCII characters
    other than ``:``; anything else is a 400."""
    if value is None:
        return None
    if not client_seed_ok(value):
        raise InvalidActionError("'client_seed' is 1 to 64 printable ASCII characters other than ':'.",
                                 reason="bad_client_seed")
    assert isinstance(value, str)
    return value


def client_seed_pick(game_id: int, seat: int) -> str:
    """The server's pick for a person who gave no client seed."""
    run_seed = getattr(settings, "DURAK_DEAL_SEED", None)
    if run_seed is None:
        return secrets.token_hex(16)
    return hashlib.sha256(f"durak-client-seed:{run_seed}:{game_id}:{seat}".encode()).hexdigest()[:32]


def secret_keep(game: Game, server_seed: str) -> None:
    """Commit ``game`` to ``server_seed``: the commitment on the game (unless it was
    created with it), the seed kept apart."""
    if game.deal_commitment != commitment_of(server_seed):
        game.deal_commitment = commitment_of(server_seed)
        game.save(update_fields=["deal_commitment"])
    DealSecret.objects.create(game=game, server_seed=server_seed)


def table_seed(game: Game) -> str:
    """A fresh server seed for a table that no player created (a tournament's round)."""
    return new_server_seed(f"table:{game.pk}")


def client_seeds_of(seats: list[Seat]) -> tuple[str | None, ...]:
    """Each seat's client seed in seat order; None for a computer or an open seat."""
    return tuple(seat.client_seed or None for seat in seats)


def secrets_keep(games: list[Game], server_seeds: list[str]) -> None:
    """``secret_keep`` for many games created together (a round's tables): a statement for
    the seeds, and one for the commitments that were not known when the games were made."""
    late = []
    for game, seed in zip(games, server_seeds, strict=True):
        if game.deal_commitment != commitment_of(seed):
            game.deal_commitment = commitment_of(seed)
            late.append(game)
    if late:
        Game.objects.bulk_update(late, ["deal_commitment"])
    DealSecret.objects.bulk_create([DealSecret(game=game, server_seed=seed)
                                    for game, seed in zip(games, server_seeds, strict=True)])


def deck_dealt(game: Game, seats: list[Seat]) -> tuple[tuple[int, ...], DealCommitment]:
    """The deck of ``game``, every seat taken: derived from its secret and its seats' seeds."""
    server_seed = DealSecret.objects.values_list("server_seed", flat=True).get(game=game)
    return deck_of(game, server_seed, seats)


def deck_of(game: Game, server_seed: str, seats: list[Seat]) -> tuple[tuple[int, ...], DealCommitment]:
    """The deck of ``game`` from its server seed (known to the caller: it just kept it)."""
    seeds = client_seeds_of(seats)
    deck = fair_deck(Rules.from_dict(game.rules), server_seed, seeds)
    return deck, DealCommitment(game.deal_commitment, seeds)


def server_seed_revealed(game: Game) -> str | None:
    """The server seed of a finished game (None: dealt before the fair deal)."""
    if game.status != Game.Status.FINISHED:
        raise ValueError("the server seed of an unfinished game is a secret")
    return DealSecret.objects.filter(game=game).values_list("server_seed", flat=True).first()
