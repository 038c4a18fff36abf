"""The players who already have a push subscription: their stream heads wake devices
(``StreamHead.wakes``), made for those who have no head yet."""

from django.db import migrations


def heads_that_wake(apps, schema_editor):
    PushSubscription = apps.get_model("push", "PushSubscription")
    StreamHead = apps.get_model("stream", "StreamHead")
    players = set(PushSubscription.objects.values_list("player_id", flat=True).distinct())
    have = set(StreamHead.objects.filter(player_id__in=players).values_list("player_id", flat=True))
    StreamHead.objects.bulk_create([StreamHead(player_id=p) for p in sorted(players - have)])
    StreamHead.objects.filter(player_id__in=players).update(wakes=True)


class Migration(migrations.Migration):

    dependencies = [
        ('push', '0001_initial'),
        ('stream', '0002_streamhead_wakes'),
    ]

    operations = [
        migrations.RunPython(heads_that_wake, migrations.RunPython.noop),
    ]
