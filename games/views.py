"""The web pages: the game at ``/``, a finished game's replay at ``/games/{id}/replay/``
and the games to watch at ``/watch/``. Each is one HTML file; everything after loading
talks to the API."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from accounts.selectors import player_of
from games import privacy
from games.models import Game


@ensure_csrf_cookie
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "index.html")


@ensure_csrf_cookie
def replay_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The replay viewer; 404 for a game that is not finished, so it never shows one in
    play, and for a private game to anyone but its players (``games.privacy``)."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None or not privacy.is_visible_to(game, player_of(request.user)):
        raise Http404("No finished game with this id.")
    return render(request, "replay.html", {"game_id": game_id})


@ensure_csrf_cookie
def watch_page(request: HttpRequest) -> HttpResponse:
    return render(request, "watch.html")
