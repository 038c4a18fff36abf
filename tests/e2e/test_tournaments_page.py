"""The tournaments page in a real browser: from creating a tournament to its first table,
and on a phone."""

from __future__ import annotations

from typing import Any

from tests.e2e import driver
from tests.e2e.conftest import PHONE, SCREENSHOTS


def _load(page: Any) -> None:
    page.goto("/")
    driver.wait_ready(page)




def test_a_tournament_from_the_page_to_its_first_table(fresh_page: Any) -> None:
    """An organiser creates a tournament on /tournaments/, a second visitor enters it, the
    organiser starts it, and the table's link opens the game on the game page."""
    host = fresh_page()
    host.goto("/tournaments/")
    host.wait_for_function("() => document.querySelector('#balance').textContent !== '…'")
    host.fill('#create input[name="name"]', "Кубок браузера")
    host.fill('#create input[name="timer"]', "")
    host.locator('#create button[type="submit"]').click()
    host.wait_for_selector("#detail:not([hidden]) h2")
    assert "Кубок браузера" in host.locator("#detail h2").inner_text()
    host.locator('#detail [data-do="join"]').click()
    host.wait_for_function("() => !document.querySelector('#detail [data-do=\"join\"]')")

    guest = fresh_page()
    guest.goto("/tournaments/")
    guest.locator("#list tr", has_text="Кубок браузера").click()
    guest.locator('#detail [data-do="join"]').click()
    guest.wait_for_function("() => document.querySelectorAll('#detail .standings tbody tr').length === 2")

    host.wait_for_function("() => document.querySelectorAll('#detail .standings tbody tr').length === 2")
    host.locator('#detail [data-do="start"]').click()
    host.wait_for_selector("#detail .rounds a")
    assert host.locator("#detail .rounds a").inner_text() == "играть"
    host.screenshot(path=str(SCREENSHOTS / "tournament-running.png"))
    host.locator("#detail .rounds a").click()
    host.wait_for_function("() => document.querySelectorAll('#hand .card').length === 6")
    assert host.locator("#opponents .opp").count() == 1
    # A third visitor finds the table among the games to watch.
    third = fresh_page()
    third.goto("/tournaments/")
    third.wait_for_selector("#tables a:has-text('смотреть')")
    third.locator("#tables a:has-text('смотреть')").first.click()
    third.wait_for_function("() => document.querySelector('#status').textContent === 'Вы смотрите партию.'")


def test_tournaments_page_fits_a_phone(fresh_page: Any) -> None:
    page = fresh_page(viewport=PHONE)
    page.goto("/tournaments/")
    page.wait_for_function("() => document.querySelector('#balance').textContent !== '…'")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
