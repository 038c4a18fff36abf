"""Players who act through the REST API (httpx) beside the browser pages: they take their
welcome coins, enter tournaments and play tables out, so a test can move a tournament on
while the pages show it."""

from __future__ import annotations

import secrets
import time
from typing import Any

import httpx

PASSWORD = "kozyrnaya-dama"


class ApiPlayer:
    """A registered player (welcome coins and prize tournaments are for accounts), or the
    player of ``token``: a guest among them is registered, keeping its token."""

    def __init__(self, server: str, token: str | None = None) -> None:
        self.http = httpx.Client(base_url=server + "/api/v1", timeout=30)
        if token is not None:
            self.http.headers["Authorization"] = "Token " + token
        me = self.http.get("/players/me/").json() if token is not None else {"guest": True}
        if me["guest"]:
            answer = self.http.post("/auth/register/", json={"username": f"Игрок {secrets.randbelow(10**8):08d}",
                                                             "password": PASSWORD})
            answer.raise_for_status()
            self.http.headers["Authorization"] = "Token " + answer.json()["token"]
        me = self.http.get("/players/me/").json()
        self.id: int = me["id"]
        self.name: str = me["name"]

    def call(self, method: str, path: str, body: Any = None) -> httpx.Response:
        return self.http.request(method, path, json=body)

    def welcome(self) -> None:
        answer = self.call("POST", "/wallet/welcome/")  # a second claim changes nothing
        assert answer.status_code == 200, answer.text

    def join(self, tournament: int) -> None:
        answer = self.call("POST", f"/tournaments/{tournament}/join/")
        assert answer.status_code == 200, answer.text

    def close(self) -> None:
        self.http.close()


def page_player(server: str, page: Any) -> ApiPlayer:
    """The browser page's own player, to act for it through the API (registered now if a
    guest: registering ends the guest's token, so the page is given the new one, as the
    account corner's sign-up does, and the page is opened again with it)."""
    token = page.evaluate("() => JSON.parse(localStorage.getItem('durak.token'))")
    assert token, "the page has no guest yet"
    shown = page.url
    # An open page answers its ended guest token's 401 with a new guest of its own
    # (static/durak/api.js) and keeps that one: so while the token changes hands the tab
    # waits on a file of the same origin that runs no script, then opens the page again.
    page.goto(server + "/static/durak/icon-192.png")
    player = ApiPlayer(server, token)
    now = player.http.headers["Authorization"].removeprefix("Token ")
    page.evaluate("t => localStorage.setItem('durak.token', JSON.stringify(t))", now)
    page.goto(shown)
    return player


def _choose(actions: list[dict[str, Any]], losing: bool) -> dict[str, Any]:
    kinds = {a["type"]: a for a in reversed(actions)}  # the first of each kind
    # A player meant to lose takes whatever comes and lets the others be; one meant to win
    # beats what it can and leads whenever it may.
    order = ("take", "pass", "attack", "defend") if losing else ("defend", "attack", "pass", "take")
    for kind in order:
        if kind in kinds:
            return kinds[kind]
    return actions[0]


def play_table(players: dict[int, ApiPlayer], game: int, losers: set[int] = frozenset(), timeout: float = 120) -> dict[str, Any]:
    """Every seat of the table moves through the API until the game is over; the players in
    ``losers`` take every attack (so they are most likely the durak)."""
    deadline = time.monotonic() + timeout
    view: dict[str, Any] = {}
    while time.monotonic() < deadline:
        moved = False
        for player_id, player in players.items():
            view = player.call("GET", f"/games/{game}/").json()
            if view["status"] == "finished":
                return view
            if view.get("you") is None or not view["legal_actions"]:
                continue
            action = _choose(view["legal_actions"], player_id in losers)
            answer = player.call("POST", f"/games/{game}/actions/", {**action, "expected_seq": view["seq"]})
            moved = moved or answer.status_code == 200
        if not moved:
            time.sleep(0.1)
    raise AssertionError(f"table {game} did not finish: {view}")


def detail(player: ApiPlayer, tournament: int) -> dict[str, Any]:
    answer = player.call("GET", f"/tournaments/{tournament}/")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def wait_for(predicate: Any, timeout: float = 30, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what or predicate}")


def own_coins(tmp_path_factory: Any, player_id: int, amount: int = 1000) -> None:
    """Coins of the player's own (a staff grant, `manage.py grant_coins`) in the test
    server's database: an added prize or a guarantee is never paid in welcome coins."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    db = max(tmp_path_factory.getbasetemp().glob("**/e2e-server*/e2e.sqlite3"), key=lambda p: p.stat().st_mtime)
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="durak_platform.settings.test", DATABASE_URL=f"sqlite:///{db}")
    code = ("from django.contrib.auth.models import User; "
            "User.objects.filter(username='cashier').exists() or "
            "User.objects.create_user('cashier', password='kozyrnoy-tuz', is_staff=True)")
    subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=root, env=env, check=True, timeout=120)
    subprocess.run([sys.executable, "manage.py", "grant_coins", "--staff", "cashier", "--player", str(player_id),
                    "--amount", str(amount), "--key", f"e2e-own-{player_id}"], cwd=root, env=env, check=True,
                   timeout=120)

