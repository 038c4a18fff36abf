from django.urls import path

from stream import apis

urlpatterns = [
    path("stream/", apis.StreamApi.as_view(), name="stream"),
]
