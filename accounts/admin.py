"""Admin: players, with the accounts made in bursts from one address (the games app adds
each player's games to the page)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.bursts import MIN_ACCOUNTS, WINDOW, burst_player_ids
from accounts.models import Player


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
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "username", "is_guest", "created_ip", "created_at"]
    list_filter = ["is_guest", BurstFilter, "created_at"]
    search_fields = ["name", "user__username", "=id", "=created_ip"]
    # The name is chosen at sign-up and is the login too: changed only with its key, so not here.
    readonly_fields = ["user", "name", "name_key", "created_ip", "created_at"]
    fields = ["user", "name", "name_key", "is_guest", "created_ip", "created_at"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).select_related("user")

    @admin.display(description="username", ordering="user__username")
    def username(self, player: Player) -> str:
        return player.user.get_username()
