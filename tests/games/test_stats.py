"""A player's record (``games.stats``): what a finished game was for each seat, the
counts over real games played to their end, the record against each computer level,
recent games newest first, and a few queries however many games."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import Player
from accounts.services import guest_create
from games import engine, selectors, services
from games.models import Game
from games.stats import player_stats, seat_outcome
from tests.harness.moves import play_move
from tests.harness.tables import table_create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("result, seat, outcome", [
    ({"durak": 1, "draw": False, "losers": [1], "places": [0]}, 0, "win"),
    ({"durak": 1, "draw": False, "losers": [1], "places": [0]}, 1, "durak"),
    ({"durak": None, "draw": True, "losers": [], "places": [0, 1]}, 0, "draw"),
    ({"durak": None, "draw": False, "losers": [1, 3], "places": [0, 2]}, 3, "durak"),  # a losing team
    ({"durak": None, "draw": False, "losers": [1, 3], "places": [0, 2]}, 2, "win"),
    ({"durak": 1, "draw": False, "losers": [1], "places": [0], "forfeits": [0]}, 0, "left"),
    ({"durak": None, "draw": True, "losers": [], "places": [], "forfeits": [1]}, 1, "left"),
])
def test_what_a_finished_game_was_for_a_seat(result: dict[str, Any], seat: int, outcome: str) -> None:
    assert seat_outcome(result, seat) == outcome


def play_out(game: Game) -> Game:
    """Play ``game`` to its end: each person's first legal action, each computer's own move."""
    for _ in range(600):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        state = selectors.game_state(game)
        people = {seat.number for seat in selectors.seats_of(game) if seat.player_id is not None}
        if any(seat in people for seat in engine.actors(state)):
            play_move(game)
        else:
            assert services.ai_turn_play(game_id=game.pk, expected_seq=game.seq)
    raise AssertionError(f"game {game.pk} did not finish")


def finished_against(player: Player, *levels: str, players: int = 2) -> Game:
    return play_out(table_create(creator=player, rules={"players": players, "deck": 24}, computer=levels).game)


def _expected(player: Player, games: list[Game]) -> list[str]:
    outcomes = []
    for game in games:
        seat = next(s.number for s in selectors.seats_of(game) if s.player_id == player.pk)
        outcomes.append(seat_outcome(game.result, seat))
    return outcomes


def test_counts_over_real_games_and_the_record_against_each_computer_level(player: Player) -> None:
    novice = [finished_against(player, "novice") for _ in range(3)]
    mixed = finished_against(player, "novice", "experienced", players=3)
    experienced = finished_against(player, "experienced")
    unfinished = table_create(creator=player, rules={"players": 2, "deck": 24}, computer=["novice"]).game
    waiting = table_create(creator=player, rules={"players": 2}, people=1).game
    other = finished_against(guest_create()[0], "master")  # someone else's game counts for nobody here

    record = player_stats(player)
    outcomes = _expected(player, [*novice, mixed, experienced])
    stats = record["stats"]
    assert stats["games"] == 5 == stats["wins"] + stats["durak"] + stats["draws"] + stats["left"]
    assert stats["wins"] == outcomes.count("win") and stats["durak"] == outcomes.count("durak")
    assert stats["draws"] == outcomes.count("draw") and stats["left"] == 0

    by_level = {row["level"]: row for row in record["versus_computer"]}
    assert [row["level"] for row in record["versus_computer"]] == ["novice", "experienced"]  # weakest first
    assert "master" not in by_level
    with_novice = _expected(player, [*novice, mixed])
    assert by_level["novice"]["games"] == 4
    assert by_level["novice"]["wins"] == with_novice.count("win")
    assert by_level["novice"]["durak"] == with_novice.count("durak")
    with_experienced = _expected(player, [mixed, experienced])
    assert by_level["experienced"]["games"] == 2
    assert by_level["experienced"]["wins"] == with_experienced.count("win")

    recent = record["recent_games"]
    assert [row["game"] for row in recent] == [experienced.pk, mixed.pk, *[g.pk for g in reversed(novice)]]
    assert unfinished.pk not in {row["game"] for row in recent} and waiting.pk not in {row["game"] for row in recent}
    assert other.pk not in {row["game"] for row in recent}
    top = recent[0]
    assert top["replay"] == f"/games/{experienced.pk}/replay/"
    assert top["result"] == outcomes[-1] and top["seat"] == 0 and top["variant"] == "podkidnoy"
    assert top["players"] == 2 and top["deck"] == 24 and top["finished_at"]
    assert top["seats"] == [{"seat": 0, "name": player.name, "kind": "human", "player": player.pk},
                            {"seat": 1, "name": "Компьютер (experienced)", "kind": "ai", "ai": "experienced"}]


def test_a_few_queries_however_many_games(player: Player, django_assert_max_num_queries: Any) -> None:
    for _ in range(4):
        finished_against(player, "novice")
    with django_assert_max_num_queries(3):
        record = player_stats(player)
    assert record["stats"]["games"] == 4 and len(record["recent_games"]) == 4
    assert len(player_stats(player, recent=2)["recent_games"]) == 2


def test_a_player_with_no_finished_game_has_an_empty_record(player: Player, django_assert_max_num_queries: Any) -> None:
    table_create(creator=player, rules={"players": 2, "deck": 24}, computer=["novice"])
    with django_assert_max_num_queries(1):
        record = player_stats(player)
    assert record == {"stats": {"games": 0, "wins": 0, "durak": 0, "draws": 0, "left": 0},
                      "versus_computer": [], "recent_games": []}


def test_a_seat_given_up_counts_as_left_whatever_the_cards_said(player: Player) -> None:
    game = finished_against(player, "novice")
    # What games.timers records when the reconnect window passed for seat 0.
    Game.objects.filter(pk=game.pk).update(result={**game.result, "forfeits": [0]})
    record = player_stats(player)
    assert record["stats"] == {"games": 1, "wins": 0, "durak": 0, "draws": 0, "left": 1}
    assert record["versus_computer"] == [{"level": "novice", "games": 1, "wins": 0, "durak": 0, "draws": 0, "left": 1}]
    assert record["recent_games"][0]["result"] == "left"


def test_a_persons_seat_names_their_player_id_in_views_replays_and_summaries(player: Player) -> None:
    """The pages link each person's name to /players/{id}/; a computer seat names none."""
    game = finished_against(player, "novice")
    seats = selectors.seats_of(game)
    expected = [{"seat": 0, "name": player.name, "kind": "human", "player": player.pk},
                {"seat": 1, "name": "Компьютер (novice)", "kind": "ai", "ai": "novice"}]
    assert [{k: s[k] for k in ("seat", "name", "kind", "player", "ai") if k in s}
            for s in selectors.game_view_for(game, None)["seats"]] == expected
    assert selectors.game_replay(game)["seats"] == expected
    assert selectors.game_summary(game, None)["seats"] == expected
    assert seats[1].player_id is None
