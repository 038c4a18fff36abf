"""Admin: players with their games."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from accounts.models import Player, Rating, RatingChange
from games.models import Seat


class PlayerSeatInline(admin.TabularInline):
    """The player's games, one row per seat they hold."""

    model = Seat
    fk_name = "player"
    verbose_name = "game"
    verbose_name_plural = "games"
    fields = ("game_link", "number", "status", "result")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("game").order_by("-game_id")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="game")
    def game_link(self, seat: Seat) -> str:
        return format_html('<a href="{}">Game {}</a>', reverse("admin:games_game_change", args=[seat.game_id]),
                           seat.game_id)

    @admin.display(description="status")
    def status(self, seat: Seat) -> str:
        return seat.game.status

    @admin.display(description="result")
    def result(self, seat: Seat) -> str:
        result = seat.game.result
        if not result:
            return "—"
        if result.get("draw"):
            return "draw"
        return "lost (durak)" if seat.number in result.get("losers", []) else "won"


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "username", "is_guest", "games", "created_at"]
    list_filter = ["is_guest", "created_at"]
    search_fields = ["name", "user__username", "=id"]
    readonly_fields = ["user", "created_at"]
    fields = ["user", "name", "is_guest", "created_at"]
    inlines = [PlayerSeatInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).select_related("user").annotate(game_count=Count("seats"))

    @admin.display(description="username", ordering="user__username")
    def username(self, player: Player) -> str:
        return player.user.get_username()

    @admin.display(description="games", ordering="game_count")
    def games(self, player: Player) -> int:
        return getattr(player, "game_count", 0)


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings move only through rated games; the change log says why each one is what it is."""

    list_display = ["player", "value", "games", "updated_at"]
    search_fields = ["player__name"]
    readonly_fields = ["player", "value", "games", "updated_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "player", "before", "after", "score", "created_at"]
    search_fields = ["player__name", "=game__id"]
    readonly_fields = ["game", "player", "before", "after", "score", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
