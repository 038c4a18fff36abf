"""The ledger's models leave for the ``coins`` app (``coins/migrations/0001``), which keeps
their tables: this forgets them here and touches no table."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('coins', '0001_ledger_from_tournaments'),
        ('tournaments', '0004_verbose_names_in_russian'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name='Posting'),
                migrations.DeleteModel(name='Transfer'),
                migrations.DeleteModel(name='Account'),
            ],
        ),
    ]
