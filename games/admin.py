"""Admin: games with their seats and read-only event log (the log itself never editable),
and each player's games on the player's page."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from accounts.admin import PlayerAdmin
from accounts.models import Player
from games.models import Game, GameEvent, Seat


class ReadOnlyMixin:
    """Events are facts: nobody adds, changes or deletes them, not even a superuser."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ["number", "player", "ai_level"]
    readonly_fields = ["number", "player", "ai_level"]
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class GameEventInline(ReadOnlyMixin, admin.TabularInline):
    model = GameEvent
    fields = ("seq", "type", "actor_seat", "actor", "payload", "created_at")
    readonly_fields = fields
    extra = 0
    ordering = ["seq"]
    classes = ["collapse"]


class HasComputerFilter(admin.SimpleListFilter):
    title = "opponents"
    parameter_name = "computer"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "with computer players"), ("no", "people only")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Game]) -> QuerySet[Game]:
        if self.value() == "yes":
            return queryset.filter(seats__ai_level__gt="").distinct()
        if self.value() == "no":
            return queryset.exclude(seats__ai_level__gt="")
        return queryset


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "status", "variant", "seat_list", "seq", "outcome", "created_at", "finished_at"]
    list_filter = ["status", HasComputerFilter, "rated", "created_at", "finished_at"]
    search_fields = ["=id", "seats__player__name", "seats__player__user__username", "creator__name"]
    readonly_fields = ("status", "seq", "rules", "creator", "result", "outcome", "created_at", "started_at",
                       "last_event_at", "finished_at", "hints", "rated", "replay_link")
    fields = readonly_fields
    inlines = [SeatInline, GameEventInline]
    date_hierarchy = "created_at"
    list_per_page = 50

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        return super().get_queryset(request).prefetch_related("seats__player")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are made through the API, where the rules are checked

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the event log protects its game

    @admin.display(description="variant")
    def variant(self, game: Game) -> str:
        rules = game.rules or {}
        return f"{rules.get('variant', '?')}, {rules.get('players', '?')}p, {rules.get('deck', '?')}"

    @admin.display(description="seats")
    def seat_list(self, game: Game) -> str:
        return ", ".join(f"{seat.number}: {seat.name or '—'}" for seat in game.seats.all())

    @admin.display(description="result")
    def outcome(self, game: Game) -> str:
        if not game.result:
            return "—"
        if game.result.get("draw"):
            return "draw"
        durak = game.result.get("durak")
        return f"durak: seat {durak}" if durak is not None else f"losers: {game.result.get('losers')}"

    @admin.display(description="replay")
    def replay_link(self, game: Game) -> str:
        if game.status != Game.Status.FINISHED:
            return "— (the replay opens when the game is finished)"
        page, data = reverse("replay-page", args=[game.pk]), reverse("game-replay", args=[game.pk])
        return format_html('<a href="{}">the replay viewer</a> · <a href="{}">the event log (JSON)</a>', page, data)


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["game", "seq", "type", "actor_seat", "actor", "created_at"]
    list_filter = ["type", "created_at"]
    search_fields = ["=game__id", "type"]
    list_select_related = ["game", "actor"]
    readonly_fields = ["game", "seq", "type", "schema_version", "payload", "actor_seat", "actor", "created_at"]

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}  # no bulk delete either


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


# Accounts know no games: the player's page gets its games from here.
admin.site.unregister(Player)


@admin.register(Player)
class PlayerWithGamesAdmin(PlayerAdmin):
    list_display = [*PlayerAdmin.list_display[:-1], "games", PlayerAdmin.list_display[-1]]
    inlines = [PlayerSeatInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).annotate(game_count=Count("seats"))

    @admin.display(description="games", ordering="game_count")
    def games(self, player: Player) -> int:
        return getattr(player, "game_count", 0)
