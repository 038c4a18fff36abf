from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('stream', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='streamhead',
            name='wakes',
            field=models.BooleanField(default=False, verbose_name='будит устройства'),
        ),
    ]
