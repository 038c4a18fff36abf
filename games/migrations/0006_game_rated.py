"""Each table says whether its game is rated (``games.options``). Games already stored are
rated when no hint was offered and no computer sat at the table: the tables of people
a tournament arranged; every other table offered hints, which a rated game never does."""

from django.db import migrations, models


def _rate_tables_of_people(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Game.objects.filter(hints=False).exclude(seats__ai_level__gt="").update(rated=True)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_game_expired_at'),
        # After the tables' options (hints among them) moved onto their games.
        ('live', '0003_table_settings_to_games'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='rated',
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(_rate_tables_of_people, migrations.RunPython.noop),
    ]
