from django.urls import path

from durak_platform.ceiling.apis import CeilingApi

urlpatterns = [
    path("ceiling/", CeilingApi.as_view(), name="bench-ceiling"),
]
