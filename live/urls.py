from django.urls import path

from live import apis

urlpatterns = [
    path("watch/", apis.WatchLobbyApi.as_view(), name="watch-lobby"),
]
