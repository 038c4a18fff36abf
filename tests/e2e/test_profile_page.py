"""Browser tests of the players' pages: a profile (``/players/{id}/``) of real finished
games played over the API against the real server (two rated games between people, one
against a novice): its rating chart drawn as an inline SVG, the record, the computer
table, recent games linking to their replays and to the other player; the header's
«Мой профиль»; the leaderboard (``/ratings/``) with its variant switch. Screenshots at
1366×800 and 390×844."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.conftest import PHONE, SCREENSHOTS
from tests.e2e.test_replay_page import finished_game
from tests.harness.moves import play_out_over_rest
from tests.harness.remote import Guest

WIDE = {"width": 1366, "height": 800}


def player_id(guest: Guest) -> int:
    return int(guest.http.get("/api/v1/players/me/").json()["id"])


def registered(guest: Guest, username: str) -> Guest:
    """Only registered people are rated: the guest registers (it keeps its games; its token
    ends with the change of privilege, so it goes on with the new one)."""
    answer = guest.http.post("/api/v1/auth/register/", json={"username": username, "password": "Durak-profile-2026"})
    assert answer.status_code == 201, answer.text
    guest.token = answer.json()["token"]
    guest.http.headers["Authorization"] = f"Token {guest.token}"
    return guest


def rated_game(first: Guest, second: Guest) -> int:
    view = first.create(rules={"players": 2, "deck": 24}, opponents=[])
    second.join(view["id"])
    play_out_over_rest({0: first, 1: second}, view["id"])
    return int(view["id"])


def test_a_profile_of_real_games_and_the_leaderboard(server: str, fresh_page: Any) -> None:
    anna, boris = registered(Guest(server), "Анна"), registered(Guest(server), "Борис")
    rated = [rated_game(anna, boris), rated_game(boris, anna)]
    anna_id, boris_id = player_id(anna), player_id(boris)
    # Anna's game against a novice: finished_game plays one for a fresh guest, so take hers.
    view = anna.create(rules={"players": 2, "deck": 24}, opponents=[{"ai": "novice"}])
    for _ in range(500):
        view = anna.wait_for_turn(view["id"])
        if view["status"] == "finished":
            break
        anna.act(view["id"], view["legal_actions"][0], view["seq"])
    versus = int(view["id"])

    page = fresh_page(WIDE, storage={"durak.token": json.dumps(anna.token)})
    page.goto(f"/players/{anna_id}/")
    page.wait_for_selector("#profile[data-ready='1']")
    chart = page.locator(".pf-rating[data-variant='podkidnoy'] svg.rating-chart")
    assert chart.count() == 1 and chart.get_attribute("data-points") == "2"
    d = chart.locator("path.line").get_attribute("d") or ""
    assert d.startswith("M") and d.count("L") == 1, d
    assert chart.locator("circle.dot").count() == 2
    assert page.locator(".pf-rating [data-provisional]").count() == 1  # two games: provisional
    assert page.locator("[data-stat='games'] dd").inner_text() == "3"
    assert page.locator(".pf-computer tr[data-level='novice'] [data-count='games']").inner_text() == "1"
    rows = page.locator(".pf-recent tbody tr")
    assert rows.count() == 3
    assert [int(r) for r in rows.evaluate_all("rs => rs.map(r => r.dataset.game)")] == [versus, rated[1], rated[0]]
    for game_id in (versus, *rated):
        assert page.locator(f"[data-replay='{game_id}']").get_attribute("href") == f"/games/{game_id}/replay/"
    assert page.locator(f".pf-recent a[data-player='{boris_id}']").first.get_attribute("href") == f"/players/{boris_id}/"
    # The page knows its visitor: «Мой профиль» in the header and «это вы».
    page.wait_for_selector(".top-nav [data-nav='me']")
    assert page.locator(".top-nav [data-nav='me']").get_attribute("href") == f"/players/{anna_id}/"
    page.wait_for_selector(".pf-tag.you")
    assert page.locator("#pf-name").inner_text() == "Анна" and page.locator(".pf-tag.guest").count() == 0
    page.screenshot(path=str(SCREENSHOTS / "profile-desktop.png"), full_page=True)

    page.locator("[data-set-lang='en']").click()
    assert page.locator("#pf-h-recent").inner_text() == "Recent games"
    assert page.locator(".top-nav [data-nav='me']").inner_text() == "My profile"
    page.locator("[data-set-lang='ru']").click()

    page.locator(f"[data-replay='{versus}']").click()
    page.wait_for_selector("#replay[data-ready='1']")
    assert page.locator(f"#rp-seats a[data-player='{anna_id}']").get_attribute("href") == f"/players/{anna_id}/"

    phone = fresh_page(PHONE)
    phone.goto(f"/players/{anna_id}/")
    phone.wait_for_selector("#profile[data-ready='1']")
    assert phone.locator("svg.rating-chart path.line").count() == 1
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "nothing sticks out sideways"
    phone.screenshot(path=str(SCREENSHOTS / "profile-phone.png"), full_page=True)

    board = fresh_page(WIDE, storage={"durak.token": json.dumps(boris.token)})
    board.goto("/ratings/")
    board.wait_for_selector("#board[data-ready='1'] .pf-board")
    players = board.locator(".pf-board tbody tr").evaluate_all("rs => rs.map(r => Number(r.dataset.player))")
    # The leaderboard is everyone's: other tests on this server rate players too.
    assert {anna_id, boris_id} <= set(players)
    assert board.locator(f".pf-board a[data-player='{anna_id}']").get_attribute("href") == f"/players/{anna_id}/"
    board.wait_for_selector(f".pf-board tr.me-row[data-player='{boris_id}']")
    board.screenshot(path=str(SCREENSHOTS / "ratings-desktop.png"), full_page=True)
    board.locator("[data-variant='perevodnoy']").click()
    board.wait_for_selector("#board[data-variant='perevodnoy'][data-ready='1'] #lb-empty")
    assert "variant=perevodnoy" in board.url
    board.go_back()
    board.wait_for_selector("#board[data-variant='podkidnoy'][data-ready='1'] .pf-board")
    board.locator(f".pf-board a[data-player='{anna_id}']").click()
    board.wait_for_selector("#profile[data-ready='1']")
    assert board.url.endswith(f"/players/{anna_id}/")

    board_phone = fresh_page(PHONE)
    board_phone.goto("/ratings/")
    board_phone.wait_for_selector("#board[data-ready='1'] .pf-board")
    assert board_phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    board_phone.screenshot(path=str(SCREENSHOTS / "ratings-phone.png"), full_page=True)


def test_the_watch_list_links_names_to_profiles(server: str, fresh_page: Any) -> None:
    guest, game_id = finished_game(server)
    me = player_id(guest)
    page = fresh_page(storage={"durak.token": json.dumps(guest.token)})
    page.goto("/watch/")
    page.wait_for_selector(f'#watch-finished [data-game="{game_id}"] a[data-player="{me}"]')
    assert page.locator(f'#watch-finished [data-game="{game_id}"] a[data-player="{me}"]').get_attribute("href") == \
        f"/players/{me}/"
    page.wait_for_selector(".top-nav [data-nav='me']")
    assert page.locator(".top-nav [data-nav='ratings']").get_attribute("href") == "/ratings/"
    # «Мой профиль» opens the guest's own page: marked as a guest's, no rating, one game.
    page.locator(".top-nav [data-nav='me']").click()
    page.wait_for_selector("#profile[data-ready='1']")
    assert page.url.endswith(f"/players/{me}/")
    # The page is drawn from the profile's read; «это вы» comes when the page has learnt who
    # is looking (a read of its own that may answer second).
    page.wait_for_selector(".pf-tag.you")
    assert page.locator(".pf-tag.guest").count() == 1 and page.locator(".pf-tag.you").count() == 1
    assert page.locator("#pf-ratings svg").count() == 0 and page.locator("#pf-ratings .pf-empty").count() == 1
    assert page.locator("[data-stat='games'] dd").inner_text() == "1"
    assert page.locator(f".pf-recent [data-replay='{game_id}']").count() == 1
    page.locator("[data-set-lang='en']").click()
    assert page.locator(".pf-tag.guest").inner_text() == "guest"
    page.screenshot(path=str(SCREENSHOTS / "profile-guest-en.png"), full_page=True)


def test_my_profile_link_comes_when_the_page_replaces_a_dead_token(fresh_page: Any) -> None:
    """A token that is no player's (signed out elsewhere, the account gone): the page makes
    a new guest, and «Мой профиль» then links to that guest's page."""
    page = fresh_page(storage={"durak.token": json.dumps("0" * 40)})
    page.goto("/")
    page.wait_for_function("() => { const t = localStorage.getItem('durak.token'); return t && !t.includes('0000'); }")
    page.wait_for_selector(".top-nav [data-nav='me']", timeout=10_000)
    me = page.evaluate("() => fetch('/api/v1/players/me/', {headers: {Authorization: 'Token ' + "
                       "JSON.parse(localStorage.getItem('durak.token'))}}).then((r) => r.json())")
    assert page.locator(".top-nav [data-nav='me']").get_attribute("href") == f"/players/{me['id']}/"
