"""The installable site: the service worker at ``/sw.js`` (scope ``/``: it must be served
from the root) and the web app manifest at ``/manifest.webmanifest``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static


def service_worker(request: HttpRequest) -> HttpResponse:
    body = render_to_string("sw.js", {"icon": static("durak/icon-192.png")})
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"  # a new version is picked up on the next visit
    return response


def manifest(request: HttpRequest) -> HttpResponse:
    body = render_to_string("manifest.webmanifest", {"icon192": static("durak/icon-192.png"),
                                                     "icon512": static("durak/icon-512.png")})
    return HttpResponse(body, content_type="application/manifest+json; charset=utf-8")
