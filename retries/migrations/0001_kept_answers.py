from __future__ import annotations

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [migrations.swappable_dependency(settings.AUTH_USER_MODEL)]

    operations = [
        migrations.CreateModel(
            name="KeptAnswer",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("key", models.CharField(max_length=64)),
                ("fingerprint", models.CharField(max_length=64)),
                ("status", models.PositiveSmallIntegerField(null=True)),
                ("body", models.BinaryField(default=b"")),
                ("content_type", models.CharField(default="application/json", max_length=100)),
                ("created_at", models.DateTimeField(db_index=True)),
                ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                           to=settings.AUTH_USER_MODEL)),
            ],
            options={"verbose_name": "kept answer"},
        ),
        migrations.AddConstraint(
            model_name="keptanswer",
            constraint=models.UniqueConstraint(fields=("user", "key"), name="kept_answer_one_per_key"),
        ),
    ]
