"""The redesign's migrations keep every row: a table's options move from live onto its
game, and ratings move from accounts to their own app, on SQLite and PostgreSQL. Then
openskill replaces Elo: a reset (ratings.0003; ``manage.py ratings_rebuild`` rates the
stored games again), and stored tables of people without hints become rated ones."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.migrations.moves import latest, migrate_to

BEFORE = [("games", "0002_move_path_indexes"), ("live", "0002_tablesettings_hints"),
          ("accounts", "0002_rating_ratingchange")]


@pytest.mark.django_db(transaction=True)
def test_options_and_ratings_survive_the_move() -> None:
    old = migrate_to(BEFORE)
    User = old.get_model("auth", "User")
    Player = old.get_model("accounts", "Player")
    Game = old.get_model("games", "Game")
    people = [Player.objects.create(user=User.objects.create(username=f"u{n}"), name=f"p{n}") for n in range(2)]
    timed = Game.objects.create(rules={"players": 2}, creator=people[0])
    plain = Game.objects.create(rules={"players": 2}, creator=people[0])
    old.get_model("live", "TableSettings").objects.create(game=timed, move_timer=30, reconnect_window=45,
                                                           spectator_delay=2, hints=False)
    old.get_model("accounts", "Rating").objects.create(player=people[0], value=1532, games=3)
    old.get_model("accounts", "RatingChange").objects.create(game=timed, player=people[0], before=1500,
                                                             after=1532, score=1.0)

    new = migrate_to(latest())
    Game = new.get_model("games", "Game")
    assert Game.objects.values_list("move_timer", "reconnect_window", "spectator_delay", "hints").get(
        pk=timed.pk) == (30, 45, 2, False)
    assert Game.objects.values_list("move_timer", "reconnect_window", "spectator_delay", "hints").get(
        pk=plain.pk) == (None, 60, 0, True)
    assert Game.objects.values_list("rated", flat=True).get(pk=timed.pk) is True, "no hints, no computer"
    assert Game.objects.values_list("rated", flat=True).get(pk=plain.pk) is False, "it offered hints"
    # The Elo rows are gone (a reset); the new tables are there, per variant.
    assert not new.get_model("ratings", "Rating").objects.exists()
    assert not new.get_model("ratings", "RatingChange").objects.exists()
    new.get_model("ratings", "Rating").objects.create(player_id=people[0].pk, variant="perevodnoy", mu=25.0,
                                                      sigma=8.0, value=800, games=1)
    assert "ratings_rating" in connection.introspection.table_names()

    back = migrate_to(BEFORE)  # and back again, nothing lost
    settings = back.get_model("live", "TableSettings").objects.get(game_id=timed.pk)
    assert (settings.move_timer, settings.spectator_delay, settings.hints) == (30, 2, False)
    assert not back.get_model("live", "TableSettings").objects.filter(game_id=plain.pk).exists()
    # Ratings went back to their Elo tables (empty: the reset is not undone).
    assert not back.get_model("accounts", "Rating").objects.exists()
    migrate_to(latest())
