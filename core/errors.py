"""The one application error type. Services raise it; one DRF handler renders it.

Every error leaves the API as ``{"error": {"code": ..., "message": ...}}`` plus any extra
fields the contract names (``seq`` for a stale move).
"""

from __future__ import annotations

from typing import Any


class ApplicationError(Exception):
    """An error a request ends in, with its status and code. A subclass names them as
    class keywords (``class NotFound(ApplicationError, status=404, code="not_found")``);
    one raise may still give its own ``code`` or ``status``."""

    status = 400
    code = "error"

    def __init_subclass__(cls, *, status: int | None = None, code: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if status is not None:
            cls.status = status
        if code is not None:
            cls.code = code

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.extra = extra


class InvalidRequest(ApplicationError, status=400, code="invalid_request"):
    """Malformed input outside a game action (bad query parameter, bad body)."""


class NotFound(ApplicationError, status=404, code="not_found"):
    """404: nothing by that id or name."""


class Conflict(ApplicationError, status=409, code="conflict"):
    """409: a good request the thing's present state refuses."""


class Forbidden(ApplicationError, status=403, code="forbidden"):
    """403: not this player's to do."""


class NotStaff(Forbidden, code="not_staff"):
    def __init__(self) -> None:
        super().__init__("Only the platform's staff may do that.")
