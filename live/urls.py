from django.urls import path

from live import apis

urlpatterns = [
    path("watch/", apis.WatchLobbyApi.as_view(), name="watch-lobby"),
    path("games/<int:game_id>/back/", apis.SeatBackApi.as_view(), name="game-back"),
    path("watch/games/<int:game_id>/", apis.SpectatorCountApi.as_view(), name="watch-spectators"),
]
