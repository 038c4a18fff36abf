"""The game page at ``/`` in a real browser: the page's own rules (docs/rules.md#defaults)
played by clicks, keys and touch against computer players on the platform."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.e2e import driver
from tests.e2e.conftest import DESKTOP, PHONE, SCREENSHOTS


def _load(page: Any) -> None:
    page.goto("/")
    driver.wait_ready(page)




def test_whole_game_against_one_novice_by_clicks(desktop: Any) -> None:
    """A new visitor gets a game against one novice and plays it to the end by clicking;
    the result banner offers «Новая игра»."""
    page, _ = desktop
    _load(page)
    assert page.locator("h1").inner_text() == "Дурак онлайн"
    assert page.locator("#opponents .opp").count() == 1
    assert page.locator("#hand .card").count() == 6
    assert page.locator("#deck .trump-card").count() == 1
    assert int(page.get_attribute("#deck .deck-count", "data-count")) == 24
    for _ in range(4):
        driver.step(page)
    driver.wait_ready(page)
    page.screenshot(path=str(SCREENSHOTS / "desktop-game.png"))
    moves = driver.play_to_end(page)
    assert moves > 0
    result = page.locator("#result")
    assert result.is_visible()
    assert re.search(r"дурак|Ничья|не дурак", result.inner_text(), re.I)
    page.wait_for_timeout(500)  # let the banner's entrance finish
    result.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "desktop-finished.png"))
    # The computer's moves were shown and logged.
    assert page.locator("#log li").count() > 0
    assert "Компьютер" in page.locator(".log-box").inner_text() or "Бито" in page.locator(".log-box").inner_text()
    old = page.evaluate("() => window.durakPage.state.gameId")
    result.get_by_role("button", name="Новая игра").click()
    page.wait_for_function("(old) => window.durakPage.state.gameId !== old", arg=old)
    driver.wait_ready(page)
    assert not page.locator("#result").is_visible()
    assert page.locator("#hand .card").count() >= 6 - 1


def test_dimmed_cards_refuse_clicks(desktop: Any) -> None:
    """Cards that cannot be played now are dimmed, marked aria-disabled and do nothing."""
    page, _ = desktop
    _load(page)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and "/actions/" in r.url else None)
    for _ in range(80):
        driver.wait_ready(page)
        if driver.finished(page):
            driver.new_game(page)
            continue
        if page.locator("#hand .card.dim").count():
            break
        driver.step(page, "take")
    else:
        raise AssertionError("never saw a dimmed card")
    before = driver.state(page)
    dim = page.locator("#hand .card.dim").first
    card = dim.get_attribute("data-card")
    assert dim.get_attribute("aria-disabled") == "true"
    posts.clear()
    dim.click(force=True)
    dim.press("Enter")
    page.wait_for_timeout(600)
    assert posts == []
    after = driver.state(page)
    assert after["seq"] == before["seq"]
    assert card in after["hand"]
    # The raised ones do play.
    assert page.locator("#hand .card.playable").count() + int(driver.visible(page, "#btn-take")) > 0


def test_choosing_the_target_when_a_card_beats_two(desktop: Any) -> None:
    """Defending with a card that beats two table cards lights up both targets; clicking
    one beats exactly that card."""
    page, _ = desktop
    _load(page)
    found: list[str] = []
    for _ in range(400):
        driver.wait_ready(page)
        if driver.finished(page):
            driver.new_game(page)
            continue
        if driver.defending(page):
            found = page.evaluate(driver.MULTI_TARGET)
            if found:
                break
        driver.step(page, "take")
    assert found, "no card beat two table cards in the games played"
    card = found[0]
    targets = page.evaluate(
        "(c) => window.durakPage.state.view.legal_actions.filter((a) => a.type === 'defend' && a.card === c).map((a) => a.target)",
        card,
    )
    page.locator(f'#hand [data-card="{card}"]').click()
    lit = page.locator("#table .card.target")
    assert lit.count() == len(targets) >= 2
    assert sorted(int(x) for x in lit.evaluate_all("(els) => els.map((e) => e.dataset.target)")) == sorted(targets)
    assert "Выберите" in page.locator("#status").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "desktop-target-choice.png"))
    chosen = targets[-1]
    attack = page.evaluate("(i) => window.durakPage.state.view.table[i].attack", chosen)
    before = page.get_attribute("#game", "data-seq")
    page.locator(f'#table [data-target="{chosen}"]').click()
    page.wait_for_function("(s) => document.querySelector('#game').dataset.seq !== s", arg=before)
    # The server recorded exactly that beat.
    events = page.evaluate(
        """async (after) => {
          const s = window.durakPage.state;
          const r = await fetch(`/api/v1/games/${s.gameId}/events/?after=${after}`, {headers: {Authorization: 'Token ' + s.token}});
          return (await r.json()).events;
        }""",
        int(before),
    )
    beat = next(e for e in events if e["type"] == "card_beaten")
    assert beat["card"] == card and beat["target"] == chosen
    assert attack


def test_transfer_with_the_switch_on(desktop: Any) -> None:
    """With «Переводной» on (applied with «Новая игра»), «Перевести» appears above the table
    when a transfer is possible and passes the attack on."""
    page, _ = desktop
    _load(page)
    page.locator("label.switch:has(#transfer)").click()
    assert page.locator("#transfer").is_checked()
    assert page.locator("#pending").is_visible()  # a game is running: applies with «Новая игра»
    driver.new_game(page)
    assert page.evaluate("() => window.durakPage.state.view.rules.variant") == "perevodnoy"
    assert not page.locator("#pending").is_visible()
    for _ in range(400):
        driver.wait_ready(page)
        if driver.finished(page):
            driver.new_game(page)
            continue
        if driver.visible(page, "#btn-transfer"):
            break
        driver.step(page, "take")
    else:
        raise AssertionError("no transfer was possible in the games played")
    assert page.locator("#btn-transfer").inner_text() == "Перевести"
    seq = page.get_attribute("#game", "data-seq")
    options = page.evaluate(
        "() => [...new Set(window.durakPage.state.view.legal_actions.filter((a) => a.type === 'transfer' && !a.shown && a.cards.length === 1).map((a) => a.cards[0]))]"
    )
    page.locator("#btn-transfer").click()
    if len(options) > 1:
        # Several candidates: the player picks the card.
        assert "перевода" in page.locator("#status").inner_text()
        page.locator(f'#hand [data-card="{options[-1]}"]').click()
    page.wait_for_function("(s) => document.querySelector('#game').dataset.seq !== s", arg=seq)
    driver.wait_ready(page)
    log = page.locator(".log-box").inner_text()
    assert "Вы переводите" in log


def test_reload_returns_to_the_same_game(desktop: Any) -> None:
    """The game id and the guest live in localStorage: a reload (or closing the tab and
    coming back) shows the same game at the same point."""
    page, _ = desktop
    _load(page)
    for _ in range(5):
        driver.step(page)
    driver.wait_quiet(page)
    before = driver.state(page)
    page.reload()
    driver.wait_ready(page)
    after = driver.state(page)
    assert after == before
    # Closing the tab and opening a new one in the same profile.
    context = page.context
    page.close()
    again = context.new_page()
    again.goto("/")
    driver.wait_ready(again)
    assert driver.state(again) == before
    assert again.locator("#log li").count() > 0


def test_three_opponents_game_runs(fresh_page: Any) -> None:
    """Choosing three opponents starts (with «Новая игра») a four-player game that plays
    by clicks to its end."""
    page = fresh_page()
    _load(page)
    page.locator('.opp-count label:has(input[value="3"])').click()
    page.locator("#level").select_option("experienced")
    driver.new_game(page)
    assert page.locator("#opponents .opp").count() == 3
    assert int(page.get_attribute("#game", "data-players")) == 4
    assert page.evaluate("() => window.durakPage.state.view.seats.filter((s) => s.kind === 'ai').length") == 3
    for _ in range(3):
        driver.step(page)
    driver.wait_ready(page)
    page.screenshot(path=str(SCREENSHOTS / "desktop-three-opponents.png"))
    driver.play_to_end(page)
    assert driver.finished(page)
    names = page.locator("#opponents .name").all_inner_texts()
    assert names == ["Компьютер 1", "Компьютер 2", "Компьютер 3"]
    saved = json.loads(page.evaluate("() => localStorage.getItem('durak.settings')"))
    assert saved == {"opponents": 3, "level": "experienced", "transfer": False}
    # With no game running, changing a setting starts the next game at once.
    old = page.evaluate("() => window.durakPage.state.gameId")
    page.locator("#level").select_option("novice")
    page.wait_for_function("(old) => window.durakPage.state.gameId !== old", arg=old)
    driver.wait_ready(page)
    assert not page.locator("#result").is_visible()
    assert not page.locator("#pending").is_visible()
    assert page.evaluate("() => window.durakPage.state.view.seats.map((s) => s.ai || null)") == [None, "novice", "novice", "novice"]


def test_english_switch(fresh_page: Any) -> None:
    """РУ/EN switches every visible string, the seed's sections included, and is remembered."""
    page = fresh_page()
    _load(page)
    assert page.locator("#rules h2").inner_text() == "Правила подкидного дурака"
    page.locator('.lang-switch [data-set-lang="en"]').click()
    assert page.locator("h1").inner_text() == "Durak Online"
    assert page.locator("html").get_attribute("lang") == "en"
    assert not page.locator("#rules").is_visible()
    english = page.locator('article[data-lang="en"]')
    assert english.is_visible()
    assert "The rules of podkidnoy durak" in english.inner_text()
    assert "A little history" in english.inner_text()
    assert page.locator("#btn-new").inner_text() == "New game"
    assert page.locator("#status").inner_text().startswith(("Your", "You"))
    # No Cyrillic left in what is on screen, apart from the «РУ» button itself.
    text = page.evaluate("() => document.body.innerText").replace("РУ", "")
    assert not re.search(r"[А-Яа-яЁё]", text), re.findall(r".{0,30}[А-Яа-яЁё]+.{0,30}", text)[:5]
    page.reload()
    driver.wait_ready(page)
    assert page.locator("h1").inner_text() == "Durak Online"
    page.locator('.lang-switch [data-set-lang="ru"]').click()
    assert page.locator("h1").inner_text() == "Дурак онлайн"


def test_keyboard_play(fresh_page: Any) -> None:
    """Cards are buttons: Tab reaches the hand, arrows move between cards, Enter plays."""
    page = fresh_page()
    _load(page)
    for _ in range(40):
        driver.wait_ready(page)
        if page.evaluate("() => window.durakPage.state.view.legal_actions.some((a) => a.type === 'attack') && !window.durakPage.state.view.table.length"):
            break
        if driver.finished(page):
            driver.new_game(page)
            continue
        driver.step(page)
    else:
        raise AssertionError("never had the lead")
    first = page.locator("#hand .card").first
    first.focus()
    page.keyboard.press("ArrowRight")
    second = page.evaluate("() => document.activeElement.dataset.card")
    assert second == page.locator("#hand .card").nth(1).get_attribute("data-card")
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement.dataset.card") == first.get_attribute("data-card")
    card = page.evaluate("() => document.activeElement.dataset.card")
    before = page.get_attribute("#game", "data-seq")
    page.keyboard.press("Enter")
    page.wait_for_function("(s) => document.querySelector('#game').dataset.seq !== s", arg=before)
    driver.wait_ready(page)
    assert card not in driver.state(page)["hand"] or card in sum(driver.state(page)["table"], [])


def test_phone_layout(fresh_page: Any) -> None:
    """At 390×844 nothing spills sideways and the game plays."""
    page = fresh_page(viewport=PHONE)
    _load(page)
    for _ in range(3):
        driver.step(page)
    driver.wait_ready(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    box = page.locator("#hand").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path=str(SCREENSHOTS / "phone-game.png"))
    page.screenshot(path=str(SCREENSHOTS / "phone-game-full.png"), full_page=True)
    driver.play_to_end(page)
    assert driver.finished(page)


def test_page_weight() -> None:
    """The game page's JS + CSS stay under 100 KB gzipped, with no build step: every style
    sheet and module its template (and base.html) names, and every module those import."""
    import gzip
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    root = repo / "static" / "durak"
    html = "".join((repo / "templates" / name).read_text() for name in ("base.html", "index.html"))
    todo = re.findall(r"\{% static 'durak/([\w.-]+\.(?:js|css))' %\}", html)
    assert "app.js" in todo and "style.css" in todo, todo
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name.endswith(".js"):
            todo += re.findall(r'^import [^;]*? from "\./([\w.-]+\.js)";', (root / name).read_text(), re.M)
    data = b"".join((root / name).read_bytes() for name in sorted(seen))
    assert len(gzip.compress(data)) < 100_000, f"{len(gzip.compress(data))} bytes gzipped: {sorted(seen)}"
    assert DESKTOP["width"] == 1280


def test_hint_shows_the_experienced_move(desktop: Any) -> None:
    """«Подсказка» names a legal move and highlights it; it plays nothing by itself."""
    page, _ = desktop
    _load(page)
    seq = page.get_attribute("#game", "data-seq")
    page.locator("#btn-hint").click()
    message = page.locator("#message")
    message.wait_for(state="visible")
    assert message.inner_text().startswith("Подсказка:")
    assert page.locator(".hinted").count() >= 1
    assert page.get_attribute("#game", "data-seq") == seq


WATCH_AUTO_PASS = """() => {
  if (window.autoSeen) return;  // one watcher, across new games
  window.autoSeen = [];
  setInterval(() => {
    const s = window.durakPage.state, v = s.view;
    const acts = v && v.legal_actions || [];
    if (!v || !s.model || v.seq !== s.model.seq || s.busy || acts.length !== 1 || acts[0].type !== 'pass') return;
    const status = document.querySelector('#status').textContent;
    const seen = window.autoSeen;
    if (seen.length && seen[seen.length - 1].seq === v.seq && seen[seen.length - 1].game === v.id) return;
    seen.push({ game: v.id, seq: v.seq, status, passHidden: document.querySelector('#btn-pass').hidden,
                turn: document.querySelector('#game').dataset.turn });
  }, 10);
}"""


def test_nothing_to_throw_in_the_page_passes_by_itself(desktop: Any) -> None:
    """Every thrower is asked in turn, whatever it holds (docs/rules.md#throwing-in); a
    person with nothing of a table rank is not made to click: the page says so, offers no
    button and sends the pass itself."""
    page, errors = desktop
    # The page waits 600 ms × its speed before passing: at the tests' usual 0.1 that window
    # is 60 ms, too brief to be seen reliably on a busy machine.
    page.goto("/")
    page.evaluate("() => localStorage.setItem('durak.speed', '0.4')")
    _load(page)
    passes: list[dict[str, Any]] = []

    def note(request: Any) -> None:
        if request.method == "POST" and "/actions/" in request.url and request.post_data_json.get("type") == "pass":
            game = int(re.search(r"/games/(\d+)/actions/", request.url).group(1))
            passes.append({**request.post_data_json, "game": game})

    page.on("request", note)
    page.evaluate(WATCH_AUTO_PASS)
    games = 1
    for _ in range(600):
        if not driver.step(page):
            if games == 3:  # a deal may give few moments with nothing to throw: up to three games
                break
            games += 1
            driver.new_game(page)
            page.evaluate(WATCH_AUTO_PASS)
            continue
        seen = page.evaluate("() => window.autoSeen")
        sent = {(p["game"], p["expected_seq"]) for p in passes}
        if len([s for s in seen if (s["game"], s["seq"]) in sent]) >= 2:
            break
    seen = page.evaluate("() => window.autoSeen")
    sent = {(p["game"], p["expected_seq"]) for p in passes}
    automatic = [s for s in seen if (s["game"], s["seq"]) in sent]
    assert len(automatic) >= 2, (seen, passes)
    for moment in automatic:
        # Nothing to click while the page passes: no «Бито» button, not the person's turn.
        assert moment["passHidden"] and moment["turn"] == "0", moment
        assert moment["status"].startswith("Подкинуть нечего"), moment
    assert not errors
