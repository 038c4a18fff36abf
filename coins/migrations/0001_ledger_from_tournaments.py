"""The ledger's models move from ``tournaments`` to this app; their tables stay where they
are (``Meta.db_table``), so no row moves and nothing is written to the database here but
the content types' new names (the admin's history and permissions follow the models)."""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# (old model name in tournaments, new model name here)
RENAMED = [("account", "account"), ("transfer", "movement"), ("posting", "posting")]


def content_types_follow(apps: Any, schema_editor: Any) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    for old, new in RENAMED:
        if not ContentType.objects.filter(app_label="coins", model=new).exists():
            ContentType.objects.filter(app_label="tournaments", model=old).update(app_label="coins", model=new)


def content_types_back(apps: Any, schema_editor: Any) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    for old, new in RENAMED:
        if not ContentType.objects.filter(app_label="tournaments", model=old).exists():
            ContentType.objects.filter(app_label="coins", model=new).update(app_label="tournaments", model=old)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0007_verbose_names_of_name_key'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0004_verbose_names_in_russian'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Account',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('wallet', 'кошелёк'), ('pool', 'призовой фонд'), ('hold', 'удержанная гарантия'), ('house', 'доход площадки'), ('issuer', 'эмиссия')], max_length=8, verbose_name='вид')),
                        ('player', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='wallet', to='accounts.player', verbose_name='игрок')),
                        ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='accounts', to='tournaments.tournament', verbose_name='турнир')),
                    ],
                    options={
                        'verbose_name': 'счёт',
                        'verbose_name_plural': 'счета',
                        'db_table': 'tournaments_account',
                        'ordering': ['id'],
                        'constraints': [
                            models.UniqueConstraint(condition=models.Q(('tournament__isnull', False)), fields=('tournament', 'kind'), name='account_once_per_tournament'),
                            models.UniqueConstraint(condition=models.Q(('kind__in', ['house', 'issuer'])), fields=('kind',), name='account_one_house_one_issuer'),
                            models.CheckConstraint(condition=models.Q(models.Q(('kind', 'wallet'), ('player__isnull', False), ('tournament__isnull', True)), models.Q(('kind__in', ['pool', 'hold']), ('player__isnull', True), ('tournament__isnull', False)), models.Q(('kind__in', ['house', 'issuer']), ('player__isnull', True), ('tournament__isnull', True)), _connector='OR'), name='account_owner_fits_kind'),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name='Movement',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('welcome', 'приветственные монеты'), ('grant', 'начисление'), ('entry_fee', 'взнос'), ('prize_funding', 'в призовой фонд'), ('guarantee', 'гарантия удержана'), ('overlay', 'доплата до гарантии'), ('release', 'гарантия возвращена'), ('rake', 'доля площадки'), ('refund', 'возврат'), ('prize', 'выигрыш')], max_length=16, verbose_name='вид')),
                        ('key', models.CharField(max_length=120, unique=True, verbose_name='ключ')),
                        ('note', models.CharField(blank=True, default='', max_length=200, verbose_name='заметка')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='время')),
                        ('by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='кто')),
                        ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='coin_movements', to='tournaments.tournament', verbose_name='турнир')),
                    ],
                    options={
                        'verbose_name': 'перевод',
                        'verbose_name_plural': 'переводы',
                        'db_table': 'tournaments_transfer',
                        'ordering': ['id'],
                    },
                ),
                migrations.CreateModel(
                    name='Posting',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('amount', models.BigIntegerField(verbose_name='сумма')),
                        ('account', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='postings', to='coins.account', verbose_name='счёт')),
                        ('movement', models.ForeignKey(db_column='transfer_id', on_delete=django.db.models.deletion.PROTECT, related_name='postings', to='coins.movement', verbose_name='перевод')),
                    ],
                    options={
                        'verbose_name': 'проводка',
                        'verbose_name_plural': 'проводки',
                        'db_table': 'tournaments_posting',
                        'ordering': ['id'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('amount', 0), _negated=True), name='posting_moves_coins')],
                    },
                ),
            ],
        ),
        migrations.RunPython(content_types_follow, content_types_back),
    ]
