"""A fair deal you can check (the contract, "A fair deal you can check"), as pure code.

The server commits to a secret seed (``commitment``: its SHA-256) before any player's
seed is known; the deck is then a function of both. ``fair_deck`` is the contract's
algorithm step by step, so anyone can recompute a finished game's deck from its replay:

- start from the deck in canonical order (ranks low to high, suits S C D H in a rank),
  which is the engine's own index order (``deck_cards``);
- ``key`` is the server seed's UTF-8 bytes, ``msg`` the non-null client seeds joined by
  ``:`` in seat order; the blocks ``HMAC-SHA256(key, msg + ":" + str(counter))``,
  counter 0, 1, 2, ..., each give four big-endian unsigned 64-bit numbers in order;
- for ``i`` from ``n-1`` down to 1: draw until a number is below
  ``2**64 - 2**64 % (i+1)``, let ``j = number % (i+1)``, swap ``i`` and ``j``.

With ``redeal_five_of_suit`` a deck that deals someone five cards of a suit is shuffled
again by the same steps, from where the first shuffle left it, drawing on from the same
stream of numbers (the counter goes on): the platform's extension, said in
``docs/fairness.md``; with the option off (the default) the first shuffle is the deck.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence

from games.engine.cards import deck_cards
from games.engine.fold import needs_redeal
from games.engine.rules import Rules

CLIENT_SEED_MAX = 64
_SPAN = 2**64


def commitment_of(server_seed: str) -> str:
    """The commitment to a server seed: the hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(server_seed.encode("utf-8")).hexdigest()


def client_seed_ok(seed: object) -> bool:
    """1 to 64 printable ASCII characters (space to ``~``) other than ``:``."""
    return (isinstance(seed, str) and 1 <= len(seed) <= CLIENT_SEED_MAX
            and all(" " <= ch <= "~" and ch != ":" for ch in seed))


def client_message(client_seeds: Sequence[str | None]) -> str:
    """``msg``: the non-null client seeds joined by ``:`` in seat order."""
    return ":".join(seed for seed in client_seeds if seed is not None)


def numbers(server_seed: str, client_seeds: Sequence[str | None]) -> Iterator[int]:
    """The unsigned 64-bit numbers the shuffle draws, in order, without end."""
    key = server_seed.encode("utf-8")
    msg = client_message(client_seeds)
    counter = 0
    while True:
        block = hmac.new(key, f"{msg}:{counter}".encode(), hashlib.sha256).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset:offset + 8], "big")
        counter += 1


def shuffle(cards: list[int], draws: Iterator[int]) -> None:
    """The contract's Fisher-Yates shuffle of ``cards``, in place."""
    for i in range(len(cards) - 1, 0, -1):
        bound = _SPAN - _SPAN % (i + 1)
        number = next(draws)
        while number >= bound:
            number = next(draws)
        j = number % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def fair_deck(rules: Rules, server_seed: str, client_seeds: Sequence[str | None]) -> tuple[int, ...]:
    """The deck order of a game with these rules and seeds: ``deck[0]`` dealt first,
    ``deck[-1]`` the trump, as ``GameStarted`` stores it."""
    cards = list(deck_cards(rules.deck))
    draws = numbers(server_seed, client_seeds)
    while True:
        shuffle(cards, draws)
        deck = tuple(cards)
        if not rules.redeal_five_of_suit or not needs_redeal(rules, deck):
            return deck
