from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0009_seat_absence_from_live")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="private",
            field=models.BooleanField(default=False, verbose_name="частная"),
        ),
    ]
