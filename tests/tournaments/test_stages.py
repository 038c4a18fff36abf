"""A tournament of two stages through the API: a swiss of 3 rounds for 8 players at
tables of two, then its best 4 into an elimination down to one table. The advancement rule
is shown before and after; those who did not go on are out with their qualifying places;
one pool pays the whole chain."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client as DjangoClient

from tests.harness.clients import Client
from tests.tournaments.playing import open_tables, table_play_out
from tests.tournaments.test_play_through import _balance, _check_audit, _check_money, _funded

pytestmark = pytest.mark.django_db(transaction=True)


def _play_to_the_end(organiser: Client, tournament_id: int, seed: int) -> dict[str, Any]:
    """Every table as it opens, played out with seeded random legal moves, to the end."""
    rng = random.Random(seed)
    for _ in range(40):
        games = open_tables(tournament_id)
        if not games:
            break
        for game_id in games:
            table_play_out(game_id, rng)
    detail: dict[str, Any] = organiser.get(f"/api/v1/tournaments/{tournament_id}/").json()
    return detail


def _qualifying_and_final(organiser: Client) -> Any:
    """The organiser's answer to creating a swiss of 3 rounds for 8 at tables of 2, whose
    best 4 then play an elimination final (fee 20, prizes 50/30/20 %)."""
    return organiser.post("/api/v1/tournaments/", {
        "name": "Отбор и финал", "format": "swiss", "rounds": 3, "rules": {"players": 2, "deck": 24},
        "entry_fee": 20, "payouts": [50, 30, 20], "max_entrants": 8,
        "stages": [{"format": "swiss", "rounds": 3}, {"format": "elimination", "advance": 4}]})


def _qualifying_and_final_entered() -> tuple[Client, dict[int, Client], dict[int, int], Any]:
    """``_qualifying_and_final`` created by a funded organiser and entered by 8 funded
    players (the eighth entry starts it): the organiser, the players by id, their balances
    before, and the create answer."""
    clients = _funded(9)
    organiser, players = clients[0], clients[1:]
    by_id = {c.player.pk: c for c in players}
    before = {pk: _balance(c) for pk, c in by_id.items()}
    created = _qualifying_and_final(organiser)
    assert created.status_code == 201, created.content
    tournament_id = created.json()["id"]
    for client in players:
        assert client.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    return organiser, by_id, before, created


def test_a_swiss_qualifies_the_best_four_for_an_elimination() -> None:
    organiser, by_id, before, created = _qualifying_and_final_entered()
    shown = created.json()["stages"]  # as the create answered, before anyone entered
    assert [s["format"] for s in shown] == ["swiss", "elimination"]
    assert shown[1]["advance"] == 4 and shown[1]["status"] == "next" and "top 4" in shown[1]["rule"]
    tournament_id = created.json()["id"]
    detail = _play_to_the_end(organiser, tournament_id, seed=11)
    assert detail["status"] == "finished"
    stages = detail["stages"]
    went_on = stages[1]["advancing"]
    assert len(went_on) == 4
    rounds = detail["rounds"]
    assert len(rounds) >= 5  # 3 qualifying, then at least 2 knockout rounds of 4 at tables of two
    for round_ in rounds[3:]:
        seated = {p for t in round_["tables"] for p in t["players"]} | set(round_["byes"])
        assert seated <= set(went_on), "only those who went on play the elimination"
    assert len(rounds[3]["tables"]) == 2 and len(rounds[-1]["tables"]) == 1
    standings = detail["standings"]
    top = [row["player"] for row in sorted(standings, key=lambda r: r["place"])][:4]
    assert set(top) == set(went_on), "those who went on take the top places"
    # Those who did not go on keep their qualifying order: points never rise down the rest.
    rest = [row["points"] for row in sorted(standings, key=lambda r: r["place"])][4:]
    assert rest == sorted(rest, reverse=True)
    assert {e["status"] for e in detail["entrants"] if e["player"] not in went_on} == {"eliminated"}
    assert len([row for row in standings if row["place"] == 1]) == 1, "exactly one winner"
    _check_audit(tournament_id)
    _check_money(detail, before, by_id, organiser)


def test_stages_are_checked() -> None:
    organiser = _funded(1)[0]
    base = {"name": "x", "format": "swiss", "rounds": 3, "max_entrants": 8}
    for stages in ([{"format": "swiss", "rounds": 3}], [{"format": "elimination"}, {"format": "swiss"}],
                   [{"format": "swiss", "rounds": 3}, {"format": "elimination", "advance": 1}],
                   [{"format": "swiss", "rounds": 2}, {"format": "elimination", "advance": 4}],
                   [{"format": "swiss", "rounds": 3}, {"format": "elimination", "advance": 4, "x": 1}],
                   "swiss"):
        answer = organiser.post("/api/v1/tournaments/", {**base, "stages": stages})
        assert answer.status_code == 400, (stages, answer.content)
        assert answer.json()["error"]["field"] == "stages"


def _create_schema_property(name: str) -> dict[str, Any]:
    """The OpenAPI schema's ``name`` property of the create request's body, as served."""
    schema = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    body = schema["paths"]["/api/v1/tournaments/"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    component = schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    return dict(component["properties"][name])


def test_the_schemas_example_of_stages_is_a_tournament_the_api_creates() -> None:
    """The example body in the schema's help text for ``stages`` is read back from the
    served schema and created as it stands: the help text cannot drift from what
    ``tournaments.stages.parse`` accepts."""
    description = _create_schema_property("stages")["description"]
    marker = "E.g. the body "
    assert marker in description, description
    example, _ = json.JSONDecoder().raw_decode(description[description.index(marker) + len(marker):])
    assert example.get("stages"), example  # a body with stages: the API says whether it takes them
    organiser = _funded(1)[0]
    created = organiser.post("/api/v1/tournaments/", {"name": "Пример из схемы", **example})
    assert created.status_code == 201, created.content
    shown = created.json()["stages"]
    assert [s["format"] for s in shown] == [stage["format"] for stage in example["stages"]]
    assert shown[1]["advance"] == example["stages"][1]["advance"]
    assert shown[1]["leaves"] == example["stages"][1]["leaves"]


def test_before_the_start_both_stages_are_ahead() -> None:
    """A round robin has no schedule before the start (no entrants yet: no rounds), and
    its stage 1 is neither played nor its final in play then: both are "next"; once
    started the qualifying stage is in play and the final still ahead."""
    clients = _funded(4)
    organiser, players = clients[0], clients[1:]
    for body in ({"format": "round_robin"}, {"format": "swiss", "rounds": 2}):
        first = {"format": body["format"], **({"rounds": body["rounds"]} if "rounds" in body else {})}
        created = organiser.post("/api/v1/tournaments/", {
            "name": "Этапы впереди", "rules": {"players": 2}, "max_entrants": 3, **body,
            "stages": [first, {"format": "elimination", "advance": 2}]})
        assert created.status_code == 201, created.content
        assert [s["status"] for s in created.json()["stages"]] == ["next", "next"], body
    tournament_id = created.json()["id"]
    for client in players:
        assert client.post(f"/api/v1/tournaments/{tournament_id}/join/").status_code == 200
    detail = organiser.get(f"/api/v1/tournaments/{tournament_id}/").json()
    assert detail["status"] == "running"  # the last place taken starts it
    assert [s["status"] for s in detail["stages"]] == ["playing", "next"]


def test_one_who_went_on_and_is_disqualified_in_the_elimination_forfeits_there_and_it_still_ends() -> None:
    """Who went on is fixed when the qualifying ends: disqualifying one of them during the
    elimination neither brings the next-best in (into rounds they never sat in) nor stops
    the tournament; they forfeit where they sit and come last with no prize."""
    organiser, by_id, before, created = _qualifying_and_final_entered()
    tournament_id = created.json()["id"]
    rng = random.Random(12)
    url = f"/api/v1/tournaments/{tournament_id}/"
    while len(organiser.get(url).json()["rounds"]) <= 3:  # the qualifying, to its end
        for game_id in open_tables(tournament_id):
            table_play_out(game_id, rng)
    went_on = organiser.get(url).json()["stages"][1]["advancing"]
    out = went_on[0]
    answer = organiser.post(f"{url}disqualify/", {"player": out})
    assert answer.status_code == 200, answer.content
    detail = _play_to_the_end(organiser, tournament_id, seed=13)
    assert detail["status"] == "finished"
    assert detail["stages"][1]["advancing"] == went_on, "who went on changed after the qualifying"
    for round_ in detail["rounds"][3:]:
        seated = {p for t in round_["tables"] for p in t["players"]} | set(round_["byes"])
        assert seated <= set(went_on), "only those who went on play the elimination"
    standings = detail["standings"]
    assert [row["place"] for row in standings].count(1) == 1
    assert standings[-1]["player"] == out and standings[-1]["prize"] == 0
    assert {row["player"] for row in standings[:3]} == set(went_on) - {out}
    _check_audit(tournament_id)
    _check_money(detail, before, by_id, organiser)
