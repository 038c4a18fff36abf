"""What a request Django itself refuses gets: no debug page, and the contract's shape
under ``/api/``.

A path that matches no url (``/api/v1/games/abc/``, an id past the largest,
``/api/v1/nope/``) never reaches DRF, so its exception handler cannot speak for it; nor
for a bug's 500. These handlers answer ``{"error": {"code", "message"}}`` for the API and
Django's plain pages (``templates/404.html``, ``500.html``) for the rest.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from core.exceptions import error_body

API_PREFIX = "/api/"


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body("not_found", "No such resource."), status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body("invalid_request", "Bad request."), status=400)
    return defaults.bad_request(request, exception)


def forbidden(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body("forbidden", "Forbidden."), status=403)
    return defaults.permission_denied(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    # A bug: Django has logged it with its traceback; the client learns only that it failed.
    if _is_api(request):
        return JsonResponse(error_body("server_error", "Something went wrong on the server."), status=500)
    return defaults.server_error(request)
