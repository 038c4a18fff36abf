"""Elo gives way to openskill (Plackett–Luce) ratings per variant: a reset.

The Elo numbers mixed every variant and only ever counted two-person games, so there is
no honest way to turn one of them into a per-variant (mu, sigma). The old rows are
dropped (going back restores the old tables, empty) and ``manage.py ratings_rebuild``
rates every stored finished game again, in the order they finished, under the new rules.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0003_ratings_leave_accounts'),
        ('games', '0003_game_table_options'),
        ('ratings', '0002_ratings_tables'),
    ]

    operations = [
        migrations.DeleteModel(name='RatingChange'),
        migrations.DeleteModel(name='Rating'),
        migrations.CreateModel(
            name='Rating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('variant', models.CharField(max_length=16)),
                ('mu', models.FloatField()),
                ('sigma', models.FloatField()),
                ('value', models.IntegerField(help_text='The displayed rating: 1000 + 25 × (mu − 3 sigma), rounded.')),
                ('games', models.PositiveIntegerField(default=0)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='accounts.player')),
            ],
            options={
                'verbose_name': 'рейтинг',
                'verbose_name_plural': 'рейтинги',
                'ordering': ['variant', '-value'],
                'indexes': [models.Index(fields=['variant', '-value'], name='rating_board')],
                'constraints': [models.UniqueConstraint(fields=('player', 'variant'), name='rating_one_per_variant')],
            },
        ),
        migrations.CreateModel(
            name='RatingChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('variant', models.CharField(max_length=16)),
                ('rank', models.PositiveSmallIntegerField(help_text="The player's (or team's) place at the table: 1 the best; tied seats share one.")),
                ('mu_before', models.FloatField()),
                ('sigma_before', models.FloatField()),
                ('mu_after', models.FloatField()),
                ('sigma_after', models.FloatField()),
                ('before', models.IntegerField(help_text='The displayed rating before the game.')),
                ('after', models.IntegerField(help_text='The displayed rating after the game.')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='games.game')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='accounts.player')),
            ],
            options={
                'verbose_name': 'изменение рейтинга',
                'verbose_name_plural': 'изменения рейтинга',
                'ordering': ['-id'],
                'indexes': [models.Index(fields=['player', 'variant', 'id'], name='rating_change_history')],
                'constraints': [models.UniqueConstraint(fields=('game', 'player'), name='rating_change_once_per_game')],
            },
        ),
    ]
