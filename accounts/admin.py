"""Admin: players in the staff's language, with the accounts made in bursts from one address
(the games app adds each player's games to the page); a player's public page is linked, not an
API URL."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.bursts import MIN_ACCOUNTS, WINDOW, burst_player_ids
from accounts.models import Player
from core.admin_titles import TitledAdmin


class BurstFilter(admin.SimpleListFilter):
    """Accounts made in bursts from one address (``accounts.bursts``)."""

    title = (f"созданы пачкой с одного адреса / made in a burst from one address "
             f"(≥ {MIN_ACCOUNTS}, {int(WINDOW.total_seconds() // 60)} мин / min)")
    parameter_name = "burst"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "да / yes")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Player]) -> QuerySet[Player]:
        if self.value() == "yes":
            return queryset.filter(pk__in=burst_player_ids())
        return queryset


@admin.register(Player)
class PlayerAdmin(TitledAdmin):
    list_display = ["id", "name", "username", "is_guest", "created_ip", "created_at"]
    list_filter = ["is_guest", BurstFilter, "created_at"]
    search_fields = ["name", "user__username", "=id", "=created_ip"]
    # The name is chosen at sign-up and is the login too: changed only with its key, so not here.
    readonly_fields = ["user", "name", "name_key", "page_link", "created_ip", "created_at"]
    fields = ["name", "page_link", "user", "name_key", "is_guest", "created_ip", "created_at"]
    list_title = gettext_lazy("Игроки")
    add_title = gettext_lazy("Новый игрок")

    def object_title(self, obj: Player) -> str:
        return (_("Игрок %(name)s (гость)") if obj.is_guest else _("Игрок %(name)s")) % {"name": obj.name}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).select_related("user")

    @admin.display(description=gettext_lazy("имя для входа"), ordering="user__username")
    def username(self, player: Player) -> str:
        return player.user.get_username()

    @admin.display(description=gettext_lazy("страница игрока"))
    def page_link(self, player: Player) -> str:
        url = f"/players/{player.pk}/"
        return format_html('<a href="{}">{}</a>', url, url)
