from django.urls import path

from live import apis

urlpatterns = [
    path("watch/", apis.WatchLobbyApi.as_view(), name="watch-lobby"),
    path("watch/games/<int:game_id>/", apis.SpectatorCountApi.as_view(), name="watch-spectators"),
]
