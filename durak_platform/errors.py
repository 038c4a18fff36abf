"""The one application error type. Services raise it; one DRF handler renders it.

Every error leaves the API as ``{"error": {"code": ..., "message": ...}}`` plus any extra
fields the contract names (``seq`` for a stale move).
"""

from __future__ import annotations

from typing import Any


class ApplicationError(Exception):
    status = 400
    code = "error"

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.extra = extra


class InvalidRequest(ApplicationError):
    """Malformed input outside a game action (bad query parameter, bad body)."""

    status = 400
    code = "invalid_request"


class NotFound(ApplicationError):
    status = 404
    code = "not_found"


class Conflict(ApplicationError):
    status = 409
    code = "conflict"


class Forbidden(ApplicationError):
    status = 403
    code = "forbidden"
