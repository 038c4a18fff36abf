"""Openskill (Plackett–Luce) ratings per variant: real games at every table size rated as
the library rates the same order, each game once, only games between registered people
at rated tables without hints; the leaderboard and a player's ratings."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from openskill.models import PlackettLuce

from accounts.models import Player
from games import arranged
from games.engine import Rules
from games.models import Game, GameEvent
from ratings.models import Rating, RatingChange
from ratings.selectors import leaderboard, player_ratings
from ratings.services import rating_update
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest, play_until
from tests.harness.races import at_once
from tests.harness.tables import table_over_rest
from tests.ratings.conftest import registered

pytestmark = pytest.mark.django_db(transaction=True)

MODEL = PlackettLuce()


def _finished(game: Game, state: Any) -> bool:
    return game.status == Game.Status.FINISHED


def _played(people: list[Player], **rules: Any) -> Game:
    """A table of ``people`` (seat order) dealt at once and played out to its end."""
    game = arranged.game_seat_people(players=people, rules=Rules.from_dict({"players": len(people), **rules})).game
    # Seeded random choices, not always the first legal action: that fixed policy once went
    # past 5,000 moves at a 2x2 table (CI, DURAK_DEAL_SEED=386294fa), which random play does not.
    return play_until(game, _finished, choose=random.Random(game.pk).choice, limit=5000)


def _expected_ranks(game: Game) -> tuple[list[list[int]], list[int]]:
    """Seats as openskill teams and their ranks, read here from the stored events and the
    result without the code under test: who left after which bout, the durak below
    everyone out, given-up seats lowest; partners (seat % 2) win or lose together."""
    n, result = game.players, game.result or {}
    forfeits, losers = set(result.get("forfeits") or ()), set(result.get("losers") or ())
    if game.rules.get("teams"):
        sides = [list(range(0, n, 2)), list(range(1, n, 2))]
        keys = [(bool(forfeits & set(side)), bool(losers & set(side))) for side in sides]
        return sides, [1 + sum(k < key for k in keys) for key in keys]
    bout, left_after = 0, {}
    for row in GameEvent.objects.filter(game=game).order_by("seq"):
        if row.type == "bout_ended":
            bout += 1
        elif row.type == "player_out":
            left_after[row.payload["seat"]] = bout
    keys = [(s in forfeits, s in losers, left_after.get(s, 10**6)) for s in range(n)]
    return [[s] for s in range(n)], [1 + sum(k < key for k in keys) for key in keys]


def _changes(game: Game) -> dict[int, RatingChange]:
    return {c.player_id: c for c in RatingChange.objects.filter(game=game)}


@pytest.mark.parametrize("players, rules", [
    (2, {}), (3, {}), (4, {}), (6, {}), (4, {"teams": True}), (6, {"teams": True}),
    (3, {"variant": "perevodnoy", "deck": 24}),
], ids=["2", "3", "4", "6", "2x2", "3x3", "3-perevodnoy"])
def test_a_table_is_rated_as_openskill_rates_its_order(players: int, rules: dict[str, Any]) -> None:
    people = [registered() for _ in range(players)]
    games = [_played(people, **rules), _played(people[::-1], **rules)]  # twice: the second starts from the first
    skills = {p.pk: MODEL.rating() for p in people}
    for game in games:
        assert game.rated and not game.hints
        by_seat = [s.player_id for s in game.seats.order_by("number")]
        teams, ranks = _expected_ranks(game)
        theirs = MODEL.rate([[skills[by_seat[s]] for s in team] for team in teams], ranks=ranks)
        changes = _changes(game)
        assert len(changes) == players
        for team, rated, rank in zip(teams, theirs, ranks, strict=True):
            for seat, skill in zip(team, rated, strict=True):
                change = changes[by_seat[seat]]
                assert change.rank == rank and change.variant == rules.get("variant", "podkidnoy")
                assert (change.mu_before, change.sigma_before) == pytest.approx(
                    (skills[by_seat[seat]].mu, skills[by_seat[seat]].sigma))
                assert (change.mu_after, change.sigma_after) == pytest.approx((skill.mu, skill.sigma))
                skills[by_seat[seat]] = skill
    for p in people:
        rating = Rating.objects.get(player=p, variant=rules.get("variant", "podkidnoy"))
        assert rating.games == 2
        assert (rating.mu, rating.sigma) == pytest.approx((skills[p.pk].mu, skills[p.pk].sigma))
        assert rating.value == round(1000 + 25 * (skills[p.pk].mu - 3 * skills[p.pk].sigma))


def _finished_game(result: dict[str, Any], people: list[Player], **fields: Any) -> Game:
    """A finished game row as a table of ``people`` leaves it (no events: the result alone)."""
    game = Game.objects.create(rules={"players": len(people), "variant": "podkidnoy"}, status="finished",
                               result=result, rated=fields.pop("rated", True), hints=fields.pop("hints", False),
                               **fields)
    for number, person in enumerate(people):
        game.seats.create(number=number, player=person)
    return game


def test_a_draw_ties_and_a_given_up_seat_ranks_last() -> None:
    people = [registered() for _ in range(3)]
    game = _finished_game({"durak": None, "draw": True, "losers": [], "places": [2, 0, 1], "forfeits": [2]}, people)
    assert rating_update(game_id=game.pk)
    changes = _changes(game)
    assert [changes[p.pk].rank for p in people] == [1, 1, 3]
    a, b, c = (MODEL.rating() for _ in range(3))
    theirs = MODEL.rate([[a], [b], [c]], ranks=[1, 1, 3])
    assert [changes[p.pk].mu_after for p in people] == pytest.approx([t[0].mu for t in theirs])
    assert changes[people[0].pk].mu_after == pytest.approx(changes[people[1].pk].mu_after)
    assert changes[people[2].pk].mu_after < 25 < changes[people[0].pk].mu_after


def test_a_person_a_computer_stood_in_for_is_rated_last() -> None:
    """A seat given up mid-game: the computer finished for the person, who still loses."""
    people = [registered() for _ in range(2)]
    game = _played(people, deck=24)
    durak = game.result["durak"]
    Game.objects.filter(pk=game.pk).update(result={**game.result, "forfeits": [1 - durak if durak is not None else 0]})
    RatingChange.objects.filter(game=game).delete()
    assert rating_update(game_id=game.pk)
    gave_up = game.seats.get(number=1 - durak if durak is not None else 0).player_id
    assert _changes(game)[gave_up].rank == 2


def test_rating_twice_is_rating_once() -> None:
    people = [registered() for _ in range(3)]
    game = _played(people, deck=24)
    first = {pk: (c.mu_after, c.sigma_after) for pk, c in _changes(game).items()}
    assert rating_update(game_id=game.pk) is False
    assert {pk: (c.mu_after, c.sigma_after) for pk, c in _changes(game).items()} == first
    assert set(Rating.objects.values_list("games", flat=True)) == {1}


def test_the_finished_handler_run_at_once_twice_rates_once() -> None:
    """Two deliveries of the game-finished signal at one moment (PostgreSQL in the scaled
    run): one rates, the other finds it rated; no rating counts the game twice."""
    people = [registered() for _ in range(4)]
    game = _finished_game({"durak": 3, "draw": False, "losers": [3], "places": [1, 0, 2]}, people)
    answers = at_once(*(partial(rating_update, game_id=game.pk) for _ in range(3)))
    assert sorted(answers) == [False, False, True]
    assert RatingChange.objects.filter(game=game).count() == 4
    assert set(Rating.objects.values_list("games", flat=True)) == {1}


def test_two_games_of_one_player_rated_at_once_both_count() -> None:
    """Rows are locked per player: concurrent games sharing a player both move it."""
    shared = registered()
    games = [_finished_game({"durak": 1, "draw": False, "losers": [1], "places": [0]}, [shared, registered()])
             for _ in range(2)]
    assert at_once(*(partial(rating_update, game_id=g.pk) for g in games)) == [True, True]
    rating = Rating.objects.get(player=shared)
    assert rating.games == 2
    after = [c.mu_after for c in RatingChange.objects.filter(player=shared).order_by("id")]
    assert rating.mu == pytest.approx(after[-1]) and after[0] < after[1]


@pytest.mark.parametrize("fields", [{"rated": False}, {"hints": True}, {"rated": False, "hints": True}],
                         ids=["unrated", "hints", "both"])
def test_unrated_tables_and_tables_with_hints_are_never_rated(fields: dict[str, Any]) -> None:
    game = _finished_game({"durak": 1, "draw": False, "losers": [1], "places": [0]},
                          [registered(), registered()], **fields)
    assert rating_update(game_id=game.pk) is False
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_guests_are_never_rated(make_client: Callable[[], Client]) -> None:
    a, b = make_client(), make_client()
    game_id = table_over_rest(a, b, rules={"players": 2, "deck": 24})["id"]
    play_out_over_rest({0: a, 1: b}, game_id)
    game = Game.objects.get(pk=game_id)
    assert game.status == "finished" and game.rated, "a table of people: rated, but its guests are not"
    assert not RatingChange.objects.exists()
    mixed = _finished_game({"durak": 1, "draw": False, "losers": [1], "places": [0]}, [registered(), a.player])
    assert rating_update(game_id=mixed.pk) is False


def test_games_against_the_computer_are_not_rated(person: Callable[[], Client]) -> None:
    a = person()
    view = table_over_rest(a, rules={"players": 2, "deck": 24}, opponents=[{"ai": "novice"}])
    assert view["options"] == {"timer": None, "spectator_delay": 0, "hints": True, "rated": False,
                               "time_bank": None, "time_increment": 0}
    play_out_over_rest({0: a}, view["id"], limit=500)
    assert Game.objects.get(pk=view["id"]).status == "finished"
    game = Game.objects.get(pk=view["id"])
    Game.objects.filter(pk=game.pk).update(rated=True, hints=False)  # even if the row said so
    assert rating_update(game_id=game.pk) is False
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_people_over_the_api_are_rated_and_listed(person: Callable[[], Client]) -> None:
    a, b = person(), person()
    view = table_over_rest(a, b, rules={"players": 2, "deck": 24})
    assert view["options"]["rated"] is True and view["options"]["hints"] is False
    play_out_over_rest({0: a, 1: b}, view["id"])
    assert RatingChange.objects.filter(game_id=view["id"]).count() == 2
    board = a.get("/api/v1/ratings/").json()
    assert [row["player"] for row in board["ratings"]] and {row["player"] for row in board["ratings"]} == {
        a.player.pk, b.player.pk}
    row = board["ratings"][0]
    assert set(row) == {"place", "player", "name", "rating", "games", "provisional"}
    assert row["games"] == 1 and row["provisional"] is True and row["place"] == 1
    assert board["ratings"][0]["rating"] >= board["ratings"][1]["rating"]
    assert a.get("/api/v1/ratings/?variant=perevodnoy").json() == {"ratings": []}


def test_an_unknown_variant_is_a_400(make_client: Callable[[], Client]) -> None:
    answer = make_client().get("/api/v1/ratings/?variant=chess")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_request" and "podkidnoy" in answer.json()["error"]["message"]


def _rating(player: Player, variant: str, mu: float, sigma: float, games: int) -> Rating:
    return Rating.objects.create(player=player, variant=variant, mu=mu, sigma=sigma, games=games,
                                 value=round(1000 + 25 * (mu - 3 * sigma)))


def test_the_leaderboard_is_per_variant_established_players_first() -> None:
    settled, better_new, weak = registered(), registered(), registered()
    _rating(settled, "podkidnoy", 25.0, 3.0, 40)  # 1400
    _rating(better_new, "podkidnoy", 40.0, 6.0, 5)  # 1550 but provisional: after the settled
    _rating(weak, "podkidnoy", 20.0, 4.0, 30)  # 1200
    _rating(weak, "perevodnoy", 35.0, 2.0, 30)  # 1725 in the other game
    board = leaderboard("podkidnoy")
    assert [(r["player"], r["place"], r["provisional"]) for r in board] == [
        (settled.pk, 1, False), (weak.pk, 2, False), (better_new.pk, 3, True)]
    assert [r["player"] for r in leaderboard("perevodnoy")] == [weak.pk]
    assert [r["player"] for r in leaderboard("podkidnoy", limit=2)] == [settled.pk, weak.pk]
    assert [r["player"] for r in leaderboard("podkidnoy", limit=1)] == [settled.pk]


def test_a_players_ratings_hold_every_variant_and_its_history() -> None:
    people = [registered() for _ in range(2)]
    played = [_played(people, deck=24), _played(people, deck=24), _played(people, variant="perevodnoy", deck=24)]
    mine = player_ratings(people[0].pk)
    assert set(mine) == {"podkidnoy", "perevodnoy"}
    podkidnoy = mine["podkidnoy"]
    assert podkidnoy["games"] == 2 and podkidnoy["provisional"] is True
    assert [h["game"] for h in podkidnoy["history"]] == [played[0].pk, played[1].pk]
    assert podkidnoy["history"][-1]["rating"] == podkidnoy["rating"]
    assert all(isinstance(h["at"], str) and "T" in h["at"] for h in podkidnoy["history"])
    assert [h["game"] for h in mine["perevodnoy"]["history"]] == [played[2].pk]
    assert player_ratings(registered().pk) == {}


def test_the_rebuild_rates_what_was_missed_in_order_and_reset_starts_again() -> None:
    from django.core.management import call_command

    people = [registered() for _ in range(3)]
    games = [_finished_game({"durak": 2, "draw": False, "losers": [2], "places": [n % 2, 1 - n % 2]}, people)
             for n in range(3)]
    assert rating_update(game_id=games[0].pk)
    first = {c.player_id: c.mu_after for c in RatingChange.objects.filter(game=games[0])}
    call_command("ratings_rebuild")
    assert RatingChange.objects.count() == 9
    assert {c.player_id: c.mu_before for c in RatingChange.objects.filter(game=games[1])} == pytest.approx(first)
    before = {r.player_id: (r.mu, r.sigma, r.games) for r in Rating.objects.all()}
    call_command("ratings_rebuild")
    assert RatingChange.objects.count() == 9, "nothing is rated twice"
    call_command("ratings_rebuild", "--reset")
    again = {r.player_id: (r.mu, r.sigma, r.games) for r in Rating.objects.all()}
    assert again.keys() == before.keys()
    assert all(again[p] == pytest.approx(before[p]) for p in before), "the same history rates the same"


def test_the_schema_agrees_with_the_leaderboard(person: Callable[[], Client]) -> None:
    from django.test import Client as DjangoClient

    schema = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/ratings/"]["get"]
    parameter = next(p for p in operation["parameters"] if p["name"] == "variant")
    assert set(parameter["schema"]["enum"]) >= {"podkidnoy", "perevodnoy"}
    assert "400" in operation["responses"]
    components = schema["components"]["schemas"]
    board = components["Leaderboard"]
    row = components[board["properties"]["ratings"]["items"]["$ref"].rsplit("/", 1)[-1]]
    a, b = person(), person()
    view = table_over_rest(a, b, rules={"players": 2, "deck": 24})
    play_out_over_rest({0: a, 1: b}, view["id"])
    answer = a.get("/api/v1/ratings/?variant=podkidnoy").json()
    assert set(answer) == set(board["properties"]) == set(board["required"])
    assert {key for r in answer["ratings"] for key in r} == set(row["properties"]) == set(row["required"])
    game_view = components["GameView"]
    assert set(components[game_view["properties"]["options"]["allOf"][0]["$ref"].rsplit("/", 1)[-1]]
               ["properties"]) == set(view["options"])


def test_a_tournaments_table_of_people_is_rated() -> None:
    """Tournament tables offer no hints and seat people only: their games are rated."""
    from types import SimpleNamespace

    from tournaments.rounds import _options

    options = _options(SimpleNamespace(move_timer=30, spectator_delay=0, time_bank=240,  # type: ignore[arg-type]
                                       time_increment=3))
    people = [registered() for _ in range(3)]
    game = arranged.game_seat_people(players=people, rules=Rules.from_dict({"players": 3, "deck": 24}), options=options).game
    assert (game.hints, game.rated) == (False, True)
    game = play_until(game, _finished, limit=5000)
    assert RatingChange.objects.filter(game=game).count() == 3
