"""The tournaments pages in a real browser, beyond the elimination's journey
(test_tournaments_page.py): a round robin with an elimination final made from the form in
English, and the organiser disqualifying a player from the standings."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.players import detail, wait_for
from tests.e2e.tournament_pages import (
    balance_loaded,
    check_the_form_offers_every_create_setting,
)


def test_a_round_robin_with_an_elimination_final_from_the_form_in_english(fresh_page: Any, server: str,
                                                                          api_players: Any) -> None:
    page = fresh_page()
    page.goto("/tournaments/")
    balance_loaded(page)
    api_players(page)  # creating a tournament is for accounts
    balance_loaded(page)
    check_the_form_offers_every_create_setting(page, server)
    form = page.locator("#create")
    form.locator('[name="format"]').select_option("round_robin")
    label = form.locator('[data-field="final_leaves"]')
    assert label.locator("span").first.inner_text() == "Финал на выбывание: кто выбывает из-за стола"
    page.locator('.lang-switch [data-set-lang="en"]').click()
    page.wait_for_function("() => document.querySelector('#create [data-field=\"advance\"] span').textContent"
                           " === 'Elimination final: how many qualify'")
    assert label.locator("span").first.inner_text() == "Elimination final: who leaves each table"
    assert label.locator("option").all_inner_texts() == ["The durak", "The worse half"]
    assert "round robin" in form.locator('[data-field="advance"] .help').inner_text()
    page.screenshot(path=str(SCREENSHOTS / "tournament-form-stages-en.png"), full_page=True)
    page.fill('#create [name="name"]', "Round robin cup")
    page.fill('#create [name="max_entrants"]', "6")
    page.fill('#create [name="advance"]', "9")  # more than can enter: refused, named at the field
    form.locator('[name="final_leaves"]').select_option("half")
    form.locator('button[type="submit"]').click()
    error = form.locator('[data-field="advance"] .field-error')
    error.wait_for(state="visible")
    assert "advance" in error.inner_text()
    page.fill('#create [name="advance"]', "4")
    form.locator('button[type="submit"]').click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    tournament = int(page.url.rstrip("/").rsplit("/", 1)[1])
    shown = httpx.get(f"{server}/api/v1/tournaments/{tournament}/", timeout=30).json()["stages"]
    assert [(s["format"], s.get("advance"), s.get("leaves")) for s in shown] == [
        ("round_robin", None, None), ("elimination", 4, "half")]
    page.wait_for_selector("#t-stages:not([hidden]) ol.stages li")
    stages = page.locator("#t-stages").inner_text()
    assert "Stage 1: Round robin" in stages and "Stage 2: Elimination" in stages, stages
    assert "the worse half of each table leaves" in stages and "top 4 of stage 1" in stages, stages
    assert page.locator("#t-stages .tstatus").all_inner_texts() == ["next", "next"]  # nothing played before the start
    page.screenshot(path=str(SCREENSHOTS / "tournament-stages-en.png"), full_page=True)


def test_the_organiser_disqualifies_a_player_from_the_page(fresh_page: Any, api_players: Any) -> None:
    page = fresh_page()
    page.goto("/tournaments/")
    balance_loaded(page)
    organiser = api_players(page)
    made = organiser.call("POST", "/tournaments/", {"name": "Кубок судьи", "format": "elimination", "rules": {"players": 2},
                                                    "min_entrants": 4, "max_entrants": 4, "timer": 600})
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    entrants = [api_players() for _ in range(4)]
    for player in entrants:
        player.join(tournament)  # the last place taken starts it
    wait_for(lambda: detail(organiser, tournament)["status"] == "running", what="the start")
    out = entrants[2]
    page.goto(f"/tournaments/{tournament}/")
    page.wait_for_selector("#t-standings:not([hidden]) tbody tr")
    standings = page.locator("#t-standings")
    assert "Судья" in standings.locator("thead").inner_text()
    assert standings.locator("button[data-disqualify]").count() == 4
    # Someone else's view of the same page has no director's column.
    watcher = fresh_page()
    watcher.goto(f"/tournaments/{tournament}/")
    watcher.wait_for_selector("#t-standings:not([hidden]) tbody tr")
    assert watcher.locator("#t-standings button[data-disqualify]").count() == 0
    assert "Судья" not in watcher.locator("#t-standings thead").inner_text()

    button = standings.locator(f'button[data-disqualify="{out.id}"]')
    assert button.inner_text() == "Дисквалифицировать"
    button.click()  # the first press asks
    page.wait_for_function("(p) => document.querySelector(`#t-standings button[data-disqualify=\"${p}\"]`)"
                           ".textContent.startsWith('Точно?')", arg=out.id)
    assert detail(organiser, tournament)["disqualified"] == []
    page.screenshot(path=str(SCREENSHOTS / "tournament-disqualify-sure.png"), full_page=True)
    standings.locator(f'button[data-disqualify="{out.id}"]').click()  # the second sends it
    row = standings.locator(f'tbody tr[data-player="{out.id}"]')
    row.locator("td", has_text="дисквалифицирован").wait_for()
    assert row.locator("button").count() == 0
    assert standings.locator("button[data-disqualify]").count() == 3
    now = detail(organiser, tournament)
    assert now["disqualified"] == [out.id]
    assert next(e["status"] for e in now["entrants"] if e["player"] == out.id) == "eliminated"
    # The disqualified ranks last, on the director's page and on everyone's.
    assert standings.locator("tbody tr").last.get_attribute("data-player") == str(out.id)
    assert "выбыл" in row.inner_text()
    watcher.wait_for_function("(p) => { const rows = document.querySelectorAll('#t-standings tbody tr');"
                              " return rows[rows.length - 1].dataset.player === String(p); }", arg=out.id)
    assert "выбыл" in watcher.locator(f'#t-standings tbody tr[data-player="{out.id}"]').inner_text()
    page.screenshot(path=str(SCREENSHOTS / "tournament-disqualified.png"), full_page=True)
