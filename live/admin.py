"""Admin: seats the computer played for after their move timer ran out (who walked away,
when, whether they came back or forfeited), read-only: the live services keep them."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from durak_platform.admin_titles import TitledAdmin
from live.models import SeatAbsence


@admin.register(SeatAbsence)
class SeatAbsenceAdmin(TitledAdmin):
    list_display = ["game", "seat", "away_since", "returned_at", "forfeited_at"]
    list_filter = ["away_since"]
    search_fields = ["=game__id"]
    list_select_related = ["game"]
    readonly_fields = ("game", "seat", "away_since", "returned_at", "forfeited_at")
    fields = readonly_fields
    list_title = gettext_lazy("Отошедшие от стола")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
