from django.urls import path

from ratings import apis

urlpatterns = [
    path("ratings/", apis.RatingsApi.as_view(), name="ratings"),
]
