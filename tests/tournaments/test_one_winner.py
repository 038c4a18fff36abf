"""One winner, always (the contract): a drawn final is played again by the tied players on
a new deal until one wins, and the standings show how (a ``tiebreak`` round). Played
through the API and the services, with a draw found by the pure engine from the final's
real deal and then played move by move at the table."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import engine, selectors
from games.engine import Action, State
from games.models import Game
from games.services import action_play
from tests.harness.clients import Client
from tournaments.models import Tournament

from .playing import create, funded, ledger_balanced, open_tables, table_play_out

pytestmark = pytest.mark.django_db(transaction=True)


def _line_to_a_draw(state: State, tries: int = 5000) -> list[tuple[int, Action]] | None:
    """Legal moves from ``state`` that end the game in a draw (random lines, seeded); None
    when none of ``tries`` lines draws (some deals hardly can)."""
    for attempt in range(tries):
        rng = random.Random(attempt)
        line: list[tuple[int, Action]] = []
        here = state
        while here.result is None and len(line) < 2000:
            seat = engine.actors(here)[0]
            action = rng.choice(engine.legal_actions(here, seat))
            for event in engine.decide(here, seat, action):
                here = engine.apply(here, event)
            line.append((seat, action))
        if here.result is not None and here.result.draw:
            return line
    return None


def _play_line(game_id: int, line: list[tuple[int, Action]]) -> None:
    game = Game.objects.get(pk=game_id)
    people = {seat.number: seat.player for seat in selectors.seats_of(game) if seat.player is not None}
    for seat, action in line:
        game.refresh_from_db()
        action_play(game_id=game_id, player=people[seat], action=action, expected_seq=game.seq)


def _final_with_a_drawn_line() -> tuple[list[Client], dict[str, Any], int, list[tuple[int, Action]]]:
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
        line = _line_to_a_draw(selectors.game_state(Game.objects.get(pk=final)))
        if line is not None:
            return people, t, final, line
    raise AssertionError("no drawn line found in five deals")


def test_a_drawn_final_is_replayed_until_one_player_wins() -> None:
    (organiser, alice, bob), t, final, line = _final_with_a_drawn_line()
    _play_line(final, line)
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
