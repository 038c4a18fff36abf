"""Admin: tournaments with entrants and tables, actions to start, move on and cancel, and
the wallet ledger, where staff may add a grant but nobody changes or deletes an entry."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from durak_platform.errors import ApplicationError
from tournaments import services
from tournaments.models import Entry, LedgerEntry, Table, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ("player", "joined_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # entering pays a fee: only the service does it


class TableInline(admin.TabularInline):
    model = Table
    fields = ("round", "game_link", "first", "second", "game_status")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="игра")
    def game_link(self, table: Table) -> str:
        return format_html('<a href="{}">{}</a>', reverse("admin:games_game_change", args=[table.game_id]),
                           table.game_id)

    @admin.display(description="статус")
    def game_status(self, table: Table) -> str:
        return table.game.status


def _as_organiser(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament],
                  act: Any, done: str) -> None:
    for tournament in queryset.select_related("organiser"):
        try:
            act(tournament_id=tournament.pk, player=tournament.organiser)
        except ApplicationError as error:
            modeladmin.message_user(request, f"{tournament}: {error.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: {done}")


@admin.action(description="Начать (от имени организатора)")
def start(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    _as_organiser(modeladmin, request, queryset, services.tournament_start, "первый тур открыт")


@admin.action(description="Следующий тур / выплата, если тур сыгран")
def advance(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    _as_organiser(modeladmin, request, queryset, services.tournament_advance_by_organiser, "проверен")


@admin.action(description="Отменить и вернуть взносы")
def cancel(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    _as_organiser(modeladmin, request, queryset, services.tournament_cancel, "отменён, взносы возвращены")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "status", "organiser", "entry_fee", "added_prize", "entrant_count", "created_at"]
    list_filter = ["status", "created_at"]
    search_fields = ["=id", "name", "organiser__name", "entries__player__name"]
    readonly_fields = ["status", "standings", "created_at", "started_at", "finished_at"]
    inlines = [EntryInline, TableInline]
    actions = [start, advance, cancel]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Tournament]:
        return super().get_queryset(request).select_related("organiser").prefetch_related("entries")

    @admin.display(description="участников")
    def entrant_count(self, tournament: Tournament) -> int:
        return len(tournament.entries.all())

    def get_readonly_fields(self, request: HttpRequest, obj: Tournament | None = None) -> list[str]:
        # Once anyone has paid in, the money terms stay as they were announced.
        if obj is not None and obj.pk is not None and (obj.entries.exists() or obj.status != obj.Status.REGISTRATION):
            return [*self.readonly_fields, "organiser", "rules", "entry_fee", "added_prize", "prize_split",
                    "max_entrants", "move_timer", "spectator_delay"]
        return list(self.readonly_fields)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the ledger points at it: cancel instead


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = ["id", "player", "amount", "kind", "tournament", "note", "created_at"]
    list_filter = ["kind", "created_at"]
    search_fields = ["player__name", "=tournament__id", "note"]
    date_hierarchy = "created_at"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return ["player", "amount", "note"]  # staff grants: kind is always "grant"
        return ["player", "amount", "kind", "tournament", "note", "created_at"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return [] if obj is None else self.get_fields(request, obj)

    def save_model(self, request: HttpRequest, obj: LedgerEntry, form: Any, change: bool) -> None:
        obj.kind = LedgerEntry.Kind.GRANT
        super().save_model(request, obj, form, change)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
