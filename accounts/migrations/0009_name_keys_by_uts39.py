"""Name keys by Unicode's own look-alikes (UTS #39 skeletons through ICU), in place of the
hand-made map: every registered player's key is made again from its name. Two old names
that now share a key (they look alike, yet the old map let both through) both keep
working: the older keeps the key, the later one gets "#<id>" added (a key nobody can
choose), and signs in by its exact name as before. Guests', staff's and deleted keys
start with "#" and stay."""

from django.db import migrations, models

from accounts.names import NAME_KEY_MAX, name_key


def rekey(apps, schema_editor):  # type: ignore[no-untyped-def]
    Player = apps.get_model("accounts", "Player")
    players = list(Player.objects.exclude(name_key__startswith="#").order_by("id").only("id", "name"))
    # Through keys no name can have first, so no new key meets an old one mid-way.
    for player in players:
        Player.objects.filter(pk=player.pk).update(name_key=f"#rekey-{player.pk}")
    taken = set(Player.objects.filter(name_key__startswith="#").values_list("name_key", flat=True))
    for player in players:
        key = name_key(player.name)[:NAME_KEY_MAX - 24]
        if key in taken:
            key = f"{key}#{player.pk}"
        taken.add(key)
        Player.objects.filter(pk=player.pk).update(name_key=key)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0008_devices_and_deletion"),
    ]

    operations = [
        migrations.AlterField(
            model_name="player",
            name="name_key",
            field=models.CharField(max_length=NAME_KEY_MAX, unique=True, verbose_name="ключ имени"),
        ),
        migrations.RunPython(rekey, migrations.RunPython.noop),
    ]
