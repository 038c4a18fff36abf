"""Welcome coins move no value between accounts (issue 35, finding 4).

The review's attack: guest → register → claim the welcome coins → a two-seat tournament
with ``added_prize: 1000`` that a friend wins. The rule: welcome coins are kept apart
(``coins.ledger.welcome``) and pay entry fees only, never an added prize or a guarantee;
a fee paid with them comes back as welcome coins (withdrawn, cancelled), and a prize pays
the welcome coins' share of the pool back as welcome coins. So coins an account was given
for signing up never become coins it could give away, however many accounts are made.
"""

from __future__ import annotations

from typing import Any

import pytest

from coins import ledger
from tests.harness.clients import MEMBER_PASSWORD, Client
from tests.tournaments.test_play_through import _play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)  # rounds move on in on-commit hooks


def _fresh_account_with_welcome_coins() -> Client:
    """The review's steps: a guest, registered, claiming the welcome coins."""
    client = Client()
    answer = client.post("/api/v1/auth/register/", {"username": f"Sybil {client.player.pk}",
                                                   "password": MEMBER_PASSWORD})
    assert answer.status_code == 201
    client.http.credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
    wallet = client.post("/api/v1/wallet/welcome/").json()
    assert wallet["balance"] == 1000 and wallet["welcome"] == 1000
    return client


def _create(organiser: Client, **terms: Any) -> Any:
    return organiser.post("/api/v1/tournaments/", {"name": "Кубок", "rules": {"players": 2}, "min_entrants": 2,
                                                   "max_entrants": 2, **terms})


def _grant(client: Client, coins: int) -> None:
    ledger.move(f"test-grant:{client.player.pk}", "grant", ledger.issuer(), ledger.wallet(client.player), coins)


def _transferable(client: Client) -> int:
    return ledger.balance(ledger.wallet(client.player))


@pytest.mark.parametrize("terms", [{"added_prize": 1000}, {"guarantee": 1000}, {"added_prize": 1}])
def test_welcome_coins_fund_no_added_prize_or_guarantee(terms: dict[str, int]) -> None:
    sybil = _fresh_account_with_welcome_coins()
    answer = _create(sybil, **terms)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "insufficient_funds"
    assert sybil.get("/api/v1/wallet/").json()["balance"] == 1000  # nothing moved
    assert ledger.total_sum() == 0


def test_welcome_coins_pay_entry_fees() -> None:
    organiser = Client.member()
    tournament = _create(organiser, entry_fee=300, max_entrants=4).json()["id"]
    player = _fresh_account_with_welcome_coins()
    assert player.post(f"/api/v1/tournaments/{tournament}/join/").status_code == 200
    assert player.get("/api/v1/wallet/").json() | {"entries": []} == {"balance": 700, "welcome": 700, "entries": []}
    assert player.post(f"/api/v1/tournaments/{tournament}/withdraw/").status_code == 200
    assert ledger.welcome_balance(player.player.pk) == 1000 and _transferable(player) == 0


def test_a_fee_beyond_the_welcome_coins_takes_the_rest_from_the_wallet() -> None:
    organiser = Client.member()
    tournament = _create(organiser, entry_fee=1200, max_entrants=4).json()["id"]
    player = _fresh_account_with_welcome_coins()
    answer = player.post(f"/api/v1/tournaments/{tournament}/join/")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "insufficient_funds"
    _grant(player, 500)
    assert player.post(f"/api/v1/tournaments/{tournament}/join/").status_code == 200
    assert ledger.welcome_balance(player.player.pk) == 0 and _transferable(player) == 300
    assert organiser.post(f"/api/v1/tournaments/{tournament}/cancel/").status_code == 200
    assert ledger.welcome_balance(player.player.pk) == 1000 and _transferable(player) == 500  # each part back


def test_fees_paid_in_welcome_coins_are_won_as_welcome_coins() -> None:
    """Accounts made for their welcome coins enter a friend's tournament and lose on
    purpose: the friend wins welcome coins, which still fund no added prize."""
    friend, sybil = _fresh_account_with_welcome_coins(), _fresh_account_with_welcome_coins()
    tournament = _create(friend, entry_fee=1000, payouts=[100]).json()["id"]
    for client in (friend, sybil):
        assert client.post(f"/api/v1/tournaments/{tournament}/join/").status_code == 200
    detail = _play_to_the_end(friend, tournament, {c.player.pk: c for c in (friend, sybil)}, seed=7)
    winner = friend if detail["standings"][0]["player"] == friend.player.pk else sybil
    assert ledger.wallet_balance(winner.player.pk) == 2000  # the contract: balance is prize minus fee
    assert ledger.welcome_balance(winner.player.pk) == 2000 and _transferable(winner) == 0
    answer = _create(winner, added_prize=1000)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "insufficient_funds"
    assert ledger.total_sum() == 0 and ledger.unbalanced_movements() == []


def test_a_pool_of_both_pays_each_prize_in_the_same_proportion() -> None:
    """One pays with wallet coins, one with welcome coins: whoever wins gets half of each,
    so no more wallet coins leave the pool than wallet coins came in."""
    earner, newcomer = Client.member(), _fresh_account_with_welcome_coins()
    _grant(earner, 1000)
    tournament = _create(earner, entry_fee=1000, payouts=[100]).json()["id"]
    for client in (earner, newcomer):
        assert client.post(f"/api/v1/tournaments/{tournament}/join/").status_code == 200
    detail = _play_to_the_end(earner, tournament, {c.player.pk: c for c in (earner, newcomer)}, seed=11)
    winner = earner if detail["standings"][0]["player"] == earner.player.pk else newcomer
    assert _transferable(winner) == 1000 and ledger.welcome_balance(winner.player.pk) == 1000
    assert ledger.total_sum() == 0
