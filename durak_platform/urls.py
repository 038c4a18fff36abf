"""The page at ``/``, the API under ``/api/v1/``, its schema and docs, and the admin."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.admin_login import admin_login
from core import converters  # noqa: F401  (registers <id:...>)
from durak_platform import error_pages
from games.views import index, replay_page, watch_page
from players.views import player_page
from push.views import manifest, service_worker
from ratings.views import ratings_page
from stream.views import asyncapi_document
from tournaments.views import tournament_page, tournaments_page

# Django's own refusals: the contract's JSON under /api/, plain pages elsewhere (never DEBUG's).
handler400 = error_pages.bad_request
handler403 = error_pages.forbidden
handler404 = error_pages.not_found
handler500 = error_pages.server_error

admin.site.site_header = _("Дурак онлайн: администрирование")
admin.site.site_title = _("Дурак онлайн")
admin.site.index_title = _("Разделы")

urlpatterns: list[Any] = [
    path("", index, name="index"),
    path("games/<id:game_id>/replay/", replay_page, name="replay-page"),
    path("watch/", watch_page, name="watch"),
    path("players/<int:player_id>/", player_page, name="player-page"),
    path("ratings/", ratings_page, name="ratings-page"),
    path("tournaments/", tournaments_page, name="tournaments"),
    path("tournaments/<id:tournament_id>/", tournament_page, name="tournament"),
    path("sw.js", service_worker, name="service-worker"),
    path("manifest.webmanifest", manifest, name="manifest"),
    path("api/v1/", include("accounts.urls")),
    path("api/v1/", include("games.urls")),
    path("api/v1/", include("live.urls")),
    path("api/v1/", include("ratings.urls")),
    path("api/v1/", include("players.urls")),
    path("api/v1/", include("tournaments.urls")),
    path("api/v1/", include("coins.urls")),
    path("api/v1/", include("challenges.urls")),
    path("api/v1/", include("stream.urls")),
    path("api/v1/", include("push.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/asyncapi.yaml", asyncapi_document, name="asyncapi"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("admin/login/", admin_login, name="admin-login"),  # throttled; the rest of the admin as it is
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the admin's language switch
]
if settings.DURAK_BENCHMARK_ENDPOINTS:  # settings.bench only: the app is installed there alone
    urlpatterns.append(path("bench/", include("benchmarks.ceiling.urls")))
