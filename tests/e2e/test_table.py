"""The table as a person plays it (issue 24): the move clock and its timeout, readable
cards and buttons, the keyboard, a phone with three opponents, leaving a game only when
asked twice, words that say what happens, the speed and the sound. A real browser
against the real platform (tests/e2e/conftest.py); screenshots in test-output/."""

from __future__ import annotations

import json
import re
import statistics
from typing import Any

import httpx
import pytest

from tests.e2e import contrast, driver
from tests.e2e.conftest import PHONE, SCREENSHOTS

pytestmark = pytest.mark.long  # several minutes of play by clicks: make test starts it first

def _plural_ru(n: int, forms: tuple[str, str, str]) -> str:
    d, h = n % 10, n % 100
    return forms[0] if d == 1 and h != 11 else forms[1] if 2 <= d <= 4 and not 12 <= h <= 14 else forms[2]


def _load(page: Any, url: str = "/") -> None:
    page.goto(url)
    driver.wait_ready(page)


def _token(page: Any) -> str:
    return str(json.loads(page.evaluate("() => localStorage.getItem('durak.token')")))


def _api(server: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=server + "/api/v1", headers={"Authorization": "Token " + token}, timeout=20)


def test_cards_and_buttons_are_readable(fresh_page: Any) -> None:
    """Every card face, dimmed red suits included (no olive: the colour stays red), and
    every visible button have text contrast of at least 4.5:1, as rendered."""
    page = fresh_page(storage={"durak.settings": json.dumps({"opponents": 2, "level": "novice", "transfer": False})})
    _load(page)
    seen_dim_red = False
    for _ in range(40):
        faces = contrast.at_rest(page, "#hand .card .r, #table .card .r, #deck .trump-card .r")
        assert faces and all(f["ratio"] >= 4.5 for f in faces), [f for f in faces if f["ratio"] < 4.5]
        dim_red = page.evaluate("() => [...document.querySelectorAll('#hand .card.dim.red')]"
                                ".map((el) => [getComputedStyle(el).color, getComputedStyle(el).filter])")
        for color, css_filter in dim_red:
            seen_dim_red = True
            r, g, b = (int(x) for x in re.findall(r"\d+", color)[:3])
            assert r > 150 and g < 60 and b < 60, f"a dimmed red card is {color}, not red"
            assert css_filter == "none"
        buttons = contrast.at_rest(page, "#game .btn, #settings .btn, .lang-switch button, #push-toggle")
        assert buttons and all(b["ratio"] >= 4.5 for b in buttons), [b for b in buttons if b["ratio"] < 4.5]
        if seen_dim_red and page.query_selector("#hand .card.dim"):
            break
        if not driver.step(page):
            driver.new_game(page)  # this deal ended before a dimmed red card came up: another
    assert seen_dim_red, "no dimmed red card came up to check"
    print("lowest contrast: card faces", round(min(f["ratio"] for f in faces), 2),
          "buttons", round(min(b["ratio"] for b in buttons), 2))
    # «Уведомлять о ходе» draws its bell: an emoji was an empty box without an emoji font.
    assert page.locator("#push-toggle svg.bell").count() == 1
    assert page.locator("#push-toggle").inner_text().strip() == "Уведомлять о ходе"
    page.wait_for_selector(".top-nav [data-nav='me']")  # «Мой профиль», once the page made its guest
    page.screenshot(path=str(SCREENSHOTS / "table-contrast-desktop.png"))
    # «Посадить компьютер» on the white invitation box (white on white before).
    page.locator("#btn-friend").click()
    driver.leave_if_asked(page)
    page.wait_for_selector("#invite:not([hidden])")
    assert page.locator("#opponents .name").all_inner_texts() == ["Свободное место", "Свободное место"]
    fill = contrast.measured(page, '#invite [data-act="fill"], #invite [data-act="copy"]')
    assert len(fill) == 2 and all(b["ratio"] >= 4.5 for b in fill), fill
    page.screenshot(path=str(SCREENSHOTS / "table-invite.png"))


def test_tab_starts_in_the_hand_skips_dimmed_cards_and_shows_a_ring(desktop: Any, server: str) -> None:
    """Tab from the page's start lands on a playable card; only playable cards are tab
    stops; a raised card shows a focus ring; at the end focus is on «Новая игра»."""
    page, _ = desktop
    _load(page)
    for _ in range(30):
        driver.wait_ready(page)
        if page.locator("#hand .card.dim").count() and page.locator("#hand .card.playable").count():
            break
        if not driver.step(page):
            driver.new_game(page)
    else:
        raise AssertionError("never a hand with dimmed and playable cards at once")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.evaluate("() => window.durakPage.render()")
    page.keyboard.press("Tab")
    first = page.evaluate("() => [document.activeElement.closest('#hand') !== null, document.activeElement.className]")
    assert first[0] and "playable" in first[1], first
    playable = page.locator("#hand .card.playable").count()
    for _ in range(playable - 1):
        page.keyboard.press("Tab")
        cls = page.evaluate("() => document.activeElement.className")
        assert "playable" in cls and "dim" not in cls, cls
    ring = page.evaluate("""() => { const cs = getComputedStyle(document.activeElement);
      return {outline: cs.outlineStyle, width: cs.outlineWidth, shadow: cs.boxShadow, raised: cs.transform}; }""")
    assert ring["outline"] != "none" and ring["width"] != "0px", ring
    assert ring["raised"] != "none", "a raised card"
    page.screenshot(path=str(SCREENSHOTS / "table-focus-ring.png"))
    assert page.evaluate("() => [...document.querySelectorAll('#hand .card.dim')].every((c) => c.tabIndex === -1)")
    # Leave over the API: the page sees the end, and focus goes to «Новая игра».
    game = page.evaluate("() => window.durakPage.state.gameId")
    with _api(server, _token(page)) as api:
        assert api.post(f"/games/{game}/leave/").status_code == 200
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.act === 'new'")
    assert "покинули" in page.locator("#result").inner_text()


def test_phone_with_three_opponents_keeps_hand_and_deck_in_view(fresh_page: Any) -> None:
    """390×844, four players: the settings fold away during the game; while defending the
    hand's bottom is on the screen and the table box never overlaps the deck's."""
    page = fresh_page(viewport=PHONE, storage={
        "durak.settings": json.dumps({"opponents": 3, "level": "novice", "transfer": False})})
    _load(page)
    assert page.locator("#opponents .opp").count() == 3
    assert page.locator("#settings").evaluate("(f) => f.classList.contains('folded')")
    assert not page.locator("#level").is_visible() and page.locator("#btn-settings").is_visible()
    assert page.locator("#btn-new").is_visible()
    page.locator("#btn-settings").click()
    assert page.locator("#level").is_visible()
    page.screenshot(path=str(SCREENSHOTS / "table-phone-settings-open.png"))
    page.locator("#btn-settings").click()  # folded again
    assert not page.locator("#level").is_visible()
    defended = 0
    for _ in range(60):
        driver.wait_ready(page)
        if driver.finished(page):
            break
        page.evaluate("() => window.scrollTo(0, 0)")
        hand = page.locator("#hand").bounding_box()
        table = page.locator("#table").bounding_box()
        deck = page.locator("#deck").bounding_box()
        trump = page.locator("#deck .trump-card").bounding_box() if page.locator("#deck .trump-card").count() else None
        for box in filter(None, [deck, trump]):
            assert table["x"] >= box["x"] + box["width"] - 0.5 or box["x"] >= table["x"] + table["width"] - 0.5 \
                or table["y"] >= box["y"] + box["height"] or box["y"] >= table["y"] + table["height"], (table, box)
        if driver.defending(page):
            defended += 1
            assert hand["y"] + hand["height"] <= PHONE["height"], f"the hand ends at {hand['y'] + hand['height']}"
            if defended == 1:
                page.screenshot(path=str(SCREENSHOTS / "table-phone-defending.png"))
        driver.step(page, policy="take" if defended % 2 else "play")
    assert defended >= 2, "never defended"


def test_the_move_clock_its_timeout_and_taking_the_seat_back(fresh_page: Any, server: str) -> None:
    """A table with an 8-second move timer: the clock counts down on the person's seat,
    turns red in its last seconds; when it runs out the computer plays for them, the page
    says so (and the log too), and «Вернуться за стол» gives the seat back."""
    page = fresh_page()
    _load(page)
    with _api(server, _token(page)) as api:
        created = api.post("/games/", json={"rules": {"players": 2, "deck": 36}, "opponents": [{"ai": "novice"}],
                                            "timer": 8})
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        assert created.json()["options"]["timer"] == 8
    page.goto(f"/?game={game}")
    driver.wait_ready(page)
    clock = page.locator("#me .move-clock")
    clock.wait_for(state="visible")
    assert re.fullmatch(r"0:0[5-8]", clock.inner_text()), clock.inner_text()
    assert "urgent" not in (clock.get_attribute("class") or "")
    page.screenshot(path=str(SCREENSHOTS / "table-clock.png"))
    page.wait_for_selector("#me .move-clock.urgent", timeout=8000)
    page.wait_for_selector("#timeout:not([hidden])", timeout=20000)
    assert page.locator("#timeout").inner_text().startswith("Время вышло — за вас ходит компьютер")
    assert "Время вышло — за вас компьютер:" in page.locator("#log").inner_text()
    assert not re.search(r"^Вы (ходите|подкидываете|бьёте)", page.locator("#log li").first.inner_text())
    page.screenshot(path=str(SCREENSHOTS / "table-timeout.png"))
    # A reload while away: the server says the computer stands in, and the page shows it.
    page.reload()
    driver.wait_ready(page)
    page.wait_for_selector("#timeout:not([hidden])", timeout=10000)
    answers: list[Any] = []
    page.on("response", lambda r: answers.append(r) if r.url.endswith(f"/games/{game}/back/") else None)
    page.locator('#timeout [data-act="back"]').click()
    page.wait_for_selector("#timeout", state="hidden")
    assert page.locator("#message").inner_text() == "Вы снова за столом"
    page.wait_for_function("() => true")
    assert answers and answers[0].status == 200 and answers[0].json()["seat"] == 0


def test_the_move_clock_ends_with_the_time_bank_when_that_is_sooner(fresh_page: Any, server: str) -> None:
    """A 30-second move timer with a 10-second time bank: the clock shows the bank's
    seconds, not the timer's, and the computer moves for the person when the bank is out."""
    page = fresh_page()
    _load(page)
    with _api(server, _token(page)) as api:
        created = api.post("/games/", json={"rules": {"players": 2, "deck": 36}, "opponents": [{"ai": "novice"}],
                                            "timer": 30, "time_bank": 10})
        assert created.status_code == 201, created.text
        game = created.json()["id"]
    page.goto(f"/?game={game}")
    driver.wait_ready(page)
    clock = page.locator("#me .move-clock")
    clock.wait_for(state="visible")
    assert re.fullmatch(r"0:(0[5-9]|10)", clock.inner_text()), clock.inner_text()
    page.wait_for_selector("#timeout:not([hidden])", timeout=20000)


def test_new_game_during_a_game_asks_and_the_left_game_is_lost(fresh_page: Any, server: str) -> None:
    """«Новая игра» mid-game opens a dialog: «Продолжить партию» keeps the game,
    «Бросить и начать новую» ends it as a loss by leaving (listed so) and starts anew."""
    page = fresh_page()
    _load(page)
    driver.step(page)
    driver.wait_ready(page)
    old = page.evaluate("() => window.durakPage.state.gameId")
    page.locator("#btn-new").click()
    dialog = page.get_by_role("dialog")
    dialog.wait_for(state="visible")
    assert "Бросить партию?" in dialog.inner_text()
    page.screenshot(path=str(SCREENSHOTS / "table-confirm.png"))
    page.locator('#confirm [data-confirm="stay"]').click()
    assert not page.locator("#confirm").evaluate("(d) => d.open")
    assert page.evaluate("() => window.durakPage.state.gameId") == old
    page.keyboard.press("Escape")
    page.locator('.lang-switch [data-set-lang="en"]').click()
    page.locator("#btn-new").click()
    assert "Abandon the game?" in page.get_by_role("dialog").inner_text()
    page.keyboard.press("Escape")  # Escape keeps the game too
    assert page.evaluate("() => window.durakPage.state.gameId") == old
    page.locator('.lang-switch [data-set-lang="ru"]').click()
    page.locator("#btn-new").click()
    page.locator('#confirm [data-confirm="leave"]').click()
    page.wait_for_function("(old) => window.durakPage.state.gameId !== old", arg=old)
    driver.wait_ready(page)
    with _api(server, _token(page)) as api:
        left = api.get(f"/games/{old}/").json()
        assert left["status"] == "finished" and left["result"]["durak"] == 0 and left["result"]["forfeits"] == [0]
        listed = next(g for g in api.get("/games/").json()["games"] if g["id"] == old)
        assert listed["status"] == "finished" and listed["result"]["forfeits"] == [0]
        events = api.get(f"/games/{old}/events/?after=0").json()["events"]
        assert [e["type"] for e in events[-2:]] == ["seat_given_up", "game_finished"]


def test_words_plurals_the_deck_running_out_and_the_cards_left(fresh_page: Any) -> None:
    """A whole game: counts use the right plural, the log scrolls and tells when the deck
    ran out, and the end shows the cards left in hand (only then)."""
    page = fresh_page()
    _load(page)
    forms = ("карта", "карты", "карт")
    for _ in range(400):
        if not driver.step(page):
            break
        for text in page.locator("#opponents .count").all_inner_texts():
            n = int(text.split()[0])
            assert text == f"{n} {_plural_ru(n, forms)}", text
        assert page.locator(".left-cards").count() == 0, "cards left shown before the end"
    assert driver.finished(page)
    log = page.locator("#log")
    text = log.inner_text()
    assert "Колода кончилась" in text, text[:400]
    scroll = log.evaluate("(l) => [l.scrollHeight, l.clientHeight, getComputedStyle(l).overflowY]")
    assert scroll[0] > scroll[1] and scroll[2] == "auto", scroll
    assert page.locator("#log li").count() > 20
    assert "Бито" not in [line.split(": ")[-1].strip("«»") for line in text.splitlines() if "Больше не подкидываю" in line]
    result = page.evaluate("() => window.durakPage.state.model.result")
    if not result["draw"]:
        page.wait_for_selector(".left-cards")
        assert re.search(r"(Карты на руках у|Ваши оставшиеся карты)", page.locator("#result").inner_text())
    assert not page.locator("#notice").is_visible(), "the deck notice covers the result"
    page.wait_for_timeout(600)  # the banner's entrance
    page.locator("#result").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "table-end-desktop.png"))


def test_speed_setting_and_sound_toggle_are_remembered(fresh_page: Any) -> None:
    """The speed (normal, fast, instant) and the sound (off by default) are remembered;
    at normal speed a computer's answer is on screen within about a second of the person's move;
    with the sound on, a card played sounds (Web Audio)."""
    page = fresh_page(storage={"durak.speed": "null"})  # the person's own pace, not the tests' speed-up
    _load(page)
    assert page.locator("#pace").input_value() == "normal"
    assert not page.locator("#sound").is_checked()
    delays: list[float] = []
    kinds: list[str] = []
    for _ in range(60):
        driver.wait_ready(page)
        if driver.finished(page):
            break
        # A lead (the computer answers it), or «Бито» (the bout ends, the cards are drawn,
        # and the computer leads the next one): both within a second.
        lead = page.locator("#hand .card.playable").count() and not page.evaluate(
            "() => !!window.durakPage.state.view.table.length")
        beat = driver.visible(page, "#btn-pass") and page.locator("#btn-pass").inner_text() == "Бито" \
            and page.evaluate("() => window.durakPage.state.view.defender === 0 ? false : true")
        if not lead and not beat:
            driver.step(page)
            continue
        page.evaluate("""() => { window.__shown = null; const me = window.durakPage.state.view.you.seat;
          const log = document.querySelector('#log'); window.__start = performance.now();
          new MutationObserver(() => { const e = window.durakPage.state.log.at(-1);
            if (window.__shown === null && e && e.e.seat !== undefined && e.e.seat !== me) window.__shown = performance.now(); })
            .observe(log, { childList: true, subtree: true }); }""")
        if lead:
            page.locator("#hand .card.playable").first.click()
        else:
            page.locator("#btn-pass").click()
        page.wait_for_function("() => window.__shown !== null || !document.querySelector('#result').hidden", timeout=10000)
        if page.evaluate("() => window.__shown === null"):
            break  # the game ended with this move
        delays.append(page.evaluate("() => window.__shown - window.__start"))
        kinds.append("lead" if lead else "bito")
        if len(delays) >= 6 and "bito" in kinds:
            break
    print("computer's answer on screen after the person's click, ms:", list(zip(kinds, [round(d) for d in delays], strict=True)))
    # The page's own pacing is what is checked: typically within a second. One answer of a
    # few may come later on a loaded machine (the server's computer turn, not the page).
    assert delays and statistics.median(delays) < 1000 and max(delays) < 3000, delays
    page.locator("#pace").select_option("instant")
    page.locator("label.switch:has(#sound)").click()
    assert page.locator("#sound").is_checked()
    assert json.loads(page.evaluate("() => localStorage.getItem('durak.pace')")) == "instant"
    assert json.loads(page.evaluate("() => localStorage.getItem('durak.sound')")) is True
    assert page.evaluate("() => document.body.dataset.pace") == "instant"
    page.reload()
    driver.wait_ready(page)
    assert page.locator("#pace").input_value() == "instant" and page.locator("#sound").is_checked()
    if driver.finished(page):
        driver.new_game(page)  # the timed moves above may have been the game's last
    before = page.evaluate("() => window.durakPage.sounds.card")
    for _ in range(12):
        if page.evaluate("() => window.durakPage.sounds.card") > before or not driver.step(page):
            break
    # A move's events are shown (and sounded) after its answer: wait for the pump, not a step.
    page.wait_for_function(f"() => window.durakPage.sounds.card > {before}", timeout=10_000)
    page.screenshot(path=str(SCREENSHOTS / "table-settings-desktop.png"))


def test_phone_with_three_opponents_keeps_the_whole_hand_on_screen_while_defending_many_cards(
        fresh_page: Any) -> None:
    """390×844, four players, several deals: at every moment the person defends, the whole
    hand (its lower edge too) is on the screen, however many cards lie on the table; the
    table never grows a second row, so five or six attacking cards cost no height."""
    page = fresh_page(viewport=PHONE, storage={
        "durak.settings": json.dumps({"opponents": 3, "level": "novice", "transfer": False})})
    _load(page)
    moments, most, deals = 0, 0, 0
    while deals < 4 and (deals < 2 or most < 5):
        deals += 1
        for _ in range(80):
            driver.wait_ready(page)
            if driver.finished(page):
                break
            if driver.defending(page):
                page.evaluate("() => window.scrollTo(0, 0)")
                moments += 1
                pairs = page.locator("#table .pair").count()
                hand = page.locator("#hand").bounding_box()
                lowest = page.evaluate("() => Math.max(...[...document.querySelectorAll('#hand .card')]"
                                       ".map((c) => c.getBoundingClientRect().bottom))")
                assert hand["y"] + hand["height"] <= PHONE["height"] and lowest <= PHONE["height"], \
                    f"with {pairs} cards on the table the hand ends at {max(hand['y'] + hand['height'], lowest)}"
                rows = page.evaluate("() => new Set([...document.querySelectorAll('#table .pair')]"
                                     ".map((p) => Math.round(p.getBoundingClientRect().top))).size")
                assert rows <= 1, f"{pairs} cards on the table in {rows} rows"
                if pairs > most:
                    most = pairs
                    page.screenshot(path=str(SCREENSHOTS / f"table-phone-defending-{pairs}.png"))
            # Taking lets the others throw in more: the table fills up.
            driver.step(page, policy="take")
        driver.new_game(page)  # a finished deal, or one left for the next (a loss by leaving)
    assert moments >= 4, "hardly ever defended"
