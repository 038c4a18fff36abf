"""A private game (a challenge's) belongs to its players (``games.privacy``): a stranger,
signed in or not, finds it in no list (a profile's recent games and rating history, a
player's archive, the watch list, the lobby) and gets 404 for it by id (view, events,
replay, the replay page, the socket, the accepted challenge); its players see it everywhere as any game. Its
result still counts in the public numbers."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from rest_framework.test import APIClient

from games import privacy
from games.models import Game, Seat
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest
from tests.live.sockets import Socket

pytestmark = pytest.mark.django_db(transaction=True)

RULES = {"variant": "podkidnoy", "deck": 24}


def _challenge_played(alice: Client, bob: Client) -> int:
    """A challenge from ``alice`` that ``bob`` accepts, played to its end: the game's id."""
    return _challenge_and_game(alice, bob)[1]


def _challenge_and_game(alice: Client, bob: Client) -> tuple[int, int]:
    """The challenge's id and its game's, played to its end."""
    made = alice.post("/api/v1/challenges/", {"to": bob.player.pk, "rules": RULES, "hints": False})
    assert made.status_code == 201, made.content
    accepted = bob.post(f"/api/v1/challenges/{made.json()['id']}/accept/")
    assert accepted.status_code == 200, accepted.content
    game_id: int = accepted.json()["game"]["id"]
    assert play_out_over_rest({0: alice, 1: bob}, game_id)["status"] == "finished"
    return made.json()["id"], game_id


def _public_game(alice: Client, bob: Client) -> int:
    """An ordinary table of the same two, played to its end: listed to everyone."""
    created = alice.create(rules=RULES, opponents=[], hints=False)
    assert created.status_code == 201, created.content
    game_id: int = created.json()["id"]
    assert bob.join(game_id).status_code == 200
    assert play_out_over_rest({0: alice, 1: bob}, game_id)["status"] == "finished"
    return game_id


async def _socket_opened(game_id: int, token: str) -> str:
    """What a socket on ``game_id`` hears first: ``state``, or an error's code."""
    socket = Socket(game_id, token)
    first = await socket.open()
    await socket.close()
    return str(first["type"] if first["type"] != "error" else first["error"]["code"])


def _listed(get: Any, player_id: int) -> dict[str, list[int | None]]:
    """Every game id a caller finds in the lists about ``player_id`` and the watch list."""
    profile = get(f"/api/v1/players/{player_id}/")
    archive = get(f"/api/v1/players/{player_id}/games/")
    watch = get("/api/v1/watch/")
    for answer in (profile, archive, watch):
        assert answer.status_code == 200, answer.content
    body = profile.json()
    return {
        "recent": [g["game"] for g in body["recent_games"]],
        "history": [p["game"] for rating in body["ratings"].values() for p in rating["history"]],
        "archive": [g["game"] for g in archive.json()["games"]],
        "watch": [g["id"] for g in watch.json()["finished"] + watch.json()["live"]],
    }


def test_a_challenge_game_is_listed_to_its_players_alone_and_still_counts() -> None:
    alice, bob, carol = Client.member(), Client.member(), Client.member()
    public = _public_game(alice, bob)
    private = _challenge_played(alice, bob)
    assert Game.objects.get(pk=private).private and Game.objects.get(pk=private).rated
    anonymous = APIClient()

    for player in (alice, bob):
        for viewer in (alice, bob):  # each player sees the game on both profiles
            seen = _listed(viewer.get, player.player.pk)
            assert seen["recent"] == [private, public] and seen["archive"] == [private, public]
            assert seen["history"] == [public, private]
            assert private not in seen["watch"]  # the watch list is no one's in particular
        for get in (carol.get, anonymous.get):
            seen = _listed(get, player.player.pk)
            assert seen["recent"] == [public] and seen["archive"] == [public]
            # The rating moved: the point stays, naming no game.
            assert seen["history"] == [public, None]
            assert private not in seen["watch"] and public in seen["watch"]
        # Counts are public: both games count for everyone.
        for get in (carol.get, anonymous.get, player.get):
            profile = get(f"/api/v1/players/{player.player.pk}/").json()
            assert profile["stats"]["games"] == 2 and profile["ratings"]["podkidnoy"]["games"] == 2


def test_a_stranger_gets_404_for_a_private_game_by_id_and_its_players_do_not() -> None:
    alice, bob, carol = Client.member(), Client.member(), Client.member()
    challenge, private = _challenge_and_game(alice, bob)
    anonymous = APIClient()
    # The accepted challenge names the game and its players: its players' alone too.
    assert carol.get(f"/api/v1/challenges/{challenge}/").status_code == 404
    assert alice.get(f"/api/v1/challenges/{challenge}/").json()["game"] == private
    assert bob.get(f"/api/v1/challenges/{challenge}/").json()["game"] == private
    # A socket: refused as for a game that is not there, but open to a player.
    assert async_to_sync(_socket_opened)(private, carol.token) == "not_found"
    assert async_to_sync(_socket_opened)(private, alice.token) == "state"
    for path in ("", "events/", "replay/", "hint/"):
        url = f"/api/v1/games/{private}/{path}"
        refused = carol.get(url)
        assert refused.status_code == 404 and refused.json()["error"]["code"] == "not_found", (url, refused.content)
        assert anonymous.get(url).status_code in (401, 404)  # the API asks a stranger to sign in first
    # The same refusal as for a game that never was: a 403 would tell that it exists.
    assert carol.get(f"/api/v1/games/{private}/").json()["error"]["code"] == \
        carol.get("/api/v1/games/999999999/").json()["error"]["code"]
    for player in (alice, bob):
        assert player.get(f"/api/v1/games/{private}/").status_code == 200
        assert player.get(f"/api/v1/games/{private}/events/").status_code == 200
        replay = player.get(f"/api/v1/games/{private}/replay/")
        assert replay.status_code == 200 and replay.json()["fairness"]["server_seed"]
    # The replay page too: 404 for a stranger or anyone signed out, the page for a player.
    assert anonymous.get(f"/games/{private}/replay/").status_code == 404
    page = APIClient()
    page.force_login(carol.player.user)
    assert page.get(f"/games/{private}/replay/").status_code == 404
    page.force_login(alice.player.user)
    assert page.get(f"/games/{private}/replay/").status_code == 200


def test_the_rule_in_one_place_on_querysets_and_ids() -> None:
    """``games.privacy`` over games, seats and ids: the same answer every way it is asked."""
    alice, bob, carol = Client.member(), Client.member(), Client.member()
    private = _challenge_played(alice, bob)
    public = _public_game(alice, bob)
    game = Game.objects.get(pk=private)
    for viewer, sees in ((alice.player, True), (bob.player, True), (carol.player, False), (None, False)):
        visible = set(privacy.games_visible_to(Game.objects.all(), viewer).values_list("pk", flat=True))
        assert (private in visible) is sees and public in visible
        seats = privacy.seats_visible_to(Seat.objects.filter(player=alice.player), viewer)
        assert sorted(seats.values_list("game_id", flat=True)) == sorted([public, private] if sees else [public])
        assert privacy.hidden_ids([public, private], viewer) == (set() if sees else {private})
        assert privacy.is_visible_to(game, viewer) is sees
        assert privacy.is_visible_to(game, viewer, list(game.seats.all())) is sees
