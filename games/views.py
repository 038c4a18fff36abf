"""The web pages: the game at ``/``, a finished game's replay at ``/games/{id}/replay/``
and the games to watch at ``/watch/``. Each is one HTML file; everything after loading
talks to the API."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from games.models import Game


@ensure_csrf_cookie
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "index.html")


@ensure_csrf_cookie
def replay_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The replay viewer; 404 for a game that is not finished, so it never shows one in play."""
    if not Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).exists():
        raise Http404("No finished game with this id.")
    return render(request, "replay.html", {"game_id": game_id})


@ensure_csrf_cookie
def watch_page(request: HttpRequest) -> HttpResponse:
    return render(request, "watch.html")
