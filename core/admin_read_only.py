"""Admin pages of facts: events, coin movements, accounts' balances, rating changes and
absences are written by the services alone, so staff may look but never add, change or
delete one, not even a superuser (an edit here would break the event log or the ledger)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from core.admin_titles import TitledAdmin


class ReadOnlyAdmin(TitledAdmin):
    """A titled admin page that shows rows and writes none."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
