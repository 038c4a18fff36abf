from django.urls import path

from accounts import apis

urlpatterns = [
    path("auth/guest/", apis.GuestCreateApi.as_view(), name="auth-guest"),
    path("auth/register/", apis.RegisterApi.as_view(), name="auth-register"),
    path("auth/token/", apis.TokenObtainApi.as_view(), name="auth-token"),
    path("auth/ticket/", apis.TicketCreateApi.as_view(), name="auth-ticket"),
    path("auth/logout/", apis.LogoutApi.as_view(), name="auth-logout"),
    path("auth/password/", apis.PasswordChangeApi.as_view(), name="auth-password"),
    path("auth/devices/", apis.DeviceListApi.as_view(), name="auth-devices"),
    path("auth/devices/<id:id>/", apis.DeviceRevokeApi.as_view(), name="auth-device"),
    path("players/me/", apis.PlayerMeApi.as_view(), name="player-me"),
]
