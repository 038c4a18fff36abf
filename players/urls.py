from django.urls import path

from players import apis

urlpatterns = [
    path("players/<int:player_id>/", apis.PlayerProfileApi.as_view(), name="player-profile"),
]
