"""Ratings leave accounts for an app of their own (``ratings.0001`` takes the models
over with their tables; nothing in the database changes here)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_rating_ratingchange'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='RatingChange'),
                migrations.DeleteModel(name='Rating'),
            ],
        ),
    ]
