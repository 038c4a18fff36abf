"""The ratings models, taken over from ``accounts`` (``accounts.0003``) with their
tables, which ``0002`` then renames to this app's."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0003_ratings_leave_accounts'),
        ('games', '0003_game_table_options'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Rating',
                    fields=[
                        ('player', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='rating', serialize=False, to='accounts.player')),
                        ('value', models.IntegerField(default=1500)),
                        ('games', models.PositiveIntegerField(default=0)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'verbose_name': 'рейтинг',
                        'verbose_name_plural': 'рейтинги',
                        'ordering': ['-value'],
                        'db_table': 'accounts_rating',
                    },
                ),
                migrations.CreateModel(
                    name='RatingChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('before', models.IntegerField()),
                        ('after', models.IntegerField()),
                        ('score', models.FloatField(help_text='1 a win, 0.5 a draw, 0 a loss.')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='games.game')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='accounts.player')),
                    ],
                    options={
                        'verbose_name': 'изменение рейтинга',
                        'verbose_name_plural': 'изменения рейтинга',
                        'ordering': ['-id'],
                        'constraints': [models.UniqueConstraint(fields=('game', 'player'), name='rating_change_once_per_game')],
                        'db_table': 'accounts_ratingchange',
                    },
                ),
            ],
        ),
    ]
