"""The fair deal's algorithm (the contract, "A fair deal you can check"), checked against
a second implementation written here from the contract's text alone, on fixed vectors,
and against decks pinned down once so that neither implementation can drift."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterator

import pytest
from django.test import override_settings

from accounts.deal_seeds import new_server_seed
from games.deal import client_seed_checked, client_seed_pick
from games.engine import Rules, card_name, commitment_of, fair_deck
from games.engine.fold import needs_redeal
from games.errors import InvalidActionError

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
LOWEST = {24: "9", 36: "6", 52: "2"}


def canonical(size: int) -> list[str]:
    """"ranks from low to high, and within a rank the suits S, C, D, H"."""
    ranks = RANKS[RANKS.index(LOWEST[size]):]
    return [rank + suit for rank in ranks for suit in "SCDH"]


def contract_deck(size: int, server_seed: str, client_seeds: list[str | None],
                  redeal: Callable[[list[str]], bool] | None = None) -> list[str]:
    """The contract's paragraph, sentence by sentence. ``redeal``: the platform's
    extension for «пересдача», shuffle again (drawing on) while it says so."""
    deck = canonical(size)
    key = server_seed.encode("utf-8")
    msg = ":".join(seed for seed in client_seeds if seed is not None)

    def draws() -> Iterator[int]:
        counter = 0
        while True:
            block = hmac.new(key, (msg + ":" + str(counter)).encode(), hashlib.sha256).digest()
            for k in range(4):
                yield int.from_bytes(block[8 * k:8 * k + 8], "big")
            counter += 1

    numbers = draws()
    while True:
        for i in range(len(deck) - 1, 0, -1):
            while True:
                number = next(numbers)
                if number < 2**64 - (2**64 % (i + 1)):
                    break
            j = number % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        if redeal is None or not redeal(deck):
            return deck


def names(deck: tuple[int, ...]) -> list[str]:
    return [card_name(c) for c in deck]


def rules(size: int, players: int = 2, **more: object) -> Rules:
    return Rules.from_dict({"variant": "podkidnoy", "players": players, "deck": size, **more})


def test_the_canonical_order_is_the_contracts() -> None:
    assert canonical(36)[:5] == ["6S", "6C", "6D", "6H", "7S"] and canonical(36)[-1] == "AH"
    seeds = [None, None]
    # A seed that happens to leave no card in place would hide a wrong start: compare the order itself.
    assert len(set(names(fair_deck(rules(36), "x", seeds)))) == 36


VECTORS = [
    (24, "server", ["alice"]),
    (36, "a1b2c3", ["alice", None]),
    (36, "0" * 64, ["alice", "bob", None]),
    (52, "ключ", ["seed with spaces", None, "~!@#$%^&*()", "9"]),
    (36, "s", [None, "only-the-second"]),
    (52, "z" * 64, ["x" * 64] * 6),
]


@pytest.mark.parametrize(("size", "server_seed", "client_seeds"), VECTORS)
def test_the_deck_is_the_contracts_algorithm(size: int, server_seed: str, client_seeds: list[str | None]) -> None:
    players = max(2, min(len(client_seeds), 4 if size == 24 else 6))
    assert names(fair_deck(rules(size, players), server_seed, client_seeds)) == \
        contract_deck(size, server_seed, client_seeds)


def test_pinned_decks() -> None:
    """Computed once; the contract does not change under v1, so neither do these."""
    assert contract_deck(24, "server", ["alice"]) == PINNED_24
    assert names(fair_deck(rules(24), "server", ["alice"])) == PINNED_24
    assert names(fair_deck(rules(36), "a1b2c3", ["alice", None])) == PINNED_36
    assert commitment_of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_null_seeds_are_left_out_and_order_matters() -> None:
    assert fair_deck(rules(36), "k", ["a", None, "b"]) == fair_deck(rules(36), "k", ["a", "b"])
    assert fair_deck(rules(36), "k", ["a", "b"]) != fair_deck(rules(36), "k", ["b", "a"])
    assert fair_deck(rules(36), "k", ["a"]) != fair_deck(rules(36), "l", ["a"])


def test_a_redeal_shuffles_again_drawing_on() -> None:
    """With «пересдача» (five of a suit) on, the platform's extension (docs/fairness.md)."""
    redeal = rules(36, 6, redeal_five_of_suit=True)
    redealt = 0
    for n in range(300):
        seed = f"seed-{n}"
        deck = names(fair_deck(redeal, seed, ["c"]))
        assert deck == contract_deck(36, seed, ["c"], lambda d: needs_redeal(redeal, _ints(d)))
        redealt += deck != contract_deck(36, seed, ["c"])
    assert redealt  # some of these seeds did need a second shuffle


def _ints(deck: list[str]) -> tuple[int, ...]:
    from games.engine import parse_card
    return tuple(parse_card(c) for c in deck)


@pytest.mark.parametrize("bad", ["", "a:b", "x" * 65, "тест", "tab\there", 7, ["a"]])
def test_a_bad_client_seed_is_refused(bad: object) -> None:
    with pytest.raises(InvalidActionError):
        client_seed_checked(bad)


@pytest.mark.parametrize("good", ["a", " ", "x" * 64, "~!@#$%^&*()_+{}|\"<>?`-=[]\\;',./"])
def test_a_good_client_seed_is_kept(good: str) -> None:
    assert client_seed_checked(good) == good


def test_seeded_runs_deal_again_and_play_does_not() -> None:
    with override_settings(DURAK_DEAL_SEED="abc"):
        assert new_server_seed("p:1") == new_server_seed("p:1") != new_server_seed("p:2")
        assert client_seed_pick(7, 0) == client_seed_pick(7, 0) != client_seed_pick(7, 1)
    with override_settings(DURAK_DEAL_SEED=None):
        assert new_server_seed("p:1") != new_server_seed("p:1")
        assert len(new_server_seed("p:1")) == 64


PINNED_24 = ["AC", "10S", "QD", "AS", "KS", "QH", "9H", "9D", "10D", "JC", "9C", "AD", "KD", "9S", "QS", "10H",
             "JS", "AH", "10C", "KC", "KH", "JH", "JD", "QC"]
PINNED_36 = ["8C", "8H", "JD", "10D", "8D", "6S", "JC", "KH", "6D", "QH", "QD", "AH", "AS", "9S", "9C", "7C", "QC",
             "10C", "JH", "7H", "6H", "JS", "8S", "6C", "KS", "9D", "KC", "9H", "10H", "KD", "7S", "AC", "QS", "10S",
             "7D", "AD"]
