from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PushConfig(AppConfig):
    name = "push"
    verbose_name = _("Уведомления на устройства")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts.signals import account_deleted
        from push import services, tasks
        from stream.delivery import events_stored

        events_stored.connect("push", tasks.enqueue, uid="push.enqueue")
        # A deleted account's devices are woken no more (in the deleting transaction).
        account_deleted.connect("forget", services.subscriptions_of_deleted_player, uid="push.account_deleted")
