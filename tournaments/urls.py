from django.urls import path

from tournaments import apis

urlpatterns = [
    path("tournaments/", apis.TournamentListCreateApi.as_view(), name="tournament-list"),
    path("tournaments/<int:tournament_id>/", apis.TournamentDetailApi.as_view(), name="tournament-detail"),
    path("tournaments/<int:tournament_id>/join/", apis.TournamentJoinApi.as_view(), name="tournament-join"),
    path("tournaments/<int:tournament_id>/start/", apis.TournamentStartApi.as_view(), name="tournament-start"),
    path("tournaments/<int:tournament_id>/advance/", apis.TournamentAdvanceApi.as_view(), name="tournament-advance"),
    path("tournaments/<int:tournament_id>/cancel/", apis.TournamentCancelApi.as_view(), name="tournament-cancel"),
    path("wallet/", apis.WalletApi.as_view(), name="wallet"),
    path("wallet/welcome/", apis.WalletWelcomeApi.as_view(), name="wallet-welcome"),
]
