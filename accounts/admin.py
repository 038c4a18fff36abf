"""Admin: players (the games app adds each player's games to the page)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "username", "is_guest", "created_at"]
    list_filter = ["is_guest", "created_at"]
    search_fields = ["name", "user__username", "=id"]
    readonly_fields = ["user", "created_at"]
    fields = ["user", "name", "is_guest", "created_at"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).select_related("user")

    @admin.display(description="username", ordering="user__username")
    def username(self, player: Player) -> str:
        return player.user.get_username()
