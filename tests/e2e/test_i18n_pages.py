"""Every page in Russian and in English with one i18n module: opened in each language at
1366×800, no wording of the other language's table shows in the visible text (nor, more
broadly, a Latin word on a Russian page or a Cyrillic one on an English page, apart from
people's and tournaments' names and a few known exceptions), the choice made on one page
holds on the next, and the admin's game page reads in Russian. Screenshots:
test-output/screenshots/i18n-*.png."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import ROOT, SCREENSHOTS
from tests.e2e.players import ApiPlayer, page_player
from tests.e2e.test_replay_page import finished_game

WIDE = {"width": 1366, "height": 800}
# Latin a Russian page may show: the other language's button, the replay's «(JSON)» file
# and «SHA-256» in the fair deal's explanation (and Roman numerals). Cyrillic an English page may show: «РУ».
LATIN_OK = {"EN", "JSON", "SHA"}
CYRILLIC_OK = {"РУ"}
GUEST = re.compile(r"Гость [0-9a-f]{4}")


def data_names(server: str) -> set[str]:
    """People's and tournaments' names the pages show as they are, in any language."""
    http = httpx.Client(base_url=server + "/api/v1", timeout=30)
    token = http.post("/auth/guest/").json()["token"]
    http.headers["Authorization"] = "Token " + token
    names: set[str] = set()
    for t in http.get("/tournaments/").json().get("tournaments", []):
        names |= {t["name"], t.get("organiser_name") or ""}
        detail = http.get(f"/tournaments/{t['id']}/").json()
        names |= {e["name"] for e in detail.get("entrants", [])}
    watch = http.get("/watch/").json()
    for game in watch.get("live", []) + watch.get("finished", []):
        # People only: a computer seat's name is the page's own words («Компьютер (новичок)»).
        names |= {s.get("name") or "" for s in game["seats"] if s.get("kind") == "human"}
    for variant in ("podkidnoy", "perevodnoy"):
        board = http.get("/ratings/", params={"variant": variant}).json()
        names |= {r.get("name") or "" for r in board.get("ratings", board.get("players", []))}
    http.close()
    return {n for n in names if n}


def strings(page: Any) -> dict[str, dict[str, str]]:
    """The one table of the page's i18n module, as the browser loaded it."""
    return page.evaluate("() => import('/static/durak/i18n.js').then((m) => JSON.parse(JSON.stringify(m.STRINGS)))")


def foreign_fragments(table: dict[str, dict[str, str]], lang: str) -> set[str]:
    """The other language's wordings (split at their {placeholders}) that this language
    words differently: none of them may show on a page in ``lang``."""
    other = "en" if lang == "ru" else "ru"
    script = r"[A-Za-z]" if other == "en" else r"[А-Яа-яЁё]"
    found: set[str] = set()
    for key, value in table[other].items():
        if table[lang].get(key, value) == value:
            continue
        for part in re.split(r"\{\w+\}", value):
            part = part.strip(" .,:;—()«»")
            if len(part) >= 5 and re.search(script, part):
                found.add(part)
    return found


def check(page: Any, lang: str, names: set[str], table: dict[str, dict[str, str]]) -> None:
    assert page.locator("html").get_attribute("lang") == lang
    text = page.evaluate("() => document.body.innerText")
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = GUEST.sub(" ", text)
    leaks = sorted(f for f in foreign_fragments(table, lang) if f in text)
    assert leaks == [], (lang, leaks, text[:1500])
    if lang == "ru":
        # Roman numerals are Russian too: «в XVIII веке».
        words = {w for w in re.findall(r"\b[A-Za-z]{2,}\b", text) if not re.fullmatch(r"[IVXLC]+", w)} - LATIN_OK
    else:
        words = set(re.findall(r"[А-Яа-яЁё]+", text)) - CYRILLIC_OK
    assert words == set(), (lang, words, text[:1500])


def wait_loaded(page: Any, path: str) -> None:
    if path == "/":
        page.wait_for_function("() => document.querySelectorAll('#hand .card').length > 0")
        page.wait_for_selector("#game[data-ready='1']")
    elif path.startswith("/games/"):
        page.wait_for_selector("#replay[data-ready='1']")
        page.wait_for_selector("#rp-fair[data-verdict='proved']")
    elif path == "/watch/":
        page.wait_for_selector("#watch[data-ready='1']")
    elif path.startswith("/players/"):
        page.wait_for_selector("#profile[data-ready='1']")
    elif path.startswith("/ratings/"):
        page.wait_for_selector("#board[data-ready='1']")
    else:
        page.wait_for_function("() => /^[\\d\\s,]+$/.test(document.querySelector('#balance').textContent)")
        page.wait_for_function("() => !document.body.innerText.includes('Загрузка') && !document.body.innerText.includes('Loading')")


def a_running_tournament(server: str) -> int:
    organiser, alice, bob = ApiPlayer(server), ApiPlayer(server), ApiPlayer(server)
    for person in (organiser, alice, bob):
        person.welcome()
    made = organiser.call("POST", "/tournaments/", {
        "name": "Кубок языков", "format": "round_robin", "rules": {"players": 2}, "entry_fee": 700,
        "payouts": [100], "max_entrants": 2})
    assert made.status_code == 201, made.text
    tournament = int(made.json()["id"])
    alice.join(tournament)
    bob.join(tournament)  # the last place starts it
    for person in (organiser, alice, bob):
        person.close()
    return tournament


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_speaks_one_language(fresh_page: Any, server: str, lang: str) -> None:
    guest, game = finished_game(server)
    player = guest.http.get("/api/v1/players/me/").json()["id"]
    tournament = a_running_tournament(server)
    page = fresh_page(viewport=WIDE, storage={"durak.lang": json.dumps(lang)})
    names = data_names(server)
    for path, shot in (("/", "game"), ("/watch/", "watch"), (f"/games/{game}/replay/", "replay"),
                       ("/tournaments/", "tournaments"), (f"/tournaments/{tournament}/", "tournament"),
                       (f"/players/{player}/", "player"), ("/ratings/", "ratings")):
        page.goto(path)
        wait_loaded(page, path)
        names |= data_names(server)  # the page's own guest, and anyone it shows
        check(page, lang, names, strings(page))
        page.screenshot(path=str(SCREENSHOTS / f"i18n-{shot}-{lang}.png"))
        if lang == "en" and shot == "tournament":
            # Numbers in the page's language: the pool (700 × 2, welcome coins) grouped the English way.
            assert "1,400" in page.evaluate("() => document.body.innerText")


def test_the_switch_on_one_page_is_the_choice_on_every_page(fresh_page: Any, server: str) -> None:
    page = fresh_page(viewport=WIDE)
    page.goto("/watch/")
    page.wait_for_selector("#watch[data-ready='1']")
    assert page.locator("h1").inner_text() == "Дурак онлайн"
    page.locator('.lang-switch [data-set-lang="en"]').click()
    assert page.locator("h1").inner_text() == "Durak Online"
    # One preference, told to the server too (the admin and templates read this cookie).
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("django_language") == "en"
    for path in ("/tournaments/", "/ratings/", "/"):
        page.goto(path)
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert page.locator(".lang-switch [data-set-lang='en']").get_attribute("aria-pressed") == "true"
    page.locator('.lang-switch [data-set-lang="ru"]').click()
    page.goto("/watch/")
    page.wait_for_selector("#watch[data-ready='1']")
    assert page.locator("h1").inner_text() == "Дурак онлайн"


def test_a_refusal_on_the_russian_page_is_russian(fresh_page: Any, server: str) -> None:
    """The wallet's refusal (409 insufficient_funds, an English message in the API) reads
    in Russian on the Russian page, by its code."""
    organiser = ApiPlayer(server)
    organiser.welcome()
    made = organiser.call("POST", "/tournaments/", {"name": "Дорогой кубок", "format": "round_robin",
                                                    "entry_fee": 5000, "max_entrants": 4})
    assert made.status_code == 201, made.text
    page = fresh_page(viewport=WIDE)
    page.goto(f"/tournaments/{made.json()['id']}/")
    page.wait_for_selector('[data-do="join"]')
    member = page_player(server, page)  # registered: the welcome coins are for accounts
    page.reload()  # as the account corner's sign-up does
    page.wait_for_selector('[data-do="join"]')
    page.locator("#btn-welcome").click()
    page.wait_for_function("() => /1\\s?000/.test(document.querySelector('#balance').textContent)")
    page.locator('[data-do="join"]').click()
    page.wait_for_selector("#tour-message:not([hidden])")
    message = page.locator("#tour-message").inner_text()
    assert message == "Не хватает монет: нужно 5000, в кошельке 1000.", message
    assert not re.search(r"[A-Za-z]", message)
    page.screenshot(path=str(SCREENSHOTS / "i18n-refusal-ru.png"))
    organiser.close()
    member.close()


def _staff_login(server: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """A superuser in the test server's own database (the server fixture's SQLite file)."""
    # The session's one server; the newest file, should an older session's folder linger.
    db = max(tmp_path_factory.getbasetemp().glob("**/e2e-server*/e2e.sqlite3"), key=lambda p: p.stat().st_mtime)
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="durak_platform.settings.test", DATABASE_URL=f"sqlite:///{db}")
    code = ("from django.contrib.auth.models import User; "
            "User.objects.filter(username='steward').exists() or "
            "User.objects.create_superuser('steward', 'steward@127.0.0.1', 'kozyrnaya-dama')")
    subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env, check=True, timeout=120)
    return "steward", "kozyrnaya-dama"


def test_the_russian_admin_game_page(fresh_page: Any, server: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    _, game = finished_game(server)
    user, password = _staff_login(server, tmp_path_factory)
    page = fresh_page(viewport=WIDE)
    page.goto(f"/admin/games/game/{game}/change/")
    page.fill("#id_username", user)
    page.fill("#id_password", password)
    page.locator("input[type=submit]").click()
    page.wait_for_selector(".event-log")
    text = page.evaluate("() => document.body.innerText")
    assert f"Партия №{game}" in text and "Подкидной, 24 карты, 2 игрока" in text
    for english in ("Status", "Seq", "Rules", "Created at", "Result", "game_started", "payload"):
        assert english not in text, english
    assert page.locator(f'a[href="/games/{game}/replay/"]').count() >= 1
    page.screenshot(path=str(SCREENSHOTS / "i18n-admin-game-ru.png"), full_page=False)
    page.locator(".event-log").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "i18n-admin-game-log-ru.png"), full_page=False)
    # The admin's own switch, on the same cookie as the pages'.
    page.locator('.admin-lang [data-set-lang="en"]').click()
    page.wait_for_selector(".event-log")
    assert f"Game #{game}" in page.evaluate("() => document.body.innerText")
    page.screenshot(path=str(SCREENSHOTS / "i18n-admin-game-en.png"), full_page=False)
    # ... and the pages follow the admin's choice: one preference.
    page.goto("/watch/")
    page.wait_for_selector("#watch[data-ready='1']")
    assert page.locator("h1").inner_text() == "Durak Online"
