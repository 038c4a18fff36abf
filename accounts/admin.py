"""Admin: players (the games app adds each player's games to the page), in the staff's
language; a player's public page is linked, not an API URL."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Player
from durak_platform.admin_titles import TitledAdmin


@admin.register(Player)
class PlayerAdmin(TitledAdmin):
    list_display = ["id", "name", "username", "is_guest", "created_at"]
    list_filter = ["is_guest", "created_at"]
    search_fields = ["name", "user__username", "=id"]
    readonly_fields = ["user", "created_at", "page_link"]
    fields = ["name", "page_link", "user", "is_guest", "created_at"]
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
