"""The tournaments pages in a real browser: an elimination tournament created from the page
(a refusal first, named by its field), entered, started, each player's page taken to its
table by the «Ваш стол готов» notice, the table showing its tournament and round with no
«Новая игра», the tournament page following the rounds live to the final and the prizes;
the pages on a phone; Swiss standings with the Buchholz; 256 tables drawn at once; the
form's every create setting. More in test_tournament_stages_and_director.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.e2e import driver
from tests.e2e.conftest import PHONE, SCREENSHOTS
from tests.e2e.players import detail, own_coins, play_table, wait_for
from tests.e2e.tournament_pages import (
    balance_loaded,
    balance_shows,
    check_the_form_offers_every_create_setting,
)

FIXTURES = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "tournaments"
def _at_tournament_table(page: Any, timeout: float = 30_000) -> None:
    """The game page shows a tournament table: the bar with its name and round."""
    page.wait_for_selector("#tour-bar:not([hidden]) .tt-round", timeout=timeout)
    page.wait_for_function("() => document.querySelectorAll('#hand .card').length > 0", timeout=timeout)


def _pool(page: Any) -> dict[str, str]:
    return dict(page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#t-pool tr')]
      .map((tr) => [tr.dataset.pool || '', tr.querySelector('td').textContent.replace(/\\s/g, '')]))"""))


def test_an_elimination_tournament_from_the_form_to_the_final(fresh_page: Any, server: str, api_players: Any,
                                                              tmp_path_factory: Any) -> None:
    host = fresh_page()
    host.goto("/tournaments/")
    balance_loaded(host)
    assert host.locator("#welcome-guest").is_visible() and not host.locator("#btn-welcome").is_visible()
    organiser = api_players(host)  # registered: the welcome coins are for accounts
    # The organiser's added prize and guarantee come from coins of its own, never welcome coins.
    own_coins(tmp_path_factory, organiser.id)
    host.reload()  # as the account corner's sign-up does
    balance_loaded(host)
    host.locator("#btn-welcome").click()
    host.wait_for_function("() => document.querySelector('#balance').textContent.replace(/\\s/g, '') === '2000'")

    # Every field of the create body is on the form; a bad value is refused naming its field.
    check_the_form_offers_every_create_setting(host, server)
    host.fill('#create [name="name"]', "Кубок браузера")
    host.fill('#create [name="entry_fee"]', "10")
    host.fill('#create [name="rake_percent"]', "60")
    host.fill('#create [name="added_prize"]', "20")
    host.fill('#create [name="guarantee"]', "100")
    host.fill('#create [name="timer"]', "120")
    host.locator('#create button[type="submit"]').click()
    error = host.locator('#create [data-field="rake_percent"] .field-error')
    error.wait_for(state="visible")
    assert "от 0 до 50" in error.inner_text()
    assert host.locator('#create [name="rake_percent"]').get_attribute("aria-invalid") == "true"
    assert host.locator("#create .field-error:visible").count() == 1
    host.screenshot(path=str(SCREENSHOTS / "tournament-form-refused.png"), full_page=True)
    # Payouts that do not add up are refused by the server, next to their field.
    host.fill('#create [name="rake_percent"]', "10")
    host.fill('#create [name="payouts"]', "60,30")
    host.locator('#create button[type="submit"]').click()
    host.locator('#create [data-field="payouts"] .field-error').wait_for(state="visible")
    host.fill('#create [name="payouts"]', "")
    host.locator('#create button[type="submit"]').click()
    host.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    tournament = int(host.url.rstrip("/").rsplit("/", 1)[1])
    host.wait_for_selector("#t-summary .tp-terms")
    assert "На выбывание" in host.locator("#t-summary .tp-terms").inner_text()
    host.locator('[data-do="join"]').click()
    host.wait_for_selector('[data-do="withdraw"]')

    # A second person in a browser plays the computer meanwhile; two more enter by the API.
    second = fresh_page()
    second.goto("/")
    driver.wait_ready(second)
    players = {p.id: p for p in (api_players(host), api_players(second), api_players(), api_players())}
    # Registering ended the second page's guest token: it reloads with its new one, as the
    # account corner's sign-up does.
    second.reload()
    driver.wait_ready(second)
    for player in list(players.values())[1:]:
        player.welcome()
        player.join(tournament)
    # The tournament page follows the entries by itself (its socket, or its reads meanwhile).
    host.wait_for_function("() => document.querySelectorAll('#t-entrants .entrants li').length === 4", timeout=30_000)
    assert host.evaluate("() => window.durakTournament.live") is True
    # 4 × 10 in fees, 10 % rake, 20 added, and the organiser's overlay up to the 100 guaranteed.
    host.wait_for_function("() => document.querySelector('#t-pool [data-pool=\"entry_fees\"] td').textContent === '40'")
    assert _pool(host) == {"entry_fees": "40", "rake": "−4", "added_prize": "+20", "overlay": "+44", "total": "100"}
    host.screenshot(path=str(SCREENSHOTS / "tournament-registration.png"), full_page=True)

    # The start takes each player's page to their table: the organiser's at once (it was on
    # the tournament page), the second's with a button (it sits at a running game of its own).
    host.locator('[data-do="start"]').click()
    _at_tournament_table(host)
    bar = host.locator("#tour-bar").inner_text()
    assert "Кубок браузера" in bar and "Тур 1" in bar
    assert not host.locator("#btn-new").is_visible()
    assert not host.locator("#settings").is_visible()
    host.wait_for_selector(".move-clock:not([hidden])")
    host.screenshot(path=str(SCREENSHOTS / "tournament-table.png"))

    second.wait_for_selector("#table-notice:not([hidden]) .tn-go")
    notice = second.locator("#table-notice").inner_text()
    assert "Ваш стол готов" in notice and "тур 1" in notice and "Кубок браузера" in notice
    assert second.locator("#btn-new").is_visible()  # still at its own game until it goes
    second.screenshot(path=str(SCREENSHOTS / "tournament-notice.png"))
    second.locator("#table-notice .tn-go").click()
    _at_tournament_table(second)
    assert not second.locator("#btn-new").is_visible()

    # Anyone may watch: the tournament page shows round 1's tables, with links, and the pool.
    watcher = fresh_page()
    watcher.goto(f"/tournaments/{tournament}/")
    watcher.wait_for_function("() => document.querySelectorAll('#t-rounds .tbl').length === 2")
    links = watcher.locator("#t-rounds .tbl header a")
    games = sorted(int(href.split("=")[1]) for href in links.evaluate_all("(as) => as.map((a) => a.getAttribute('href'))"))
    assert games == sorted(t["game"] for t in detail(players[next(iter(players))], tournament)["rounds"][0]["tables"])
    assert _pool(watcher)["total"] == "100"
    assert "Тур 1" in watcher.locator("#t-rounds .round-col h3").first.inner_text()
    watcher.screenshot(path=str(SCREENSHOTS / "tournament-round-1.png"), full_page=True)
    # The organiser's own tab of the page: «Следующий тур» while round 1 is in play says so.
    organiser_tab = host.context.new_page()
    organiser_tab.goto(f"/tournaments/{tournament}/")
    organiser_tab.locator('[data-do="advance"]').click()
    organiser_tab.wait_for_selector("#tour-message:not([hidden])")
    assert "Тур ещё идёт" in organiser_tab.locator("#tour-message").inner_text()
    assert organiser_tab.locator('[data-do="cancel"], [data-do="start"], [data-do="join"]').count() == 0
    organiser_tab.close()

    # Round 1 played out through the API (the two browser players meant to win): the page
    # follows each table's end over its socket, then the final is seated and its players'
    # pages are taken there.
    host_id, second_id = list(players)[:2]
    losers = set(players) - {host_id, second_id}
    for table in detail(players[host_id], tournament)["rounds"][0]["tables"]:
        if {host_id, second_id} <= set(table["players"]):
            losers.add(second_id)  # one of them must lose: never two meant to win at a table
        play_table({p: players[p] for p in table["players"]}, table["game"], losers=losers)

    def final_seated() -> dict[str, Any] | None:
        now = detail(players[host_id], tournament)
        return now if len(now["rounds"]) == 2 else None

    final = wait_for(final_seated, what="the final")["rounds"][1]
    assert final["final"] is True
    watcher.wait_for_function("() => document.querySelectorAll('#t-rounds .round-col').length === 2")
    watcher.wait_for_function("() => document.querySelector('#t-rounds .round-col.final h3').textContent.includes('Финал')")
    first_round = watcher.locator("#t-rounds .round-col").first
    assert first_round.locator(".tbl.over").count() == 2
    assert first_round.locator(".chip.durak").count() == 2
    assert first_round.locator(".chip.through").count() == 2
    for page, player in ((host, host_id), (second, second_id)):
        if player in final["tables"][0]["players"]:
            page.wait_for_selector("#tour-bar .tt-round.final", timeout=30_000)
            _at_tournament_table(page)
            assert page.locator("#tour-bar .tt-round").inner_text() == "Финал"
            page.screenshot(path=str(SCREENSHOTS / "tournament-final-table.png"))

    # The final played out: the page shows the winner, the standings and the prizes.
    play_table({p: players[p] for p in final["tables"][0]["players"]}, final["tables"][0]["game"])
    # The page hears the end on its socket; a lost notice is healed by its own read every
    # 30 s (tournament.js, SAFETY_MS), which the wait must outlast.
    watcher.wait_for_selector("body[data-status='finished'] #t-summary .tp-news.winner", timeout=40_000)
    finished = detail(players[host_id], tournament)
    winner = next(s for s in finished["standings"] if s["place"] == 1)
    assert winner["name"] in watcher.locator("#t-summary .tp-news.winner").inner_text()
    assert watcher.locator("#t-standings tbody tr").count() == 4
    assert watcher.locator("#t-pool .payouts .won").first.inner_text() == winner["name"]
    assert watcher.locator("#t-rounds .chip.winner").count() == 1
    watcher.screenshot(path=str(SCREENSHOTS / "tournament-finished.png"), full_page=True)
    # At a finished tournament table the result offers the tournament, not a new game.
    for page in (host, second):
        page.wait_for_selector("#result:not([hidden])")
        assert page.locator('#result [data-act="new"]').count() == 0
        assert page.locator("#result a[href^='/tournaments/']").count() == 1
    # Its table over, the game page is the person's own again: a new game against the computer.
    host.goto("/")
    driver.wait_ready(host)
    assert host.locator("#btn-new").is_visible() and not host.locator("#tour-bar").is_visible()


def test_the_tournament_page_and_its_table_on_a_phone(fresh_page: Any, server: str, api_players: Any,
                                                      tmp_path_factory: Any) -> None:
    organiser = api_players()
    organiser.welcome()
    own_coins(tmp_path_factory, organiser.id)  # the added prize: coins of its own, never welcome coins
    made = organiser.call("POST", "/tournaments/", {
        "name": "Телефонный кубок с длинным названием", "format": "elimination", "rules": {"players": 3},
        "entry_fee": 5, "added_prize": 50, "min_entrants": 3, "max_entrants": 3, "leaves": "half", "timer": 90})
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    phone = fresh_page(viewport=PHONE)
    phone.goto(f"/tournaments/{tournament}/")
    phone.wait_for_selector('[data-do="join"]')
    balance_loaded(phone)
    # A guest is asked to sign up first: coins at stake are for accounts.
    phone.locator('[data-do="join"]').click()
    phone.wait_for_selector("#tour-message:not([hidden])")
    assert "Зарегистрируйтесь" in phone.locator("#tour-message").inner_text()
    api_players(phone)  # registered (the same token)
    phone.reload()  # as the account corner's sign-up does
    phone.wait_for_selector('[data-do="join"]')
    # Not enough coins: the refusal says so, and the welcome coins are one click away.
    phone.locator('[data-do="join"]').click()
    phone.wait_for_function("() => document.querySelector('#tour-message').textContent.includes('Не хватает монет')")
    phone.locator("#btn-welcome").click()
    phone.wait_for_function("() => document.querySelector('#balance').textContent.replace(/\\s/g, '') === '1000'")
    phone.locator('[data-do="join"]').click()
    phone.wait_for_selector('[data-do="withdraw"]')
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
    phone.screenshot(path=str(SCREENSHOTS / "tournament-phone-registration.png"), full_page=True)
    others = [api_players(), api_players()]
    for player in others:
        player.welcome()
        player.join(tournament)  # the last place taken starts it
    _at_tournament_table(phone)
    assert phone.locator("#tour-bar").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(SCREENSHOTS / "tournament-phone-table.png"))
    phone.goto(f"/tournaments/{tournament}/")
    phone.wait_for_selector("#t-rounds .tbl.mine")
    # Back at the bracket on purpose: the notice offers the table, it does not jump there.
    phone.wait_for_selector("#table-notice:not([hidden]) .tn-go")
    assert "/tournaments/" in phone.url
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
    phone.screenshot(path=str(SCREENSHOTS / "tournament-phone.png"), full_page=True)
    # English, from the same switch as the game page.
    phone.locator('.lang-switch [data-set-lang="en"]').click()
    phone.wait_for_function("() => document.querySelector('#t-rounds h2').textContent === 'Rounds'")
    assert phone.locator("#t-rounds .round-col h3").first.inner_text().startswith("Final")  # three at a table of three
    phone.wait_for_function("() => document.querySelector('#table-notice').textContent.startsWith('Your table is ready')")
    phone.screenshot(path=str(SCREENSHOTS / "tournament-phone-en.png"), full_page=True)


def _routed(page: Any, tournament: int, body: dict[str, Any], calls: list[str]) -> None:
    """The page's detail requests answered with ``body`` (the same tournament id)."""
    text = json.dumps({**body, "id": tournament})

    def answer(route: Any) -> None:
        calls.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=text)

    page.route(re.compile(rf".*/api/v1/tournaments/{tournament}/$"), answer)


def test_swiss_standings_with_the_buchholz(fresh_page: Any, api_players: Any) -> None:
    organiser = api_players()
    made = organiser.call("POST", "/tournaments/", {"name": "Швейцарка", "format": "swiss", "rules": {"players": 3}, "rounds": 3})
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    swiss = json.loads((FIXTURES / "swiss.json").read_text())
    page = fresh_page()
    calls: list[str] = []
    _routed(page, tournament, swiss, calls)
    page.goto(f"/tournaments/{tournament}/")
    page.wait_for_selector("#t-standings:not([hidden]) tbody tr")
    head = page.locator("#t-standings thead").inner_text()
    assert "Очки" in head and "Бухгольц" in head
    first = page.locator("#t-standings tbody tr").first.locator("td").all_inner_texts()
    top = swiss["standings"][0]
    assert first[1] == top["name"] and first[2] == f"{top['points']:g}".replace(".", ",")
    assert first[3] == f"{top['tiebreak']:g}".replace(".", ",")
    assert page.locator("#t-rounds .round-col").count() == 3
    assert "Тур 1 из 3" in page.locator("#t-rounds .round-col h3").first.inner_text()
    assert page.locator("#t-rounds .chip.pts").count() == sum(len(t["players"]) for r in swiss["rounds"] for t in r["tables"])
    assert page.locator("#t-pool .payouts li").count() == 3
    page.screenshot(path=str(SCREENSHOTS / "tournament-swiss.png"), full_page=True)


def _big(tournament: int, tables: int = 256, seats: int = 4) -> dict[str, Any]:
    """An elimination of tables x seats entrants: round 1 with every other table over."""
    entrants = [{"player": i, "name": f"Игрок {i}", "status": "playing"} for i in range(1, tables * seats + 1)]
    rows = []
    for n in range(tables):
        players = list(range(n * seats + 1, n * seats + seats + 1))
        over = n % 2 == 0
        result = {"durak": seats - 1, "draw": False, "losers": [seats - 1], "places": list(range(seats - 1))} if over else None
        rows.append({"game": 100_000 + n, "players": players, "status": "finished" if over else "active", "result": result})
    total = len(entrants) * 10
    return {
        "id": tournament, "name": "Большой кубок", "format": "elimination", "status": "running",
        "organiser": 1, "organiser_name": "Организатор", "entry_fee": 10, "entrants_count": len(entrants),
        "max_entrants": 4096, "starts_at": None, "created_at": "2027-01-01T10:00:00+00:00",
        "rules": {"variant": "podkidnoy", "players": seats, "deck": 36}, "rake_percent": 0, "added_prize": 0,
        "guarantee": 0, "payouts": [17, 11, 8, 7, 6, 5, 4, 4, 3, 3, 3, 3] + [2] * 8 + [1] * 10, "payouts_given": False,
        "min_entrants": 2, "rounds_total": None, "leaves": "durak", "timer": 30, "spectator_delay": 2,
        "entrants": entrants, "entered": False,
        "pool": {"entry_fees": total, "rake": 0, "added_prize": 0, "overlay": 0, "total": total},
        "rounds": [{"number": 1, "final": False, "byes": [], "tables": rows}],
        "standings": [{"place": 1, "player": e["player"], "name": e["name"], "points": 0, "tiebreak": None, "prize": 10}
                      for e in entrants],
        "started_at": "2027-01-01T10:05:00+00:00", "finished_at": None,
    }


def test_256_tables_are_drawn_at_once_from_one_answer(fresh_page: Any, api_players: Any) -> None:
    organiser = api_players()
    made = organiser.call("POST", "/tournaments/", {"name": "Большой кубок", "format": "elimination"})
    tournament = made.json()["id"]
    page = fresh_page()
    calls: list[str] = []
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if "/api/v1/" in r.url else None)
    _routed(page, tournament, _big(tournament), calls)
    page.goto(f"/tournaments/{tournament}/")
    page.wait_for_function("() => document.querySelectorAll('#t-rounds .tbl').length === 256")
    assert page.locator("#t-rounds .seat").count() == 1024
    # One more read and draw, timed in the page: the whole bracket in well under a second.
    page.wait_for_function("() => window.durakTournament.live")
    page.wait_for_timeout(300)
    before = len(calls)
    ms = page.evaluate("async () => { const t0 = performance.now(); await window.durakTournament.refresh(); return performance.now() - t0; }")
    assert ms < 1500, f"a refresh with 256 tables took {ms:.0f} ms"
    assert len(calls) == before + 1  # one read, one drawing
    # No request per table: the detail, the player, the wallet, the notices; nothing else.
    per_table = [u for u in requests if "/games/" in u or "/tournaments/tables/" in u]
    assert not per_table, per_table
    assert len(requests) < 12, requests
    page.fill("#t-find", "Игрок 777")
    page.wait_for_function("() => document.querySelectorAll('#t-rounds .tbl:not(.miss)').length === 1")
    page.fill("#t-find", "")
    page.screenshot(path=str(SCREENSHOTS / "tournament-256-tables.png"))


def test_withdraw_and_cancel_give_every_coin_back(fresh_page: Any, api_players: Any, tmp_path_factory: Any) -> None:
    page = fresh_page()
    page.goto("/tournaments/")
    balance_loaded(page)
    organiser = api_players(page)
    organiser.welcome()
    own_coins(tmp_path_factory, organiser.id)  # 1,000 of its own beside the 1,000 welcome coins
    page.reload()
    made = organiser.call("POST", "/tournaments/", {"name": "Отменяемый", "format": "round_robin", "rules": {"players": 2},
                                                    "entry_fee": 25, "added_prize": 75})
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    page.goto(f"/tournaments/{tournament}/")
    balance_shows(page, 1925, organiser)
    page.locator('[data-do="join"]').click()
    balance_shows(page, 1900, organiser)
    assert page.locator("#t-entrants .entrants li.you").count() == 1
    page.locator('[data-do="withdraw"]').click()
    balance_shows(page, 1925, organiser)
    assert page.locator("#t-entrants .entrants li").count() == 0
    # Cancelling asks for a second press.
    page.locator('[data-do="cancel"]').click()
    assert "ещё раз" in page.locator('[data-do="cancel"]').inner_text()
    page.locator('[data-do="cancel"]').click()
    page.wait_for_selector("body[data-status='cancelled']")
    assert "отменён" in page.locator("#t-summary").inner_text()
    balance_shows(page, 2000, organiser)
    assert page.locator("[data-do]").count() == 0
