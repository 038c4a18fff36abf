"""Accounts from the page, in a real browser: a guest with a finished game signs up from
the header's corner and sees its name there; signs out and back in (in capitals: the name
is found whatever the case), the old game still theirs; changes the password; a look-alike
of a taken name is refused in Russian; a guest's welcome coins ask to sign up."""

from __future__ import annotations

import secrets
from typing import Any

from tests.e2e import driver
from tests.e2e.conftest import SCREENSHOTS

WIDE = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
PASSWORD = "kozyrnaya-dama"


def _token(page: Any) -> str:
    return str(page.evaluate("() => JSON.parse(localStorage.getItem('durak.token'))"))


def _as_token(page: Any, token: str, path: str) -> Any:
    """A GET of the API with ``token``, from inside the page."""
    return page.evaluate("""async ([token, path]) => {
      const r = await fetch('/api/v1' + path, {headers: {Authorization: 'Token ' + token}});
      return {status: r.status, body: await r.json()};
    }""", [token, path])


def _corner_says(page: Any, name: str) -> None:
    page.wait_for_function("(name) => { const n = document.querySelector('#account-name');"
                           " return n && n.textContent === name; }", arg=name)


def _fill_dialog(page: Any, values: dict[str, str]) -> None:
    page.wait_for_selector("#account-dialog[open] #account-form")
    for field, value in values.items():
        page.fill(f"#account-form [name='{field}']", value)


def test_sign_up_out_in_and_a_new_password_from_the_page(fresh_page: Any) -> None:
    page = fresh_page(viewport=WIDE)
    page.goto("/")
    driver.wait_ready(page)
    driver.play_to_end(page)
    game = page.evaluate("() => window.durakPage.state.gameId")
    guest_token = _token(page)
    page.wait_for_function("() => (document.querySelector('#account-name') || {}).textContent?.startsWith('Гость')")
    assert page.get_attribute("#account-name", "data-registered") == "0"
    assert page.locator("#account-signin").inner_text() == "Войти"

    name = f"Ваня {secrets.randbelow(10**6):06d}"
    page.locator("#account-signup").click()
    _fill_dialog(page, {"username": name, "password": PASSWORD})
    assert "партии и монеты останутся" in page.locator("#account-form").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "account-signup-1366.png"))
    with page.expect_navigation():
        page.locator("#account-submit").click()
    _corner_says(page, name)  # the page reloaded as the same account, now named
    assert page.get_attribute("#account-name", "data-registered") == "1"
    registered_token = _token(page)
    # A change of privilege: the page holds a new token, and the guest's no longer works.
    assert registered_token != guest_token
    assert _as_token(page, guest_token, "/players/me/")["status"] == 401
    driver.wait_ready(page)
    page.screenshot(path=str(SCREENSHOTS / "account-signed-in-1366.png"))
    mine = _as_token(page, registered_token, f"/games/{game}/")
    assert mine["status"] == 200 and mine["body"]["you"] is not None
    # Registered now: the welcome coins are given, into the same player's wallet.
    page.goto("/tournaments/")
    _corner_says(page, name)
    page.wait_for_function("() => /^\\d+$/.test(document.querySelector('#balance').textContent)")
    page.locator("#btn-welcome").click()
    page.wait_for_function("() => document.querySelector('#balance').textContent.replace(/\\s/g, '') === '1000'")

    with page.expect_navigation():
        page.locator("#account-signout").click()
    page.wait_for_function("() => document.querySelector('#account-signin')")
    assert _as_token(page, registered_token, "/players/me/")["status"] == 401  # the token was revoked
    page.wait_for_function("() => (document.querySelector('#account-name') || {}).textContent?.startsWith('Гость')")

    page.locator("#account-signin").click()
    _fill_dialog(page, {"username": "wrong name", "password": PASSWORD})
    page.locator("#account-submit").click()
    page.wait_for_selector("#account-error:not([hidden])")
    assert page.locator("#account-error").inner_text() == "Неверное имя или пароль."
    page.fill("#account-form [name='username']", name.upper())
    with page.expect_navigation():
        page.locator("#account-submit").click()
    _corner_says(page, name)
    token = _token(page)
    assert token not in (guest_token, registered_token)
    mine = _as_token(page, token, f"/games/{game}/")
    assert mine["status"] == 200 and mine["body"]["you"] is not None, "the old game is not theirs any more"
    assert mine["body"]["status"] == "finished"
    page.goto(f"/games/{game}/replay/")  # the corner on the replay page too, signed in
    _corner_says(page, name)
    page.goto("/tournaments/")  # the coins came back with the account
    page.wait_for_function("() => document.querySelector('#balance').textContent.replace(/\\s/g, '') === '1000'")
    assert not page.locator("#btn-welcome").is_visible()
    page.goto("/")
    _corner_says(page, name)

    page.locator("#account-password").click()
    _fill_dialog(page, {"old_password": PASSWORD, "new_password": "valet-buben-42"})
    page.locator("#account-submit").click()
    page.wait_for_function("() => (document.querySelector('#account-said') || {}).textContent?.startsWith('Пароль изменён')")
    assert not page.locator("#account-dialog[open]").count()
    assert _token(page) != token and _as_token(page, token, "/players/me/")["status"] == 401
    assert _as_token(page, _token(page), "/players/me/")["body"]["name"] == name
    page.screenshot(path=str(SCREENSHOTS / "account-password-changed-1366.png"))

    # A look-alike of that name, on a phone, from the tournaments page: refused in Russian.
    phone = fresh_page(viewport=PHONE)
    phone.goto("/tournaments/")
    phone.wait_for_selector("#account-signup")
    # A guest is not offered the welcome coins (the server would refuse): told to sign up.
    phone.wait_for_selector("#welcome-guest:not([hidden])")
    assert not phone.locator("#btn-welcome").is_visible()
    assert "после регистрации" in phone.locator("#welcome-guest").inner_text()
    phone.locator("#account-signup").click()
    look_alike = name.upper()  # the same name in capitals (a name mixing Latin and Cyrillic is refused outright)
    _fill_dialog(phone, {"username": look_alike, "password": PASSWORD})
    phone.locator("#account-submit").click()
    phone.wait_for_selector("#account-error:not([hidden])")
    assert phone.locator("#account-error").inner_text().startswith("Это имя уже занято")
    assert phone.get_attribute("#account-username", "aria-invalid") == "true"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
    phone.screenshot(path=str(SCREENSHOTS / "account-name-taken-390.png"))
    phone.locator("[data-account='cancel']").click()
    phone.screenshot(path=str(SCREENSHOTS / "account-corner-390.png"))


def test_the_corner_is_on_every_page_in_both_languages(fresh_page: Any, server: str) -> None:
    page = fresh_page(viewport=WIDE)
    for path in ("/", "/watch/", "/tournaments/"):
        page.goto(path)
        page.wait_for_selector("header.top #account #account-signup")
        assert page.locator("#account-signup").inner_text() == "Зарегистрироваться", path
    phone = fresh_page(viewport=PHONE)
    for path in ("/", "/tournaments/"):
        phone.goto(path)
        phone.wait_for_selector("header.top #account #account-signup")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        assert phone.locator("#account-signup").is_visible() and phone.locator(".lang-switch").is_visible()
    phone.goto("/")
    driver.wait_ready(phone)
    phone.screenshot(path=str(SCREENSHOTS / "account-corner-game-390.png"))
    page.locator("[data-set-lang='en']").click()
    page.wait_for_function("() => document.querySelector('#account-signup').textContent === 'Sign up'")
    page.locator("#account-signup").click()
    _fill_dialog(page, {"username": "Ив\u200bан", "password": PASSWORD})
    page.locator("#account-submit").click()
    page.wait_for_selector("#account-error:not([hidden])")
    assert "zero-width" in page.locator("#account-error").inner_text()
