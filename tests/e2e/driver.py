"""Playing the page the way a person does: by clicking what it offers.

Every move here is a click on a card or a button; the page's state is only read, to
decide which click to make and to check what happened.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

READY = """() => {
  const g = document.querySelector('#game');
  const r = document.querySelector('#result');
  return !!g && (g.dataset.turn === '1' || (r && !r.hidden));
}"""

CHANGED = """(seq) => {
  const g = document.querySelector('#game');
  return g.dataset.seq !== seq || !!document.querySelector('#table .card.target')
    || !!document.querySelector('#result:not([hidden])');
}"""

# Cards in hand that beat more than one card on the table right now.
MULTI_TARGET = """() => {
  const v = window.durakPage.state.view, n = {};
  for (const a of v.legal_actions) if (a.type === 'defend') n[a.card] = (n[a.card] || 0) + 1;
  return Object.keys(n).filter((c) => n[c] >= 2);
}"""


def wait_ready(page: Any, timeout: float = 30_000) -> None:
    """Until the page takes input (the replay has caught up) or shows the result."""
    page.wait_for_function(READY, timeout=timeout)


# Ready, and no computer has a move to make: nothing changes until the person acts.
QUIET = """() => {
  const g = document.querySelector('#game');
  const r = document.querySelector('#result');
  if (r && !r.hidden) return true;
  const v = window.durakPage && window.durakPage.state.view;
  if (!g || g.dataset.turn !== '1' || !v || !v.you) return false;
  return v.to_act.every((seat) => seat === v.you.seat);
}"""


def wait_quiet(page: Any, timeout: float = 30_000) -> None:
    """Until the page takes input and no other seat may act meanwhile (a computer that
    may throw in or beat while the person could act too would change the table)."""
    page.wait_for_function(QUIET, timeout=timeout)


def finished(page: Any) -> bool:
    return bool(page.locator("#result").is_visible())


def seq(page: Any) -> int:
    return int(page.get_attribute("#game", "data-seq") or 0)


def visible(page: Any, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def defending(page: Any) -> bool:
    return bool(page.evaluate(
        "() => { const v = window.durakPage.state.view; return !!v.you && v.defender === v.you.seat && v.table.length > 0; }"
    ))


STATE = """() => { const s = window.durakPage.state; return {
  legal: s.view && s.view.legal_actions, mode: s.mode, viewSeq: s.view && s.view.seq, modelSeq: s.model && s.model.seq,
  busy: s.busy, sending: s.sending, queue: s.queue.length, turn: document.querySelector('#game').dataset.turn,
  hand: document.querySelector('#hand').innerHTML.slice(0, 600),
  buttons: [...document.querySelectorAll('#game .btn')].map((b) => [b.id, b.hidden]) }; }"""


def _click(page: Any, selector: str) -> None:
    if selector.startswith("#hand"):
        # A person clicks a card of a fanned hand at its visible corner: on a phone with a
        # big hand the next card covers the rest of it.
        page.locator(selector).first.click(position={"x": 7, "y": 24})
    else:
        page.locator(selector).first.click()


def click_and_wait(page: Any, selector: str) -> None:
    """Click, and wait until the move shows (a new seq, a target to choose or the result).
    A click the page ignored (it was drawing a computer's move that came in between the
    look and the click: the page takes no input meanwhile) is made once more, as a person
    would, if what was clicked is still on offer once the page takes input again."""
    before = page.get_attribute("#game", "data-seq")
    _click(page, selector)
    try:
        page.wait_for_function(CHANGED, arg=before, timeout=10_000)
        return
    except PlaywrightTimeout:
        pass
    if page.locator(selector).count():
        _click(page, selector)
    try:
        page.wait_for_function(CHANGED, arg=before, timeout=20_000)
    except PlaywrightTimeout as e:
        raise AssertionError(f"The click on {selector} changed nothing: {page.evaluate(STATE)}") from e


def _try_step(page: Any, policy: str) -> bool:
    if page.locator("#table .card.target").count():
        click_and_wait(page, "#table .card.target")
        return True
    if policy == "take" and defending(page) and visible(page, "#btn-take"):
        click_and_wait(page, "#btn-take")
        return True
    if visible(page, "#btn-pass"):
        # One action, three names: «Пусть берёт» while the defender is taking, «Бито» once
        # every card on the table is beaten, else «Больше не подкидываю». The button names the
        # position drawn (the model), which trails the latest view while a computer's move is
        # being shown; label and model are read together so neither moves on in between.
        taking, beaten, label = page.evaluate(
            "() => { const m = window.durakPage.state.model;"
            " return [m.taking, m.table.length > 0 && m.table.every((p) => p.defense),"
            " document.querySelector('#btn-pass').textContent]; }")
        if page.locator("html").get_attribute("lang") == "ru":
            expected = "Пусть берёт" if taking else "Бито" if beaten else "Больше не подкидываю"
            assert label == expected, (label, taking, beaten)
        click_and_wait(page, "#btn-pass")
        return True
    if page.locator("#hand .card.playable").count():
        click_and_wait(page, "#hand .card.playable")
        return True
    if visible(page, "#btn-take"):
        click_and_wait(page, "#btn-take")
        return True
    return False


def step(page: Any, policy: str = "play") -> bool:
    """One move by clicks. ``policy``: "play" (beat when possible, say «Бито» at once) or
    "take" (always take when defending, so the computer keeps attacking). False once the
    game is over."""
    for _ in range(20):
        wait_ready(page)
        if finished(page):
            return False
        if _try_step(page, policy):
            return True
        # The position moved on between reading it and clicking (a computer acted): look again.
        page.wait_for_timeout(250)
    diag = page.evaluate(STATE)
    raise AssertionError(f"The page says it is your turn but offers nothing to click: {diag}")


def play_to_end(page: Any, policy: str = "play", max_steps: int = 600) -> int:
    for count in range(max_steps):
        if not step(page, policy):
            return count
    raise AssertionError(f"The game did not end within {max_steps} moves")


def new_game(page: Any) -> None:
    before = page.get_attribute("#game", "data-seq")
    old = page.evaluate("() => window.durakPage.state.gameId")
    page.locator("#btn-new").click()
    # During a running game the page asks first: leave it (a loss by leaving).
    page.wait_for_function("(old) => window.durakPage.state.gameId !== old || document.querySelector('#confirm').open",
                           arg=old)
    if page.evaluate("() => document.querySelector('#confirm').open"):
        page.locator('#confirm [data-confirm="leave"]').click()
    page.wait_for_function("(old) => window.durakPage.state.gameId !== old", arg=old)
    del before
    wait_ready(page)


def state(page: Any) -> dict[str, Any]:
    """What is on the screen, as the page shows it."""
    return page.evaluate("""() => ({
      seq: document.querySelector('#game').dataset.seq,
      hand: [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.card),
      table: [...document.querySelectorAll('#table .pair')].map((p) => [...p.querySelectorAll('.card')].map((c) => c.dataset.card)),
      opponents: [...document.querySelectorAll('#opponents .opp .count')].map((c) => c.dataset.count),
      deck: document.querySelector('#deck .deck-count').dataset.count,
      discard: document.querySelector('#discard .discard-count').dataset.count,
      game: window.durakPage.state.gameId,
    })""")


def leave_if_asked(page: Any) -> None:
    """«Новая игра» / «Играть с друзьями» during a running game ask first: confirm leaving it."""
    page.wait_for_function("() => document.querySelector('#confirm').open || !document.querySelector('#invite').hidden"
                           " || !window.durakPage.state.creating", timeout=5_000)
    if page.evaluate("() => document.querySelector('#confirm').open"):
        page.locator('#confirm [data-confirm="leave"]').click()
