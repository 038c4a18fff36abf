"""Live play's ``TableSettings`` rows move onto their games (``games.0003``), then the
model goes: a table's options are the game's, chosen when it is created."""

from typing import Any

from django.db import migrations

FIELDS = ("move_timer", "reconnect_window", "spectator_delay", "hints")


def to_games(apps: Any, schema_editor: Any) -> None:
    TableSettings = apps.get_model("live", "TableSettings")
    Game = apps.get_model("games", "Game")
    for settings in TableSettings.objects.all().iterator():
        Game.objects.filter(pk=settings.game_id).update(**{name: getattr(settings, name) for name in FIELDS})


def back_to_live(apps: Any, schema_editor: Any) -> None:
    TableSettings = apps.get_model("live", "TableSettings")
    Game = apps.get_model("games", "Game")
    plain = {"move_timer": None, "reconnect_window": 60, "spectator_delay": 0, "hints": True}
    for values in Game.objects.values("pk", *FIELDS).iterator():
        if any(values[name] != default for name, default in plain.items()):
            TableSettings.objects.create(game_id=values["pk"], **{name: values[name] for name in FIELDS})


class Migration(migrations.Migration):

    dependencies = [
        ('live', '0002_tablesettings_hints'),
        ('games', '0003_game_table_options'),
    ]

    operations = [
        migrations.RunPython(to_games, back_to_live),
        migrations.DeleteModel(name='TableSettings'),
    ]
