"""Browser tests of the page at ``/``: the real platform server, Debian's Chromium.

The session starts the platform itself (``manage.py migrate`` + uvicorn, embedded
mode: SQLite in a temp folder, Celery eager, in-memory channel layer) on a free loopback
port, and drives the page with Playwright for Python. Screenshots go to
``test-output/screenshots/``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.players import ApiPlayer, page_player
from tests.harness.ports import UVICORN_LIMITS, free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("DURAK_E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
OUTPUT = ROOT / "test-output"
SCREENSHOTS = OUTPUT / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# The page paces each computer move (~600 ms) so a person can follow; the tests run it
# ten times faster through the page's "durak.speed" setting.
TEST_SPEED = "0.1"


def _wait_for(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"The platform server exited early:\n{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"The platform server did not answer at {url}:\n{log.read_text(errors='replace')[-4000:]}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The platform on 127.0.0.1:<free port>, fresh SQLite database, migrations applied."""
    if os.environ.get("DURAK_E2E") == "0":
        pytest.skip("DURAK_E2E=0: browser tests switched off")
    if not (ROOT / "manage.py").exists():
        pytest.skip("manage.py is missing: the platform is not there to serve the page")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    tmp = tmp_path_factory.mktemp("e2e-server")
    env = dict(os.environ)
    for name in ("CELERY_BROKER_URL", "REDIS_URL", "DJANGO_CHANNEL_LAYER"):
        env.pop(name, None)
    env.update({
        "DJANGO_SETTINGS_MODULE": "durak_platform.settings.test",
        "DATABASE_URL": f"sqlite:///{tmp / 'e2e.sqlite3'}",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
    })
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                   cwd=ROOT, env=env, check=True, timeout=180)
    port = free_port()
    OUTPUT.mkdir(exist_ok=True)
    log = OUTPUT / "e2e-server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            # The ASGI app as `make run` serves it: HTTP, static files and the websocket.
            [sys.executable, "-m", "uvicorn", "durak_platform.asgi:application",
             "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", *UVICORN_LIMITS],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_for(base + "/", proc, log)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[object]:
    # Module scope: Playwright's sync API keeps its own event loop, which must be gone
    # before the suite's asyncio tests (pytest-asyncio) run.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session", autouse=True)
def _screenshots_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


class PageErrors(list):
    """JavaScript errors the page threw: every test ends by checking there were none."""


def new_page(browser: object, server: str, viewport: dict[str, int] = DESKTOP,
             storage: dict[str, str] | None = None) -> tuple[object, object, PageErrors]:
    """A fresh browser profile (so a fresh guest) at the given size."""
    context = browser.new_context(viewport=viewport, base_url=server, locale="ru-RU")  # type: ignore[attr-defined]
    values = {"durak.speed": TEST_SPEED}
    values.update(storage or {})
    script = "".join(
        f"if (localStorage.getItem({key!r}) === null) localStorage.setItem({key!r}, {value!r});"
        for key, value in values.items()
    )
    context.add_init_script(script)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = PageErrors()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


@pytest.fixture()
def desktop(browser: object, server: str) -> Iterator[tuple[object, PageErrors]]:
    context, page, errors = new_page(browser, server)
    try:
        yield page, errors
    finally:
        context.close()  # type: ignore[attr-defined]
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture()
def fresh_page(browser: object, server: str) -> Iterator[object]:
    """A factory for extra pages/profiles inside one test."""
    made: list[tuple[object, PageErrors]] = []

    def make(viewport: dict[str, int] = DESKTOP, storage: dict[str, str] | None = None) -> object:
        context, page, errors = new_page(browser, server, viewport, storage)
        made.append((context, errors))
        return page

    yield make
    problems = [e for _, errors in made for e in errors]
    for context, _ in made:
        context.close()  # type: ignore[attr-defined]
    assert not problems, f"JavaScript errors on the page: {problems}"


@pytest.fixture()
def api_players(server: str) -> Iterator[Any]:
    """Make players over the API (with a page: the page's own guest, registered); each is
    closed after the test."""
    made: list[ApiPlayer] = []

    def make(page: Any = None) -> ApiPlayer:
        player = page_player(server, page) if page is not None else ApiPlayer(server)
        made.append(player)
        return player

    yield make
    for player in made:
        player.close()
