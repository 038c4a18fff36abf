"""A player's page at ``/players/{id}/``: one HTML file; everything after loading talks to
the API (``GET /api/v1/players/{id}/``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from accounts.models import Player


@ensure_csrf_cookie
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """404 for an id that is no player, so a mistyped link says so at once."""
    if not Player.objects.filter(pk=player_id).exists():
        raise Http404("No player with this id.")
    return render(request, "player.html", {"player_id": player_id})
