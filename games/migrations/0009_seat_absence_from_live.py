"""Away seats (``SeatAbsence``) move from ``live`` to this app: the move clocks that make
them are the game's, live/ is transport. The table stays ``live_seatabsence``
(``Meta.db_table``), so no row moves and no table changes."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def content_type_follows(apps: Any, schema_editor: Any) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="games", model="seatabsence").exists():
        ContentType.objects.filter(app_label="live", model="seatabsence").update(app_label="games")


def content_type_back(apps: Any, schema_editor: Any) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="live", model="seatabsence").exists():
        ContentType.objects.filter(app_label="games", model="seatabsence").update(app_label="live")


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('games', '0008_verbose_name_of_rated'),
        ('live', '0005_verbose_names_in_russian'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='SeatAbsence',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField(verbose_name='место')),
                        ('away_since', models.DateTimeField(verbose_name='отошёл')),
                        ('returned_at', models.DateTimeField(blank=True, null=True, verbose_name='вернулся')),
                        ('forfeited_at', models.DateTimeField(blank=True, null=True, verbose_name='засчитано поражение')),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='absences', to='games.game', verbose_name='партия')),
                    ],
                    options={
                        'verbose_name': 'отсутствие',
                        'verbose_name_plural': 'отсутствия',
                        'db_table': 'live_seatabsence',
                        'ordering': ['game_id', 'seat', '-away_since'],
                        'constraints': [models.UniqueConstraint(condition=models.Q(('returned_at__isnull', True)), fields=('game', 'seat'), name='absence_one_open_per_seat')],
                    },
                ),
            ],
        ),
        migrations.RunPython(content_type_follows, content_type_back),
    ]
