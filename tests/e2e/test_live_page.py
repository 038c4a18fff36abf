"""The page live: its websocket and resume, polling without it, two people at one table
by link while a third watches, and a computer seated instead of waiting."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e import driver
from tests.e2e.conftest import SCREENSHOTS


def _load(page: Any) -> None:
    page.goto("/")
    driver.wait_ready(page)




def test_live_socket_resumes_from_the_last_seq(desktop: Any) -> None:
    """The platform serves the socket, so the page must use it and, after every
    (re)connect, ask to resume after the last seq it saw. A socket that does not open is a
    failure here, not a reason to skip: polling is only the fallback."""
    page, _ = desktop
    sockets: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        record: dict[str, Any] = {"url": ws.url, "sent": [], "received": []}
        sockets.append(record)
        ws.on("framesent", lambda payload: record["sent"].append(payload))
        ws.on("framereceived", lambda payload: record["received"].append(payload))

    def game_sockets() -> list[dict[str, Any]]:
        # Every page also listens for its player's notices (ws/players/me/): not this one.
        return [record for record in sockets if "/ws/games/" in record["url"]]

    def received(record: dict[str, Any], kind: str) -> bool:
        return any(json.loads(f).get("type") == kind for f in record["received"])

    page.on("websocket", on_socket)
    _load(page)
    page.wait_for_function("() => window.durakPage.state.wsOpen", timeout=10_000)
    first = game_sockets()[-1]
    resume = [json.loads(f) for f in first["sent"] if '"resume"' in f]
    assert resume and resume[0]["after"] >= 3
    for _ in range(50):  # the state frame may still be on its way when the socket reports open
        if received(first, "state"):
            break
        page.wait_for_timeout(100)
    assert received(first, "state")
    for _ in range(3):
        driver.step(page)
    driver.wait_ready(page)
    assert received(first, "event")
    # Drop the socket: the page reconnects and resumes from the last seq it saw.
    last = int(page.evaluate("() => window.durakPage.state.lastSeq"))
    count = len(game_sockets())
    page.evaluate("() => window.durakPage.state.ws.close()")
    page.wait_for_function("() => window.durakPage.state.wsOpen === false")
    page.wait_for_function("() => window.durakPage.state.wsOpen === true", timeout=15_000)
    assert len(game_sockets()) > count
    again = [json.loads(f) for f in game_sockets()[-1]["sent"] if '"resume"' in f]
    assert again and again[0]["after"] == last
    # The token stays out of every socket's URL: each (re)connect takes a one-use ticket.
    urls = [record["url"] for record in sockets]
    assert urls and all("?ticket=" in url and "token=" not in url for url in urls), urls
    assert len({url.split("?ticket=")[1] for url in urls}) == len(urls)


def test_plays_on_without_the_socket(fresh_page: Any) -> None:
    """With the websocket refused, the page falls back to REST quietly and plays on."""
    page = fresh_page()
    page.context.route_web_socket("**/ws/**", lambda ws: ws.close())
    _load(page)
    for _ in range(8):
        if not driver.step(page):
            break
    driver.wait_ready(page)
    assert page.evaluate("() => window.durakPage.state.wsOpen") is False
    assert page.locator("#log li").count() > 0
    assert not page.locator("#message").is_visible()


def _table_dealt(page: Any) -> None:
    page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 6", timeout=30_000)


def test_two_people_play_a_whole_game_by_link_while_a_third_watches(fresh_page: Any) -> None:
    """«Играть с друзьями» leaves the other seat open and shows a link; a friend who opens
    it takes the seat and the deal follows; a third visitor of the same link watches; the
    two play to the end by clicks, and the watcher sees the result too."""
    host = fresh_page()
    _load(host)
    host.locator("#btn-friend").click()
    driver.leave_if_asked(host)  # the game the page opened with is left
    host.wait_for_function("() => !document.querySelector('#invite').hidden")
    link = host.locator("#invite-link").input_value()
    assert link.startswith("http://127.0.0.1:") and "?game=" in link
    assert host.locator("#status").inner_text() == "Ждём игроков за столом…"
    assert host.locator("#hand .card").count() == 0

    friend = fresh_page()
    friend.goto(link)
    _table_dealt(friend)
    _table_dealt(host)
    assert host.locator("#invite").is_hidden()
    # A table of people offers no hints (so that it is rated): no hint button, not even once.
    assert host.locator("#btn-hint").is_hidden() and friend.locator("#btn-hint").is_hidden()
    assert "?game=" not in friend.url, "a seated player's page forgets the link and resumes its own game"

    watcher = fresh_page()
    watcher.goto(link)
    watcher.wait_for_function("() => document.querySelector('#status').textContent === 'Вы смотрите партию.'")
    assert watcher.locator("#hand .card").count() == 0
    assert watcher.locator("#opponents .opp").count() == 2

    players = (host, friend)
    for _ in range(1500):
        if all(driver.finished(p) for p in players):
            break
        moved = False
        for page in players:
            if not driver.finished(page) and page.evaluate(driver.READY):
                moved = driver._try_step(page, "play") or moved
        if not moved:
            host.wait_for_timeout(100)
    else:
        raise AssertionError("the two people did not finish their game")
    watcher.wait_for_selector("#result:not([hidden])", timeout=30_000)
    results = [p.locator("#result").inner_text() for p in players]
    assert any("дурак" in r.lower() or "ничья" in r.lower() for r in results), results
    host.screenshot(path=str(SCREENSHOTS / "friends-host-result.png"))
    watcher.screenshot(path=str(SCREENSHOTS / "friends-watcher-result.png"))


def test_the_creator_can_seat_a_computer_instead_of_waiting(fresh_page: Any) -> None:
    page = fresh_page()
    _load(page)
    page.locator("#btn-friend").click()
    driver.leave_if_asked(page)
    page.wait_for_function("() => !document.querySelector('#invite').hidden")
    page.locator('#invite [data-act="fill"]').click()
    _table_dealt(page)
    assert page.locator("#invite").is_hidden()
    driver.wait_ready(page)
    assert driver.step(page)
