from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from tournaments import apis

urlpatterns = [
    path("tournaments/", apis.TournamentListCreateApi.as_view(), name="tournament-list"),
    path("tournaments/table-ready/", apis.TableReadyApi.as_view(), name="tournament-table-ready"),
    path("tournaments/tables/<id:game_id>/", apis.TournamentTableApi.as_view(), name="tournament-table"),
    path("tournaments/<id:tournament_id>/", apis.TournamentDetailApi.as_view(), name="tournament-detail"),
    path("tournaments/<id:tournament_id>/join/", apis.TournamentJoinApi.as_view(), name="tournament-join"),
    path("tournaments/<id:tournament_id>/withdraw/", apis.TournamentWithdrawApi.as_view(), name="tournament-withdraw"),
    path("tournaments/<id:tournament_id>/start/", apis.TournamentStartApi.as_view(), name="tournament-start"),
    path("tournaments/<id:tournament_id>/advance/", apis.TournamentAdvanceApi.as_view(), name="tournament-advance"),
    path("tournaments/<id:tournament_id>/cancel/", apis.TournamentCancelApi.as_view(), name="tournament-cancel"),
    path("tournaments/<id:tournament_id>/disqualify/", apis.TournamentDisqualifyApi.as_view(),
         name="tournament-disqualify"),
]
