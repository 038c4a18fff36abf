"""Names become unique without regard to case and look-alike letters (``name_key``), at
most ``NAME_MAX`` characters; accounts remember the address they were made from."""

from django.db import migrations, models

from accounts.names import NAME_KEY_MAX, NAME_MAX, guest_key, name_key


def backfill(apps, schema_editor):  # type: ignore[no-untyped-def]
    Player = apps.get_model("accounts", "Player")
    taken: set[str] = set()
    for player in Player.objects.select_related("user").order_by("id").iterator():
        player.name = player.name.strip()[:NAME_MAX] or f"Игрок {player.pk}"
        username = player.user.username
        if player.is_guest and username.startswith("guest-"):
            key = guest_key(username)
        else:
            key = name_key(player.name)
        if key in taken:  # an older look-alike keeps the name; this one a key nobody can choose
            key = f"{key}#{player.pk}"
        taken.add(key)
        player.name_key = key
        player.save(update_fields=["name", "name_key"])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0004_fair_deal"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(max_length=NAME_KEY_MAX, null=True),
        ),
        migrations.AddField(
            model_name="player",
            name="created_ip",
            field=models.GenericIPAddressField(blank=True, db_index=True, null=True),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="name",
            field=models.CharField(max_length=NAME_MAX),
        ),
        migrations.AlterField(
            model_name="player",
            name="name_key",
            field=models.CharField(max_length=NAME_KEY_MAX, unique=True),
        ),
    ]
