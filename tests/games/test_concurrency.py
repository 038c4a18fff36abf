"""Two moves at one seq, at the same moment, over HTTP: exactly one counts."""

from __future__ import annotations

from functools import partial

import pytest

from games.models import Game, GameEvent
from tests.harness.clients import Client
from tests.harness.races import at_once
from tests.harness.tables import table_over_rest


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(3))
def test_two_actions_at_one_seq_one_wins_the_other_gets_409(round_: int) -> None:
    alice, bob = Client(), Client()
    game_id = table_over_rest(alice, bob, rules={"players": 2})["id"]
    clients = [alice, bob]
    view = alice.view(game_id)
    mover = clients[view["attacker"]]
    mine = mover.view(game_id)
    options = mine["legal_actions"]
    assert len(options) >= 2
    # Two tabs of one player send different moves at once (a double click, a lag).
    racers = [Client((mover.player, mover.token)) for _ in range(2)]
    answers = at_once(*(partial(racer.act, game_id, option, mine["seq"])
                        for racer, option in zip(racers, (options[0], options[-1]), strict=True)))
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [200, 409], [a.content for a in answers]
    loser = next(a for a in answers if a.status_code == 409).json()["error"]
    game = Game.objects.get(pk=game_id)
    assert loser["code"] == "stale_seq" and loser["seq"] == game.seq
    assert GameEvent.objects.filter(game=game).count() == game.seq
    assert GameEvent.objects.filter(game=game, seq=mine["seq"] + 1, actor_seat=view["attacker"]).count() == 1
