from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoinsConfig(AppConfig):
    name = "coins"
    verbose_name = _("Монеты")
