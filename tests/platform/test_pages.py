"""Lists that grow (CONTRACT.md, "Apps on phones"): ``{"<items>": [...], "next"}`` with
``?cursor=``; a walk gives every item once, also while new ones arrive; cursors are signed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Player
from games.models import Game, Seat
from tests.harness.clients import Client

pytestmark = pytest.mark.django_db


def _walk(client: Any, url: str, items: str, between: Any = None) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    cursor = None
    for _ in range(100):
        answer = client.get(url + ("&" if "?" in url else "?") + (f"cursor={cursor}" if cursor else ""))
        assert answer.status_code == 200, answer.content
        page = answer.json()
        assert set(page) == {items, "next"}
        seen += page[items]
        cursor = page["next"]
        if cursor is None:
            return seen
        if between is not None:
            between()
    raise AssertionError("the walk never ended")


def _tournament(organiser: Client, name: str) -> int:
    answer = organiser.post("/api/v1/tournaments/", {"name": name, "rules": {"players": 2}})
    assert answer.status_code == 201, answer.content
    return int(answer.json()["id"])


def test_walking_the_tournaments_gives_each_once_while_new_ones_arrive() -> None:
    # An organiser keeps at most five tournaments open: two organisers fill the list, a
    # third adds the new ones while it is walked.
    first_organiser, second_organiser, newcomer = Client.member(), Client.member(), Client.member()
    before = [_tournament(first_organiser if n < 4 else second_organiser, f"Кубок {n}") for n in range(7)]
    added: list[int] = []
    walked = _walk(APIClient(), "/api/v1/tournaments/?limit=2", "tournaments",
                   between=lambda: added.append(_tournament(newcomer, "Новый")))
    ids = [item["id"] for item in walked]
    assert len(ids) == len(set(ids))  # nothing twice
    assert ids == sorted(before, reverse=True)  # every one there was, newest first; the new ones come first next time
    assert len(added) == 3
    first = APIClient().get("/api/v1/tournaments/?limit=3").json()
    assert [t["id"] for t in first["tournaments"]] == sorted(added, reverse=True)


def _finished_game(player: Player, at: Any, durak: int | None = 1) -> int:
    game = Game.objects.create(rules={"players": 2}, status=Game.Status.FINISHED, finished_at=at,
                               result={"durak": durak, "draw": durak is None, "losers": [] if durak is None else [durak],
                                       "places": [0, 1]})
    Seat.objects.create(game=game, number=0, player=player)
    Seat.objects.create(game=game, number=1, ai_level="novice")
    return int(game.pk)


def test_a_players_archive_pages_through_every_finished_game_once() -> None:
    alice = Client()
    now = timezone.now()
    # Several games finished at one moment: the id breaks the tie, so none is lost or repeated.
    made = [_finished_game(alice.player, now - timedelta(minutes=n // 3)) for n in range(8)]
    Game.objects.create(rules={"players": 2}, status=Game.Status.ACTIVE)  # not finished: not listed
    late: list[int] = []
    walked = _walk(APIClient(), f"/api/v1/players/{alice.player.pk}/games/?limit=3", "games",
                   between=lambda: late.append(_finished_game(alice.player, timezone.now())))
    ids = [row["game"] for row in walked]
    assert sorted(ids) == sorted(made) and len(ids) == len(set(ids))
    times = [row["finished_at"] for row in walked]
    assert times == sorted(times, reverse=True)
    assert {row["result"] for row in walked} == {"win"}
    assert walked[0]["replay"] == f"/games/{walked[0]['game']}/replay/" and walked[0]["seats"][1]["ai"] == "novice"


def test_a_tampered_or_foreign_cursor_is_a_400() -> None:
    alice, bob = Client(), Client()
    for _ in range(3):
        _finished_game(alice.player, timezone.now())
        _finished_game(bob.player, timezone.now())
    page = APIClient().get(f"/api/v1/players/{alice.player.pk}/games/?limit=1").json()
    cursor = page["next"]
    assert cursor
    tampered = cursor[:-2] + ("A" if cursor[-2] != "A" else "B") + cursor[-1]
    for url in [f"/api/v1/players/{alice.player.pk}/games/?cursor={tampered}",
                f"/api/v1/players/{bob.player.pk}/games/?cursor={cursor}",  # alice's position, bob's list
                f"/api/v1/tournaments/?cursor={cursor}",
                f"/api/v1/players/{alice.player.pk}/games/?cursor=x"]:
        answer = APIClient().get(url)
        assert answer.status_code == 400, (url, answer.content)
        assert answer.json()["error"]["code"] == "invalid_request" and answer.json()["error"]["field"] == "cursor"


@pytest.mark.parametrize("limit", ["0", "101", "²", "-1", "ten"])
def test_a_bad_limit_is_a_400(limit: str) -> None:
    answer = APIClient().get(f"/api/v1/tournaments/?limit={limit}")
    assert answer.status_code == 400 and answer.json()["error"]["field"] == "limit"


def test_the_archive_of_nobody_is_a_404() -> None:
    assert APIClient().get("/api/v1/players/999999/games/").status_code == 404


def test_walking_the_wallet_entries_gives_each_once_while_coins_move() -> None:
    from django.contrib.auth.models import User

    from coins import services as coins
    member = Client.member()
    staff = User.objects.create_user("кассир", password="pw-staff-1", is_staff=True)
    # An added prize is paid from the wallet's own coins, never welcome coins: a grant.
    coins.wallet_grant(player=member.player, amount=1000, by=staff, key="pages")
    for n in range(4):
        answer = member.post("/api/v1/tournaments/", {"name": f"Приз {n}", "rules": {"players": 2}, "added_prize": 10})
        assert answer.status_code == 201
    moved: list[int] = []
    walked = _walk(member.http, "/api/v1/wallet/entries/?limit=2", "entries",
                   between=lambda: moved.append(member.post("/api/v1/tournaments/", {
                       "name": "Ещё", "rules": {"players": 2}, "added_prize": 1}).status_code))
    amounts = [entry["amount"] for entry in walked]
    assert amounts == [-10, -10, -10, -10, 1000]  # newest first, each once; the ones added meanwhile come next time
    ids = [entry["id"] for entry in walked]
    assert ids == sorted(ids, reverse=True) and 201 in moved


def test_my_games_in_play_say_whose_move_it_is_and_the_clock() -> None:
    alice, bob = Client(), Client()
    timed = alice.create({"players": 2}, [], timer=30).json()
    assert bob.join(timed["id"]).status_code == 200
    alice.create({"players": 2}, [{"ai": "novice"}])  # untimed, against the computer
    page = alice.get("/api/v1/players/me/games/?status=active").json()
    assert set(page) == {"games", "next"} and len(page["games"]) == 2
    first = page["games"][0]  # newest first: the game against the computer
    assert first["clock"] is None and first["away"] == []
    game = page["games"][1]
    assert game["id"] == timed["id"] and game["to_act"] and game["your_turn"] == (0 in game["to_act"])
    clock = game["clock"]
    assert clock["seat"] in game["to_act"]
    from datetime import datetime
    left = datetime.fromisoformat(clock["deadline"]) - datetime.fromisoformat(clock["server_time"])
    assert 0 < left.total_seconds() <= 30
    view = alice.view(timed["id"])
    assert view["clock"]["seat"] == clock["seat"] and view["clock"]["deadline"] == clock["deadline"]
    assert view["away"] == []
    assert bob.get("/api/v1/players/me/games/?status=waiting").json()["games"] == []
    assert alice.get("/api/v1/players/me/games/?status=finished").status_code == 400
