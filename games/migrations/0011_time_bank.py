from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0010_game_private")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="time_bank",
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name="запас времени, секунд"),
        ),
        migrations.AddField(
            model_name="game",
            name="time_increment",
            field=models.PositiveIntegerField(default=0, verbose_name="добавка за ход, секунд"),
        ),
    ]
