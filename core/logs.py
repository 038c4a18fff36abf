"""Logging that never writes a credential: ``token=`` and ``ticket=`` in any logged URL
(uvicorn's access and websocket lines, Django's, ours) become ``token=[redacted]``.

The contract keeps ``?token=`` on the websocket, so the socket's URL carries one. The
filter rewrites each record's message and its arguments in place (uvicorn's access
formatter reads the arguments one by one, so they stay a tuple of the same shape). It sits
on the root logger's handlers (everything that propagates) and on the loggers that write
through handlers of their own (uvicorn's), installed by ``configure``, Django's
``LOGGING_CONFIG``, in every process that sets Django up.
"""

from __future__ import annotations

import logging
import logging.config
import re
from typing import Any

SECRET_PARAMS = re.compile(r"((?:^|[?&;\s\"'(])(?:token|ticket)=)[^&;\s\"')]+", re.IGNORECASE)
REDACTED = "[redacted]"
# Loggers with handlers of their own (propagate off): the filter must sit on them.
OWN_HANDLERS = ("uvicorn.access", "uvicorn.error", "django.server", "django.channels.server", "daphne.server")


def redact(text: str) -> str:
    """``/ws/games/7/?token=abc&x=1`` → ``/ws/games/7/?token=[redacted]&x=1``.

    >>> redact('127.0.0.1:5 - "WebSocket /ws/games/7/?ticket=q-1_z" [accepted]')
    '127.0.0.1:5 - "WebSocket /ws/games/7/?ticket=[redacted]" [accepted]'
    """
    return SECRET_PARAMS.sub(lambda match: match.group(1) + REDACTED, text)


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, bytes):
        return redact(value.decode("latin-1"))
    return value


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_scrub(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _scrub(arg) for key, arg in record.args.items()}
        if record.exc_info and not record.exc_text:
            # A traceback's messages may quote a URL too: format it here, redacted; the
            # formatter uses the text it finds instead of formatting it again.
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def install() -> None:
    """The filter on the root logger's handlers and on the loggers that bypass them
    (idempotent: a second call adds nothing)."""
    targets: list[logging.Filterer] = [*logging.getLogger().handlers]
    targets += [logging.getLogger(name) for name in OWN_HANDLERS]
    for target in targets:
        if not any(isinstance(existing, RedactSecrets) for existing in target.filters):
            target.addFilter(RedactSecrets())


def configure(config: dict[str, Any]) -> None:
    """Django's ``LOGGING_CONFIG``: its dictConfig, then the filter."""
    logging.config.dictConfig(config)
    install()
