"""Two moves at one seq, at the same moment, over HTTP: exactly one counts."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import close_old_connections

from games.models import Game, GameEvent
from tests.harness.clients import Client


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(3))
def test_two_actions_at_one_seq_one_wins_the_other_gets_409(round_: int) -> None:
    alice, bob = Client(), Client()
    game_id = alice.create({"players": 2}).json()["id"]
    bob.post(f"/api/v1/games/{game_id}/join/")
    clients = [alice, bob]
    view = alice.view(game_id)
    mover = clients[view["attacker"]]
    mine = mover.view(game_id)
    options = mine["legal_actions"]
    assert len(options) >= 2
    # Two tabs of one player send different moves at once (a double click, a lag).
    racers = [Client.__new__(Client) for _ in range(2)]
    for racer in racers:
        racer.player, racer.token = mover.player, mover.token
        racer.http = type(mover.http)()
        racer.http.credentials(HTTP_AUTHORIZATION=f"Token {mover.token}")
    barrier = threading.Barrier(2)
    answers: list[Any] = [None, None]

    def race(index: int) -> None:
        try:
            barrier.wait()
            answers[index] = racers[index].act(game_id, options[index * -1], mine["seq"])
        finally:
            close_old_connections()

    threads = [threading.Thread(target=race, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [200, 409], [a.content for a in answers]
    loser = next(a for a in answers if a.status_code == 409).json()["error"]
    game = Game.objects.get(pk=game_id)
    assert loser["code"] == "stale_seq" and loser["seq"] == game.seq
    assert GameEvent.objects.filter(game=game).count() == game.seq
    assert GameEvent.objects.filter(game=game, seq=mine["seq"] + 1, actor_seat=view["attacker"]).count() == 1
