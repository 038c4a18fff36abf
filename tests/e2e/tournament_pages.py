"""What the tournaments pages' browser tests share: the create form's controls checked against
the schema the server serves, and the header's balance read as the page shows it."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# The form's controls for a create field that is not one control of its own name: the table's
# rules (the form offers these three options) and the stages (the final's size and rule).
FORM_CONTROLS = {"rules": ("players", "deck", "variant"), "stages": ("advance", "final_leaves")}
# Controls shown only for some formats (data-only), by format.
SHOWN_FOR = {
    "elimination": {"leaves", "late_until_round", "reentry"},
    "swiss": {"rounds", "advance", "final_leaves", "late_until_round"},
    "round_robin": {"advance", "final_leaves"},
    "arena": {"duration", "late_until_round"},
}


def create_fields(server: str) -> list[str]:
    """Every field of the create request's body, from the OpenAPI schema the server serves."""
    schema = httpx.get(server + "/api/schema/", headers={"Accept": "application/json"}, timeout=30).json()
    body = schema["paths"]["/api/v1/tournaments/"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    return list(schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]["properties"])


def check_the_form_offers_every_create_setting(page: Any, server: str) -> None:
    """A control for every field of the create body (the schema's), each shown for the
    formats it is for and hidden for the others."""
    form = page.locator("#create")
    fields = create_fields(server)
    assert {"time_bank", "time_increment", "prize_amounts", "late_until_round", "reentry", "stages",
            "duration"} <= set(fields), fields
    for name in fields:
        for control in FORM_CONTROLS.get(name, (name,)):
            assert form.locator(f'[name="{control}"]').count() == 1, (name, control)
    some = set().union(*SHOWN_FOR.values())
    for fmt, shown in SHOWN_FOR.items():
        form.locator('[name="format"]').select_option(fmt)
        for control in some:
            visible = form.locator(f'[data-field="{control}"]').is_visible()
            assert visible == (control in shown), (fmt, control, visible)
    form.locator('[name="format"]').select_option("elimination")


def balance_loaded(page: Any) -> None:
    # The balance is written as the language groups digits («1 000»): compared without spaces.
    page.wait_for_function("() => /^\\d+$/.test(document.querySelector('#balance').textContent.replace(/\\s/g, ''))")


def balance_shows(page: Any, coins: int, organiser: Any) -> None:
    """Until the header's balance reads ``coins``; if it never does, what it read and what
    the wallet's API says (a flaky run once timed out here with nothing more to go on)."""
    try:
        page.wait_for_function("(n) => document.querySelector('#balance').textContent.replace(/\\s/g, '') === n",
                               arg=str(coins))
    except PlaywrightTimeout as e:
        shown = page.locator("#balance").text_content()
        wallet = organiser.call("GET", "/wallet/")
        raise AssertionError(f"the balance shows {shown!r}, not {coins}; the wallet says {wallet.text}") from e
