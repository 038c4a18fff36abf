"""A token per device (``Device``, its token kept as a SHA-256): each token of DRF's one-per-
user table becomes a device of its user, so no one is signed out by the move. A deleted
account's mark (``Player.deleted_at``)."""

import hashlib

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def tokens_to_devices(apps, schema_editor):  # type: ignore[no-untyped-def]
    connection = schema_editor.connection
    if "authtoken_token" not in connection.introspection.table_names():
        return
    Device = apps.get_model("accounts", "Device")
    with connection.cursor() as cursor:
        cursor.execute("SELECT key, user_id, created FROM authtoken_token")
        rows = cursor.fetchall()
    now = django.utils.timezone.now()
    Device.objects.bulk_create([
        Device(user_id=user_id, name="", key_digest=hashlib.sha256(key.encode()).hexdigest(), created_at=created,
               last_used_at=now)
        for key, user_id, created in rows
    ])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0007_verbose_names_of_name_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="deleted_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="удалён"),
        ),
        migrations.CreateModel(
            name="Device",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(blank=True, default="", max_length=64, verbose_name="название")),
                ("key_digest", models.CharField(max_length=64, unique=True, verbose_name="отпечаток токена")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="создан")),
                ("last_used_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now,
                                                      verbose_name="последний раз")),
                ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="devices",
                                           to=settings.AUTH_USER_MODEL, verbose_name="пользователь")),
            ],
            options={
                "verbose_name": "устройство",
                "verbose_name_plural": "устройства",
                "ordering": ["id"],
            },
        ),
        migrations.RunPython(tokens_to_devices, migrations.RunPython.noop),
    ]
