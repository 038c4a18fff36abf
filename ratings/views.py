"""The leaderboard's page at ``/ratings/``: one HTML file; everything after loading talks
to the API."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie


@ensure_csrf_cookie
def ratings_page(request: HttpRequest) -> HttpResponse:
    return render(request, "ratings.html")
