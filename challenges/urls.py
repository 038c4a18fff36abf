from django.urls import path

from challenges import apis
from core import converters  # noqa: F401  (registers <id:...>)

urlpatterns = [
    path("challenges/", apis.ChallengeListCreateApi.as_view(), name="challenge-list"),
    path("challenges/<id:challenge_id>/", apis.ChallengeDetailApi.as_view(), name="challenge-detail"),
    path("challenges/<id:challenge_id>/accept/", apis.ChallengeAcceptApi.as_view(), name="challenge-accept"),
    path("challenges/<id:challenge_id>/decline/", apis.ChallengeDeclineApi.as_view(), name="challenge-decline"),
    path("challenges/<id:challenge_id>/cancel/", apis.ChallengeCancelApi.as_view(), name="challenge-cancel"),
]
