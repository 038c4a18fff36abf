"""A tournament's fair deal: its commitment is shown from creation, before anyone enters;
each table's server seed and each round's seating come from the committed seed alone;
entrants' own seeds go into every table's deal; the seed is shown only once it is over."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from games.models import Game
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest
from tournaments import rounds
from tournaments.models import Round, Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _hmac(key: str, label: str) -> str:
    return hmac.new(key.encode(), label.encode(), hashlib.sha256).hexdigest()


def test_the_commitment_fixes_every_table_and_seating_and_the_seed_is_shown_at_the_end() -> None:
    clients = [Client.member() for _ in range(4)]
    for client in clients:
        client.post("/api/v1/wallet/welcome/")
    created = clients[0].post("/api/v1/tournaments/", {"name": "Честный", "format": "swiss", "rounds": 1,
                                                       "rules": {"players": 2, "deck": 24}, "max_entrants": 4})
    tid = created.json()["id"]
    commitment = created.json()["fairness"]["commitment"]
    assert len(commitment) == 64 and created.json()["fairness"]["seed"] is None
    bad = clients[1].post(f"/api/v1/tournaments/{tid}/join/", {"client_seed": "a:b"})
    assert bad.status_code == 400
    for n, client in enumerate(clients):
        answer = client.post(f"/api/v1/tournaments/{tid}/join/", {"client_seed": f"seed-of-{n}"})
        assert answer.status_code == 200, answer.content
        assert answer.json()["fairness"] == {"commitment": commitment, "seed": None}
    by_id = {c.player.pk: c for c in clients}
    secret = Tournament.objects.get(pk=tid).fair_seed
    # Nothing a player sees before the end holds the tournament's seed.
    for client in clients:
        for table in Table.objects.filter(tournament_id=tid):
            assert secret not in json.dumps(client.view(table.game_id))
            assert secret not in json.dumps(client.get(f"/api/v1/games/{table.game_id}/events/").json())
    for table in Table.objects.filter(tournament_id=tid).order_by("id"):
        players = {n: by_id[p] for n, p in enumerate(table.players)}
        view = players[0].view(table.game_id)
        seeds = [f"seed-of-{[c.player.pk for c in clients].index(p)}" for p in table.players]
        assert view["fairness"]["client_seeds"] == seeds  # each entrant's own seed, at every table
        play_out_over_rest(players, table.game_id)
    detail = clients[0].get(f"/api/v1/tournaments/{tid}/").json()
    assert detail["status"] == "finished" and detail["fairness"]["seed"] is not None
    seed = detail["fairness"]["seed"]
    assert hashlib.sha256(seed.encode()).hexdigest() == commitment
    round_ = Round.objects.get(tournament_id=tid, number=1)
    assert round_.seed == _hmac(seed, "seating:1")[:32]
    for index, table in enumerate(Table.objects.filter(tournament_id=tid, round=1).order_by("id")):
        replay = clients[0].get(f"/api/v1/games/{table.game_id}/replay/").json()
        assert replay["fairness"]["server_seed"] == _hmac(seed, f"table:1:{index}")
    tournament = Tournament.objects.get(pk=tid)
    assert rounds.round_rederive(tournament, 1) is not None
    assert Game.objects.filter(tournament_table__tournament_id=tid, deal_commitment="").count() == 0
