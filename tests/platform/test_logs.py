"""No credential in a log line: the filter ``core.logs`` installs on the root
logger's handlers and on uvicorn's and Django's own loggers."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from django.test import Client

from core.logs import OWN_HANDLERS, RedactSecrets, redact


@pytest.fixture
def console() -> Iterator[io.StringIO]:
    """What the root logger's real handler (settings.LOGGING's console) writes."""
    handler = next(h for h in logging.getLogger().handlers if any(isinstance(f, RedactSecrets) for f in h.filters))
    stream = io.StringIO()
    assert isinstance(handler, logging.StreamHandler)
    old = handler.setStream(stream)
    try:
        yield stream
    finally:
        handler.setStream(old)


@pytest.mark.parametrize(("line", "expected"), [
    ("/ws/games/7/?token=abc123", "/ws/games/7/?token=[redacted]"),
    ("/ws/games/7/?x=1&token=abc&y=2", "/ws/games/7/?x=1&token=[redacted]&y=2"),
    ("GET /a?ticket=Zx-9_q HTTP/1.1", "GET /a?ticket=[redacted] HTTP/1.1"),
    ("/a?TOKEN=abc", "/a?TOKEN=[redacted]"),
    ("/a?mytoken=abc", "/a?mytoken=abc"),  # another parameter that merely ends so
    ("Authorization: Token abc", "Authorization: Token abc"),  # not a query (headers are never logged)
])
def test_redact(line: str, expected: str) -> None:
    assert redact(line) == expected


def test_a_path_logged_with_arguments_is_redacted(console: io.StringIO) -> None:
    logging.getLogger("games.anything").warning("refused %s for %s", "/ws/games/1/?token=s3cret", "x")
    assert "s3cret" not in console.getvalue() and "?token=[redacted]" in console.getvalue()


def test_a_traceback_is_redacted_too(console: io.StringIO) -> None:
    try:
        raise ValueError("could not open /ws/games/1/?token=s3cret")
    except ValueError:
        logging.getLogger("live.anything").exception("failed")
    written = console.getvalue()
    assert "ValueError: could not open /ws/games/1/?token=[redacted]" in written and "s3cret" not in written


def test_djangos_request_log_of_a_real_request(db: None, console: io.StringIO) -> None:
    Client().get("/api/v1/players/me/?token=s3cret-token", HTTP_AUTHORIZATION="Token s3cret-token")
    Client().get("/no/such/page/?ticket=s3cret-ticket")
    written = console.getvalue()
    assert "Unauthorized: /api/v1/players/me/" in written and "Not Found: /no/such/page/" in written
    assert "s3cret" not in written


def test_uvicorns_loggers_carry_the_filter_and_keep_their_arguments() -> None:
    for name in OWN_HANDLERS:
        assert any(isinstance(f, RedactSecrets) for f in logging.getLogger(name).filters), name
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5", "GET", "/ws/games/1/?token=abc", "1.1", 200), None)
    assert RedactSecrets().filter(record)
    # uvicorn's access formatter reads the arguments one by one: still five, in place.
    assert record.args == ("127.0.0.1:5", "GET", "/ws/games/1/?token=[redacted]", "1.1", 200)
