from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from push import apis

urlpatterns = [
    path("push/key/", apis.PushKeyApi.as_view(), name="push-key"),
    path("push/subscriptions/", apis.PushSubscriptionCreateApi.as_view(), name="push-subscriptions"),
    path("push/subscriptions/<id:subscription_id>/", apis.PushSubscriptionDeleteApi.as_view(),
         name="push-subscription"),
]
