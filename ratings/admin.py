"""Admin: ratings and the changes rated games made to them; both read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.admin_titles import TitledAdmin
from ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(TitledAdmin):
    """Ratings move only through rated games; the change log says why each one is what it is."""

    list_display = ["player", "variant", "value", "games", "mu", "sigma", "updated_at"]
    list_filter = ["variant"]
    search_fields = ["player__name"]
    readonly_fields = ["player", "variant", "value", "games", "mu", "sigma", "updated_at"]
    list_title = gettext_lazy("Рейтинги")

    def object_title(self, obj: Rating) -> str:
        return _("Рейтинг: %(player)s") % {"player": obj.player}

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(TitledAdmin):
    list_display = ["game", "player", "variant", "rank", "before", "after", "created_at"]
    list_filter = ["variant"]
    search_fields = ["player__name", "=game__id"]
    readonly_fields = ["game", "player", "variant", "rank", "before", "after", "mu_before", "sigma_before",
                       "mu_after", "sigma_after", "created_at"]
    list_title = gettext_lazy("Изменения рейтинга")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
