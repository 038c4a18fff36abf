"""The one exception handler: every error leaves in the contract's shape."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response

from core.errors import ApplicationError


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "message": message}
    body.update(extra)
    return {"error": body}


def _message(detail: Any) -> str:
    """A person-readable message out of DRF's nested error details."""
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_message(value)}" for key, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_message(item) for item in detail)
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApplicationError):
        wait = exc.extra.get("retry_after")  # a refusal for a while (e.g. too many sign-ins) says how long
        return Response(error_body(exc.code, exc.message, **exc.extra), status=exc.status,
                        headers={"Retry-After": str(wait)} if wait is not None else None)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: let Django log it and answer 500
    headers: dict[str, str] = {}
    extra: dict[str, Any] = {}
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        view = context.get("view")
        request = context.get("request")
        authenticate_header = view.get_authenticate_header(request) if view and request else None
        if authenticate_header:
            headers["WWW-Authenticate"] = authenticate_header
        else:
            # The contract says 401 for a missing or bad token, whichever auth came first.
            headers["WWW-Authenticate"] = "Token"
        exc.status_code = status.HTTP_401_UNAUTHORIZED
    wait = getattr(exc, "wait", None)
    if isinstance(exc, exceptions.Throttled) and wait is not None:
        headers["Retry-After"] = str(int(wait))
        extra["retry_after"] = int(wait)
    code = exc.default_code
    if isinstance(exc, exceptions.ValidationError):
        code = "invalid_request"
        extra["fields"] = exc.detail
    elif isinstance(exc, exceptions.ParseError):
        # Views that take a game action call a malformed body what the contract calls it.
        code = getattr(context.get("view"), "malformed_code", "invalid_request")
        extra["reason"] = "invalid_json"
    return Response(error_body(code, _message(exc.detail), **extra), status=exc.status_code, headers=headers)
