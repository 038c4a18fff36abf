"""The pages as production serves them: collectstatic under the production settings gives
every static file a content-hashed name, rewrites the ES modules' imports to those names,
and the hashed page still plays in Chromium.

The rest of the suite renders pages with plain names (the test settings skip the
collectstatic step, as Django advises for manifest storage); this is where the hashed
ones are checked, files, imports, headers and a browser, end to end.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.harness.ports import UVICORN_LIMITS, free_port

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "static" / "durak"
CHROMIUM = os.environ.get("DURAK_E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
HASHED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{12})\.(?P<ext>js|css)$")
# The relative specifiers of static imports and re-exports, as Django's manifest rewrites them.
IMPORTED = re.compile(r"""(?:\bimport\b[^'";]*?\bfrom\s*|\bimport\s*|\bexport\b[^'";]*?\bfrom\s*)["'](\.{1,2}/[^"']+)["']""")


def _production_env(root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL", "REDIS_URL", "DJANGO_CHANNEL_LAYER"}}
    env.update({
        "DJANGO_SETTINGS_MODULE": "durak_platform.settings.production",
        "DJANGO_SECRET_KEY": "hashed-static-test-key-0123456789abcdefghijklmnopqrstuvwxyz-0123456789",
        "DJANGO_STATIC_ROOT": str(root / "static"),
        "DATABASE_URL": f"sqlite:///{root / 'db.sqlite3'}",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_COOKIES": "0",  # plain http on the loopback
        "PYTHONUNBUFFERED": "1",
    })
    return env


def _manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, timeout=300,
                   capture_output=True)


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], dict[str, str]]:
    """collectstatic and migrate under the production settings, into a temp folder."""
    root = tmp_path_factory.mktemp("hashed-static")
    env = _production_env(root)
    _manage(env, "collectstatic", "--noinput", "-v", "0")
    _manage(env, "migrate", "--noinput", "-v", "0")
    manifest = json.loads((root / "static" / "staticfiles.json").read_text())["paths"]
    return root / "static", manifest, env


def test_every_page_file_has_a_hashed_name(collected: tuple[Path, dict[str, str], dict[str, str]]) -> None:
    static, manifest, _ = collected
    for source in sorted(PAGES.glob("*.js")) + sorted(PAGES.glob("*.css")):
        name = f"durak/{source.name}"
        hashed = manifest.get(name)
        assert hashed and HASHED.match(Path(hashed).name), name
        assert (static / hashed).exists(), hashed


def test_module_imports_name_the_hashed_files(collected: tuple[Path, dict[str, str], dict[str, str]]) -> None:
    """Each hashed module imports hashed modules only, the very names the manifest gives,
    so a change anywhere renames everything that depends on it, up to the entry."""
    static, manifest, _ = collected
    hashed_of = {Path(k).name: Path(v).name for k, v in manifest.items() if k.startswith("durak/")}
    seen = 0
    for source in sorted(PAGES.glob("*.js")):
        wanted = {spec.removeprefix("./") for spec in IMPORTED.findall(source.read_text(encoding="utf-8"))}
        served = (static / manifest[f"durak/{source.name}"]).read_text(encoding="utf-8")
        found = {spec.removeprefix("./") for spec in IMPORTED.findall(served)}
        assert found == {hashed_of[name] for name in wanted}, source.name
        seen += len(found)
    assert seen > 20  # the game page is a graph of modules, not one file


@pytest.fixture(scope="module")
def production_server(collected: tuple[Path, dict[str, str], dict[str, str]]) -> Iterator[str]:
    """The ASGI app under the production settings: static files from STATIC_ROOT only."""
    static, _, env = collected
    port = free_port()
    log = static.parent / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "durak_platform.asgi:application",
             "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", *UVICORN_LIMITS],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, log.read_text(errors="replace")[-4000:]
                try:
                    with urllib.request.urlopen(base + "/", timeout=2):
                        break
                except OSError:
                    assert time.monotonic() < deadline, log.read_text(errors="replace")[-4000:]
                    time.sleep(0.25)
            yield base
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def _get(url: str) -> tuple[int, Any, str]:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return resp.status, resp.headers, resp.read().decode("utf-8")


@pytest.mark.parametrize(("page", "entry"), [("/", "app"), ("/tournaments/", "tournaments")])
def test_pages_name_hashed_files_that_are_cached_for_good(production_server: str, page: str, entry: str) -> None:
    _, _, html = _get(production_server + page)
    assert "?v=" not in html
    match = re.search(rf'<script type="module" src="(/static/durak/{entry}\.[0-9a-f]{{12}}\.js)"></script>', html)
    assert match, html[:1500]
    status, headers, _ = _get(production_server + match.group(1))
    assert status == 200
    assert "immutable" in headers.get("Cache-Control", ""), dict(headers)
    for href in re.findall(r'<link rel="(?:stylesheet|modulepreload)" href="([^"]+)"', html):
        assert HASHED.match(Path(href).name), href


def test_the_hashed_game_page_plays_in_chromium(production_server: str) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            statics: list[tuple[str, int]] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("response", lambda r: statics.append((r.url, r.status)) if "/static/" in r.url else None)
            page.goto(production_server + "/")
            # A game against the computer starts by itself; input opens once it is dealt.
            page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 6", timeout=30_000)
            page.wait_for_function("() => document.querySelector('#game').dataset.turn === '1'", timeout=30_000)
            before = page.evaluate("() => window.durakPage.state.view.seq")
            playable = page.locator("#hand .card.playable")
            (playable.first if playable.count() else page.locator("#btn-take")).click()
            page.wait_for_function("(seq) => window.durakPage.state.view.seq > seq", arg=before, timeout=30_000)
            page.goto(production_server + "/tournaments/")
            page.wait_for_function("() => document.querySelector('#balance').textContent !== '…'", timeout=30_000)
            assert not errors, errors
            loaded: dict[str, Any] = {Path(url).name: status for url, status in statics}
            assert loaded and all(status == 200 for status in loaded.values()), loaded
            assert all(HASHED.match(name) for name in loaded), sorted(loaded)
            assert {"api", "fold", "store", "render"} <= {HASHED.match(n)["stem"] for n in loaded}  # type: ignore[index]
        finally:
            browser.close()


def test_without_collectstatic_the_source_folders_give_plain_names(tmp_path: Path) -> None:
    """Nothing collected: with WhiteNoise serving the source folders the pages keep their
    plain names; without them a missing manifest is an error, not a page that half loads."""
    from django.test import override_settings

    from durak_platform.static_storage import HashedStaticStorage

    with override_settings(WHITENOISE_USE_FINDERS=True, DEBUG=False):
        assert HashedStaticStorage(location=tmp_path).url("durak/app.js") == "/static/durak/app.js"
    with override_settings(WHITENOISE_USE_FINDERS=False, DEBUG=False), pytest.raises(ValueError, match="manifest"):
        HashedStaticStorage(location=tmp_path).url("durak/app.js")
