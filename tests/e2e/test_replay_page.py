"""Browser tests of the replay viewer (``/games/{id}/replay/``): a finished game, played
over the API against the real server, stepped through to its end and back; ``?step=N``;
one seat's viewpoint; the fair deal checked in the browser, on the real replay and on a
tampered one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.conftest import SCREENSHOTS
from tests.harness.remote import Guest


def finished_game(server: str, client_seed: str = "e2e seed") -> tuple[Guest, int]:
    """A two-seat game against a novice, played to its end by the first legal action."""
    guest = Guest(server)
    view = guest.create(rules={"players": 2, "deck": 24}, opponents=[{"ai": "novice"}], client_seed=client_seed)
    for _ in range(500):
        view = guest.wait_for_turn(view["id"])
        if view["status"] == "finished":
            return guest, view["id"]
        guest.act(view["id"], view["legal_actions"][0], view["seq"])
    raise AssertionError("the game did not finish")


def _open(page: Any, path: str) -> None:
    page.goto(path)
    page.wait_for_selector("#replay[data-ready='1']")


def _step(page: Any) -> int:
    return int(page.get_attribute("#replay", "data-step") or -1)


def _fair(page: Any) -> str:
    page.wait_for_function("() => document.querySelector('#rp-fair').dataset.verdict !== 'checking'")
    return str(page.get_attribute("#rp-fair", "data-verdict"))


def test_step_through_to_the_end_and_back_and_the_deal_is_proved(server: str, desktop: Any) -> None:
    page, _ = desktop
    _, game_id = finished_game(server)
    _open(page, f"/games/{game_id}/replay/")
    steps = int(page.get_attribute("#replay", "data-steps") or 0)
    assert steps > 20 and _step(page) == 0
    assert page.locator("#rp-seats .rp-seat").count() == 2
    assert page.locator("#rp-seats .rp-hand [data-card]").count() == 12  # every hand face up after the deal
    assert _fair(page) == "proved"
    page.screenshot(path=str(SCREENSHOTS / "replay-start.png"))
    for n in range(1, steps):  # forward, with the key and the button in turn
        if n % 2:
            page.keyboard.press("ArrowRight")
        else:
            page.locator('[data-go="forward"]').click()
        assert _step(page) == n
    assert page.locator("#rp-result").inner_text()
    assert "step=" + str(steps - 1) in page.url
    page.screenshot(path=str(SCREENSHOTS / "replay-end.png"))
    page.keyboard.press("ArrowRight")
    assert _step(page) == steps - 1  # the end is the end
    for n in range(steps - 2, -1, -1):
        page.keyboard.press("ArrowLeft")
        assert _step(page) == n
    assert page.locator("#rp-seats .rp-hand [data-card]").count() == 12
    # Bout jumps, the move list, play and pause.
    page.locator('[data-go="boutEnd"]').click()
    ended = _step(page)
    assert ended > 0 and json.loads(page.evaluate("() => JSON.stringify(window.durakReplay.built.bouts[0])"))["end"] == ended
    page.locator('[data-go="boutStart"]').click()
    assert _step(page) == 0
    page.locator('#rp-moves [data-step="7"]').click()
    assert _step(page) == 7 and page.locator("#rp-moves .current").get_attribute("data-step") == "7"
    page.select_option("#rp-speed", "4")
    page.locator('[data-go="play"]').click()
    page.wait_for_function("() => Number(document.querySelector('#replay').dataset.step) >= 9")
    page.locator('[data-go="play"]').click()
    paused = _step(page)
    page.wait_for_timeout(600)
    assert _step(page) == paused and page.get_attribute("#replay", "data-playing") == "0"
    page.locator('[data-go="end"]').click()
    assert _step(page) == steps - 1
    # Every card face carries data-card in the contract's spelling.
    faces = page.eval_on_selector_all(".card:not(.back)", "els => els.map(e => e.dataset.card)")
    assert faces and all(isinstance(c, str) and c[-1] in "SCDH" for c in faces)


def test_a_link_with_step_opens_there_and_a_seats_viewpoint_hides_the_others(server: str, desktop: Any) -> None:
    page, _ = desktop
    _, game_id = finished_game(server)
    _open(page, f"/games/{game_id}/replay/?step=5")
    assert _step(page) == 5
    assert page.locator('#rp-moves [aria-current="step"]').get_attribute("data-step") == "5"
    page.select_option("#rp-seat", "0")
    assert "seat=0" in page.url and "step=5" in page.url
    mine = page.locator('#rp-seats .rp-seat[data-seat="0"] .rp-hand [data-card]').count()
    assert mine > 0
    assert page.locator('#rp-seats .rp-seat[data-seat="1"] .rp-hand [data-card]').count() == 0
    assert page.locator('#rp-seats .rp-seat[data-seat="1"] .rp-hand .card.back').count() > 0
    assert page.locator("#rp-deck .rp-cards [data-card]").count() == 0  # the deck face down too
    page.screenshot(path=str(SCREENSHOTS / "replay-seat-0.png"))
    # The shared moment opens as it was shared.
    page.goto(page.url)
    page.wait_for_selector("#replay[data-ready='1']")
    assert _step(page) == 5 and page.get_attribute("#replay", "data-seat") == "0"
    page.select_option("#rp-seat", "all")
    assert page.locator('#rp-seats .rp-seat[data-seat="1"] .rp-hand [data-card]').count() > 0


def test_the_check_fails_on_a_tampered_replay(server: str, desktop: Any) -> None:
    page, _ = desktop
    guest, game_id = finished_game(server)
    real = guest.http.get(f"/api/v1/games/{game_id}/replay/").json()
    tampered = json.loads(json.dumps(real))
    deck = tampered["events"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]  # a deck the seeds do not give

    def serve(route: Any) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(tampered))

    page.route(f"**/api/v1/games/{game_id}/replay/", serve)
    _open(page, f"/games/{game_id}/replay/")
    assert _fair(page) == "failed"
    page.screenshot(path=str(SCREENSHOTS / "replay-tampered.png"))


def test_the_download_is_the_event_log(server: str, desktop: Any) -> None:
    page, _ = desktop
    guest, game_id = finished_game(server)
    _open(page, f"/games/{game_id}/replay/")
    with page.expect_download() as info:
        page.locator("#rp-download").click()
    saved = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert saved == guest.http.get(f"/api/v1/games/{game_id}/replay/").json()
    assert info.value.suggested_filename == f"durak-game-{game_id}.json"


def test_an_unfinished_game_has_no_replay_page(server: str) -> None:
    guest = Guest(server)
    view = guest.create(rules={"players": 2, "deck": 24}, opponents=[{"ai": "novice"}])
    assert httpx.get(f"{server}/games/{view['id']}/replay/").status_code == 404
    assert httpx.get(f"{server}/games/999999/replay/").status_code == 404
