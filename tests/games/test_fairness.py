"""A fair deal you can check, through the API (the contract): the commitment shown before
anyone's seed is known, never changed; the client seeds; the deck recomputed from the
revealed seed; and the server seed nowhere before the end."""

from __future__ import annotations

import hashlib
import json
import logging
import random
from typing import Any

import pytest
from django.test import Client as DjangoClient

from accounts.services import guest_create
from games import arranged, deal, selectors
from games.engine import Rules, shuffled_deck
from games.models import DealSecret, Game
from tests.games.test_deal import contract_deck
from tests.harness.clients import Client
from tests.harness.moves import turn_over_rest
from tests.harness.tables import table_create

pytestmark = pytest.mark.django_db

TWO = {"players": 2, "deck": 24}


def me(client: Client) -> dict[str, Any]:
    response = client.get("/api/v1/players/me/")
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


def replay(client: Client, game_id: int) -> dict[str, Any]:
    response = client.get(f"/api/v1/games/{game_id}/replay/")
    assert response.status_code == 200, response.content
    return response.json()  # type: ignore[no-any-return]


def test_the_next_commitment_is_the_created_games_and_then_a_fresh_one() -> None:
    alice = Client()
    shown = me(alice)["fairness"]["next_commitment"]
    assert len(shown) == 64 and int(shown, 16) >= 0
    assert me(alice)["fairness"]["next_commitment"] == shown  # reading it changes nothing
    view = alice.create(TWO, [{"ai": "novice"}]).json()
    assert view["fairness"]["commitment"] == shown
    after = me(alice)["fairness"]["next_commitment"]
    assert after != shown and alice.create(TWO, [{"ai": "novice"}]).json()["fairness"]["commitment"] == after


def test_the_commitment_shown_before_a_join_never_changes_and_the_replay_proves_the_deck() -> None:
    alice, bob, watcher = Client(), Client(), Client()
    created = alice.create(TWO, client_seed="alice's seed")
    assert created.status_code == 201, created.content
    game_id, commitment = created.json()["id"], created.json()["fairness"]["commitment"]
    assert created.json()["fairness"] == {"commitment": commitment, "client_seeds": ["alice's seed", None]}
    assert watcher.view(game_id)["fairness"]["commitment"] == commitment
    joined = bob.join(game_id, client_seed="bob no colons")
    assert joined.status_code == 200, joined.content
    fairness = joined.json()["fairness"]
    assert fairness == {"commitment": commitment, "client_seeds": ["alice's seed", "bob no colons"]}
    players = {0: alice, 1: bob}
    seen = [fairness]
    while alice.view(game_id)["status"] != "finished":
        turn = turn_over_rest(players, game_id)
        assert turn is not None
        seen += [turn.view["fairness"], watcher.view(game_id)["fairness"]]
    assert all(f == fairness for f in seen)
    whole = replay(watcher, game_id)
    revealed = whole["fairness"]
    assert revealed["commitment"] == commitment and revealed["client_seeds"] == fairness["client_seeds"]
    assert hashlib.sha256(revealed["server_seed"].encode("utf-8")).hexdigest() == commitment
    started = whole["events"][0]
    assert started["type"] == "game_started"
    assert started["fairness"] == {"commitment": commitment, "client_seeds": fairness["client_seeds"]}
    assert started["deck"] == contract_deck(24, revealed["server_seed"], fairness["client_seeds"])
    assert [s["seat"] for s in whole["seats"]] == [0, 1]


def test_computer_seats_have_no_seed_and_the_server_picks_for_a_person_who_gives_none() -> None:
    view = Client().create({"players": 3, "deck": 36}, [{"ai": "novice"}, {"ai": "novice"}]).json()
    picked, *computers = view["fairness"]["client_seeds"]
    assert isinstance(picked, str) and 1 <= len(picked) <= 64 and computers == [None, None]


@pytest.mark.parametrize("bad", ["", "a:b", "x" * 65, "ёлка", 12])
def test_a_bad_client_seed_is_a_400_on_create_and_on_join(bad: object) -> None:
    alice = Client()
    answer = alice.post("/api/v1/games/", {"rules": TWO, "client_seed": bad})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_action"
    game_id = alice.create(TWO).json()["id"]
    answer = Client().post(f"/api/v1/games/{game_id}/join/", {"client_seed": bad})
    assert answer.status_code == 400
    assert Game.objects.get(pk=game_id).status == Game.Status.WAITING


def test_a_table_seated_at_once_is_committed_too() -> None:
    people = [guest_create()[0] for _ in range(2)]
    played = arranged.game_seat_people(players=people, rules=Rules.from_dict(TWO))
    game = Game.objects.get(pk=played.game.pk)
    secret = DealSecret.objects.get(game=game).server_seed
    assert game.deal_commitment == hashlib.sha256(secret.encode()).hexdigest()
    started = selectors.game_events(game)[0][1]
    assert started.fairness is not None and all(started.fairness.client_seeds)


def test_the_replay_of_an_unfinished_game_is_refused_and_reveals_nothing() -> None:
    table = table_create(rules=TWO, computer=["novice"])
    answer = Client().get(f"/api/v1/games/{table.id}/replay/")
    assert answer.status_code == 409
    assert DealSecret.objects.get(game_id=table.id).server_seed not in answer.content.decode()
    with pytest.raises(ValueError):
        deal.server_seed_revealed(Game.objects.get(pk=table.id))


def test_a_game_from_before_the_fair_deal_replays_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its first event names no commitment: the view and the replay say so with nulls."""
    alice, bob = Client(), Client()
    game_id = alice.create(TWO).json()["id"]
    # As a game stored before the fair deal: no commitment, no secret, a deck from elsewhere.
    Game.objects.filter(pk=game_id).update(deal_commitment="")
    DealSecret.objects.filter(game_id=game_id).delete()
    monkeypatch.setattr(deal, "deck_dealt", lambda game, seats: (
        shuffled_deck(Rules.from_dict(game.rules), random.Random(1)), None))
    bob.join(game_id)
    players = {0: alice, 1: bob}
    while alice.view(game_id)["status"] != "finished":
        turn_over_rest(players, game_id)
    assert alice.view(game_id)["fairness"]["commitment"] is None
    whole = replay(alice, game_id)
    assert "fairness" not in whole["events"][0]
    assert whole["fairness"]["commitment"] is None and whole["fairness"]["server_seed"] is None


def test_the_server_seed_leaks_nowhere_before_the_end(caplog: pytest.LogCaptureFixture,
                                                     django_user_model: Any) -> None:
    """Every REST output of whole games, for every seat and a spectator, at every step
    (and the admin's pages of the game, and every log line) searched for the seed."""
    caplog.set_level(logging.DEBUG)
    staff = django_user_model.objects.create_superuser("boss", "boss@127.0.0.1", "kozyrnaya-dama")
    admin = DjangoClient()
    admin.force_login(staff)
    for rules in (TWO, {"players": 3, "deck": 36}):
        people = [Client() for _ in range(rules["players"])]
        watcher = Client()
        outputs: list[str] = []
        created = people[0].create(rules)
        game_id = created.json()["id"]
        secret = DealSecret.objects.get(game_id=game_id).server_seed
        outputs.append(created.content.decode())
        outputs += [person.join(game_id).content.decode() for person in people[1:]]
        players = dict(enumerate(people))
        while Game.objects.get(pk=game_id).status != Game.Status.FINISHED:
            for client in [*people, watcher]:
                for url in (f"/api/v1/games/{game_id}/", f"/api/v1/games/{game_id}/events/", "/api/v1/games/",
                            f"/api/v1/games/{game_id}/replay/", "/api/v1/players/me/"):
                    outputs.append(client.get(url).content.decode())
            outputs.append(admin.get(f"/admin/games/game/{game_id}/change/").content.decode())
            outputs.append(admin.get("/admin/games/game/").content.decode())
            outputs.append(admin.get(f"/admin/accounts/player/{people[0].player.pk}/change/").content.decode())
            turn = turn_over_rest(players, game_id)
            assert turn is not None
            outputs.append(turn.answer.content.decode())
        leaks = [text[:200] for text in outputs if secret in text]
        assert not leaks, leaks
        assert secret not in caplog.text
        assert len(outputs) > 50
        # And once it is over the replay does reveal it.
        assert replay(watcher, game_id)["fairness"]["server_seed"] == secret


def test_the_check_in_docs_fairness_md_passes_on_a_real_game_and_fails_on_a_tampered_one(tmp_path: Any) -> None:
    import re
    import subprocess
    import sys
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "docs" / "fairness.md").read_text(encoding="utf-8")
    script = tmp_path / "check.py"
    script.write_text(re.search(r"```python\n(.*?)```", source, re.S).group(1))  # type: ignore[union-attr]
    alice, bob = Client(), Client()
    game_id = alice.create(TWO, client_seed="a").json()["id"]
    bob.join(game_id, client_seed="b")
    while alice.view(game_id)["status"] != "finished":
        turn_over_rest({0: alice, 1: bob}, game_id)
    whole = replay(alice, game_id)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(whole))
    ran = subprocess.run([sys.executable, "-I", str(script), str(saved)], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "fair"
    deck = whole["events"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    saved.write_text(json.dumps(whole))
    ran = subprocess.run([sys.executable, "-I", str(script), str(saved)], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "NOT the committed deck"
