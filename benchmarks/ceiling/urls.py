from django.urls import path

from benchmarks.ceiling.apis import CeilingApi

urlpatterns = [
    path("ceiling/", CeilingApi.as_view(), name="bench-ceiling"),
]
