"""The tournaments pages: one HTML file each; everything after loading talks to the API."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from tournaments import selectors
from tournaments.errors import TournamentNotFound


@ensure_csrf_cookie
def tournaments_page(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments.html")


@ensure_csrf_cookie
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One tournament as it happens: its rounds and tables, standings, pool and payouts."""
    try:
        tournament = selectors.tournament_get(tournament_id)
    except TournamentNotFound as error:
        raise Http404(str(error)) from error
    return render(request, "tournament.html", {"tournament": tournament})
