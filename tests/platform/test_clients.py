"""The client's address (``core.clients``): X-Forwarded-For counts only from the
proxies the deployment names, and a header of the client's own never makes a new client."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from core.clients import client_address, forwarded_address
from tests.harness.stack import ROOT


@pytest.fixture
def auth_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})


def guests(*forwarded_for: str, remote_addr: str = "127.0.0.1") -> list[int]:
    codes = []
    for value in forwarded_for:
        response = APIClient().post("/api/v1/auth/guest/", HTTP_X_FORWARDED_FOR=value, REMOTE_ADDR=remote_addr)
        codes.append(response.status_code)
    return codes


def test_a_new_forwarded_for_on_each_request_is_still_one_client(db: None, auth_rate: None) -> None:
    """The review's attack: unlimited guests by varying the header. No proxy configured,
    the header is ignored: the fourth guest from one address waits."""
    codes = guests(*(f"10.9.8.{n}" for n in range(5)))
    assert codes == [201, 201, 201, 429, 429]
    assert guests("10.9.8.1", remote_addr="127.0.0.2") == [201]  # another address is another client


def test_sign_in_guesses_with_varied_headers_are_throttled(db: None, auth_rate: None) -> None:
    codes = [APIClient().post("/api/v1/auth/token/", {"username": "vasya", "password": f"guess-{n}"},
                              format="json", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}").status_code
             for n in range(4)]
    assert codes == [401, 401, 401, 429]


def test_behind_one_proxy_the_right_most_address_counts(db: None, auth_rate: None, settings: Any) -> None:
    settings.DURAK_NUM_PROXIES = 1
    # What the client wrote (left) varies; what our proxy appended (right) does not.
    assert guests(*(f"6.6.6.{n}, 198.51.100.7" for n in range(4))) == [201, 201, 201, 429]
    assert guests("6.6.6.1, 198.51.100.8") == [201]  # another client behind the same proxy


def test_a_peer_that_is_not_our_proxy_cannot_forward(db: None, auth_rate: None, settings: Any) -> None:
    settings.DURAK_NUM_PROXIES = 1  # the proxy is on loopback (the default allow list)
    codes = guests(*(f"198.51.100.{n}" for n in range(4)), remote_addr="203.0.113.5")
    assert codes == [201, 201, 201, 429]


def test_the_address_of_requests_and_scopes(settings: Any) -> None:
    factory = RequestFactory()
    request = factory.get("/", HTTP_X_FORWARDED_FOR="1.1.1.1, 2.2.2.2", REMOTE_ADDR="10.0.0.1")
    scope = {"type": "websocket", "client": ("10.0.0.1", 5000),
             "headers": [(b"x-forwarded-for", b"1.1.1.1"), (b"x-forwarded-for", b"2.2.2.2")]}
    assert client_address(request) == client_address(scope) == "10.0.0.1"
    settings.DURAK_NUM_PROXIES = 1
    settings.DURAK_FORWARDED_ALLOW_IPS = ["10.0.0.0/8"]
    assert client_address(request) == client_address(scope) == "2.2.2.2"
    settings.DURAK_NUM_PROXIES = 2
    assert client_address(request) == client_address(scope) == "1.1.1.1"
    settings.DURAK_FORWARDED_ALLOW_IPS = ["192.168.0.1"]
    assert client_address(request) == client_address(scope) == "10.0.0.1"
    settings.DURAK_FORWARDED_ALLOW_IPS = ["*"]
    assert client_address(scope) == "1.1.1.1"
    assert client_address({"type": "websocket", "headers": []}) == "unknown"


@pytest.mark.parametrize(("peer", "header", "proxies", "expected"), [
    ("10.0.0.5", "6.6.6.6, 1.2.3.4", 0, "10.0.0.5"),
    ("10.0.0.5", "6.6.6.6, 1.2.3.4", 1, "1.2.3.4"),
    ("10.0.0.5", "6.6.6.6,1.2.3.4, 5.5.5.5", 2, "1.2.3.4"),
    ("10.0.0.5", "1.2.3.4", 3, "1.2.3.4"),
    ("10.0.0.5", " , ", 1, "10.0.0.5"),
    ("10.0.0.5", None, 1, "10.0.0.5"),
])
def test_forwarded_address(peer: str, header: str | None, proxies: int, expected: str) -> None:
    assert forwarded_address(peer, header, proxies) == expected


def test_drf_is_told_the_same_number_of_proxies() -> None:
    """DRF's own default (None) trusts the header from anyone; ours is the deployment's."""
    from django.conf import settings
    from rest_framework.settings import api_settings

    assert api_settings.NUM_PROXIES == settings.DURAK_NUM_PROXIES == 0


@pytest.mark.parametrize(("name", "value", "says"), [
    ("DURAK_NUM_PROXIES", "one", "DURAK_NUM_PROXIES is a whole number"),
    ("DURAK_FORWARDED_ALLOW_IPS", "10.0.0.0/8,proxy.local", "'proxy.local' is no address or network"),
    # A name retired for the one naming scheme (docs/settings.md) says its new name.
    ("DJANGO_NUM_PROXIES", "1", "DJANGO_NUM_PROXIES is now called DURAK_NUM_PROXIES"),
])
def test_bad_proxy_settings_stop_the_start_with_a_reason(name: str, value: str, says: str) -> None:
    env = {**os.environ, name: value, "DJANGO_SETTINGS_MODULE": "durak_platform.settings.test"}
    done = subprocess.run([sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "ImproperlyConfigured" in done.stderr and says in done.stderr
