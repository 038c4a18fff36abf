"""Admin: the coins' ledger, read-only: every movement with its postings, and the accounts
with their balances. Every label is gettext (Russian source, locale/en for English)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from coins import ledger
from coins.models import Account, Movement, Posting
from core.admin_read_only import ReadOnlyAdmin


class PostingInline(admin.TabularInline):
    model = Posting
    fields = ("account", "amount")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Movement)
class MovementAdmin(ReadOnlyAdmin):
    """The ledger: every movement with its two postings. Nobody changes or deletes one;
    staff grants go through the grant service (a player's wallet, from the issuer)."""

    list_display = ["id", "kind", "tournament", "key", "note", "created_at"]
    list_filter = ["kind", "created_at"]
    search_fields = ["=tournament__id", "key", "note"]
    readonly_fields = ["kind", "key", "tournament", "note", "by", "created_at"]
    inlines = [PostingInline]
    date_hierarchy = "created_at"
    list_title = gettext_lazy("Переводы монет")


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "player", "tournament", "balance"]
    list_filter = ["kind"]
    search_fields = ["player__name", "=tournament__id"]
    list_title = gettext_lazy("Счета")

    @admin.display(description=gettext_lazy("баланс"))
    def balance(self, account: Account) -> int:
        return ledger.balance(account)
