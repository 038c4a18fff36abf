"""One winner, always (the contract): a drawn final is played again by the tied players on
a new deal until one wins, and the standings show how (a ``tiebreak`` round). Played
through the API and the services, with a draw found by the pure engine from the final's
real deal and then played move by move at the table."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import selectors
from games.models import Game
from tests.harness.clients import Client
from tournaments.models import Tournament

from .playing import (
    Line,
    create,
    drawn,
    funded,
    ledger_balanced,
    line_play,
    line_to,
    open_tables,
    table_play_out,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _final_with_a_drawn_line() -> tuple[list[Client], dict[str, Any], int, Line]:
    """A two-player final (organiser, Alice, Bob; the tournament; its game) whose deal can
    end in a draw, and a line to that draw. The deal is the fair deal's, seeded per run: a
    deal where no random line draws is left, and the next tournament deals anew."""
    for _ in range(5):
        people = funded(3)
        organiser, alice, bob = people
        t = create(organiser, format="elimination", rules={"players": 2, "deck": 24}, entry_fee=100,
                   max_entrants=2, payouts=[70, 30])
        alice.post(f"/api/v1/tournaments/{t['id']}/join/")
        bob.post(f"/api/v1/tournaments/{t['id']}/join/")
        [final] = open_tables(t["id"])
        line = line_to(selectors.game_state(Game.objects.get(pk=final)), drawn)
        if line is not None:
            return people, t, final, line
    raise AssertionError("no drawn line found in five deals")


def test_a_drawn_final_is_replayed_until_one_player_wins() -> None:
    (organiser, alice, bob), t, final, line = _final_with_a_drawn_line()
    line_play(final, line)
    assert (Game.objects.get(pk=final).result or {})["draw"] is True
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert detail["status"] == "running", "a drawn final does not end the tournament"
    assert [(r["final"], r["tiebreak"]) for r in detail["rounds"]] == [(True, False), (True, True)]
    replay = detail["rounds"][1]["tables"][0]
    assert sorted(replay["players"]) == sorted([alice.player.pk, bob.player.pk])
    assert Game.objects.get(pk=replay["game"]).deal_commitment != Game.objects.get(pk=final).deal_commitment, "a new deal"
    rng = random.Random(5)
    for _ in range(10):  # a drawn replay is replayed again
        games = open_tables(t["id"])
        if not games:
            break
        for game_id in games:
            table_play_out(game_id, rng)
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert detail["status"] == "finished"
    places = sorted((row["place"], row["prize"]) for row in detail["standings"])
    assert places == [(1, 140), (2, 60)], "one winner; the prizes as the places say"
    assert all(r["tiebreak"] for r in detail["rounds"][1:])
    assert Tournament.objects.get(pk=t["id"]).standings == detail["standings"]
    ledger_balanced()
