"""The tables taken over from accounts get this app's names."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0001_initial'),
    ]

    operations = [
        migrations.AlterModelTable(name='rating', table=None),
        migrations.AlterModelTable(name='ratingchange', table=None),
    ]
