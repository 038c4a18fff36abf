from django.urls import path

from ratings import apis, profile_apis

urlpatterns = [
    path("ratings/", apis.RatingsApi.as_view(), name="ratings"),
    path("players/<int:player_id>/", profile_apis.PlayerProfileApi.as_view(), name="player-profile"),
]
