from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from games import apis

urlpatterns = [
    path("games/", apis.GameListCreateApi.as_view(), name="game-list"),
    path("games/<id:game_id>/", apis.GameDetailApi.as_view(), name="game-detail"),
    path("games/<id:game_id>/join/", apis.GameJoinApi.as_view(), name="game-join"),
    path("games/<id:game_id>/fill/", apis.GameFillApi.as_view(), name="game-fill"),
    path("games/<id:game_id>/actions/", apis.ActionPlayApi.as_view(), name="game-actions"),
    path("games/<id:game_id>/leave/", apis.GameLeaveApi.as_view(), name="game-leave"),
    path("games/<id:game_id>/events/", apis.GameEventsApi.as_view(), name="game-events"),
    path("games/<id:game_id>/replay/", apis.GameReplayApi.as_view(), name="game-replay"),
    path("games/<id:game_id>/hint/", apis.GameHintApi.as_view(), name="game-hint"),
    path("players/<id:player_id>/games/", apis.PlayerArchiveApi.as_view(), name="player-games"),
    path("players/me/games/", apis.PlayerGamesInPlayApi.as_view(), name="my-games"),
]
