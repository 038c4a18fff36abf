"""A table's options (timer, reconnect window, spectator delay, hints) become the game's
own fields: they are chosen at creation, so they belong to the game, not to live play.
``live.0003`` moves the rows of its old ``TableSettings`` here."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_move_path_indexes'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='move_timer',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='reconnect_window',
            field=models.PositiveIntegerField(default=60),
        ),
        migrations.AddField(
            model_name='game',
            name='spectator_delay',
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='game',
            name='hints',
            field=models.BooleanField(default=True),
        ),
    ]
