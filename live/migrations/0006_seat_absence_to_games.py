"""Away seats leave for ``games`` (``games/migrations/0009``), which keeps their table:
this forgets the model here and touches no table."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0009_seat_absence_from_live'),
        ('live', '0005_verbose_names_in_russian'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[migrations.DeleteModel(name='SeatAbsence')],
        ),
    ]
