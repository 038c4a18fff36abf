"""Browser tests of the lobby of games to watch (``/watch/``): a live game is listed with
its spectators, a spectator who opens it sees the moves so far and no playing controls,
and a finished game is listed with its replay."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_replay_page import finished_game
from tests.harness.remote import Guest


def live_game(server: str, moves: int = 6) -> tuple[Guest, int]:
    guest = Guest(server)
    view = guest.create(rules={"players": 2, "deck": 36}, opponents=[{"ai": "novice"}])
    for _ in range(moves):
        view = guest.wait_for_turn(view["id"])
        assert view["status"] != "finished"
        guest.act(view["id"], view["legal_actions"][0], view["seq"])
    return guest, view["id"]


def test_the_lobby_lists_a_live_game_and_a_spectator_sees_its_moves_so_far(server: str, fresh_page: Any) -> None:
    _, done = finished_game(server)
    _, game_id = live_game(server)
    lobby = fresh_page()
    lobby.goto("/watch/")
    lobby.wait_for_selector(f'#watch-live [data-game="{game_id}"]')
    row = lobby.locator(f'#watch-live [data-game="{game_id}"]')
    assert row.locator("[data-spectators]").get_attribute("data-spectators") == "0"
    assert lobby.locator(f'#watch-finished [data-replay="{done}"]').get_attribute("href") == f"/games/{done}/replay/"
    lobby.screenshot(path=str(SCREENSHOTS / "watch-lobby.png"))

    watcher = fresh_page()
    watcher.goto("/watch/")
    watcher.wait_for_selector(f'[data-watch="{game_id}"]')
    watcher.locator(f'[data-watch="{game_id}"]').click()
    watcher.wait_for_function("() => document.querySelector('#status').textContent === 'Вы смотрите партию.'")
    watcher.wait_for_function("() => document.querySelectorAll('#log li').length >= 6")
    assert watcher.locator("#hand .card").count() == 0
    for button in ("#btn-pass", "#btn-take", "#btn-lead", "#btn-hint", "#btn-transfer"):
        assert watcher.locator(button).is_hidden(), button
    assert watcher.locator("#table [data-card], #opponents .opp").count() > 0
    watcher.screenshot(path=str(SCREENSHOTS / "watch-spectator.png"))

    # The lobby counts the spectator's open socket.
    lobby.wait_for_function(f"""() => {{
      const el = document.querySelector('#watch-live [data-game="{game_id}"] [data-spectators]');
      return el && Number(el.dataset.spectators) >= 1;
    }}""", timeout=20_000)
    lobby.screenshot(path=str(SCREENSHOTS / "watch-lobby-spectated.png"))
    # The table itself shows its spectators too (here: the watcher).
    watcher.wait_for_function("""() => {
      const el = document.querySelector('#spectators');
      return el && !el.hidden && el.textContent === 'Зрителей: 1';
    }""", timeout=25_000)


def test_the_page_makes_one_client_seed_per_browser_sends_it_and_shows_it(fresh_page: Any) -> None:
    page = fresh_page()
    page.goto("/")
    page.wait_for_function("() => window.durakPage && window.durakPage.state.view && window.durakPage.state.view.fairness")
    seed = page.evaluate("() => JSON.parse(localStorage.getItem('durak.clientSeed'))")
    assert isinstance(seed, str) and 1 <= len(seed) <= 64
    fairness = page.evaluate("() => window.durakPage.state.view.fairness")
    assert fairness["client_seeds"][0] == seed and len(fairness["commitment"]) == 64
    assert seed in page.locator("#deal-seed").inner_text()
    page.reload()
    page.wait_for_function("() => window.durakPage && window.durakPage.state.view")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('durak.clientSeed'))") == seed
