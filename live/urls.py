from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from live import apis

urlpatterns = [
    path("watch/", apis.WatchLobbyApi.as_view(), name="watch-lobby"),
    path("games/<id:game_id>/back/", apis.SeatBackApi.as_view(), name="game-back"),
    path("watch/games/<id:game_id>/", apis.SpectatorCountApi.as_view(), name="watch-spectators"),
]
