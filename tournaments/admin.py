"""Admin: tournaments as a club's staff run them (start, move on a stuck round, cancel
with refunds, disqualify, CSV exports of the standings and the ledger), the staff's own
record of what they did (the coins' ledger is ``coins.admin``). Every label is
gettext (Russian source, locale/en for English); refusals are worded by code (admin_text)."""

from __future__ import annotations

import csv
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Player
from coins import ledger
from core.admin_titles import TitledAdmin
from core.errors import ApplicationError
from games.admin_text import rules_text
from tournaments import admin_text, selectors, services, terms
from tournaments.models import Entry, Round, StaffAction, Table, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ("player", "status", "joins", "out_in_round", "joined_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # entering pays a fee: only the service does it


class TableInline(admin.TabularInline):
    model = Table
    fields = ("round", "game_link", "player_names", "game_status", "replay")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return super().get_queryset(request).select_related("game")

    @admin.display(description=gettext_lazy("партия"))
    def game_link(self, table: Table) -> str:
        return format_html('<a href="{}">{}</a>', reverse("admin:games_game_change", args=[table.game_id]),
                           _("Партия №%(id)s") % {"id": table.game_id})

    @admin.display(description=gettext_lazy("игроки"))
    def player_names(self, table: Table) -> str:
        names = dict(Player.objects.filter(pk__in=table.players).values_list("pk", "name"))
        return format_html_join(", ", '<a href="/players/{}/">{}</a>',
                                ((pk, names.get(pk, pk)) for pk in table.players))

    @admin.display(description=gettext_lazy("статус"))
    def game_status(self, table: Table) -> str:
        return str(table.game.get_status_display())

    @admin.display(description=gettext_lazy("запись"))
    def replay(self, table: Table) -> str:
        if table.game.status != table.game.Status.FINISHED:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("replay-page", args=[table.game_id]), _("запись"))


class StaffActionInline(admin.TabularInline):
    model = StaffAction
    fields = ("created_at", "kind", "by", "player", "note")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _each(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament],
          act: Any, done: str) -> None:
    for tournament in queryset.select_related("organiser"):
        try:
            act(tournament)
        except ApplicationError as error:
            modeladmin.message_user(request, f"{tournament.name}: {admin_text.refusal_text(error)}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament.name}: {done}")


@admin.action(description=gettext_lazy("Начать (от имени организатора)"))
def start(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    _each(modeladmin, request, queryset,
          lambda t: services.tournament_start(tournament_id=t.pk, player=t.organiser), _("первый тур открыт"))


@admin.action(description=gettext_lazy("Продвинуть зависший тур"))
def advance(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    _each(modeladmin, request, queryset,
          lambda t: services.round_advance_by_staff(tournament_id=t.pk, by=request.user), _("тур проверен"))


@admin.action(description=gettext_lazy("Отменить и вернуть всё, что не выплачено"))
def cancel(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    _each(modeladmin, request, queryset,
          lambda t: services.tournament_cancel_by_staff(tournament_id=t.pk, by=request.user),
          _("отменён, монеты возвращены"))


def _csv(name: str, header: list[str], rows: list[dict[str, Any]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    writer = csv.DictWriter(response, fieldnames=header, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    return response


@admin.action(description=gettext_lazy("CSV: итоговая таблица"))
def standings_csv(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse:
    rows = [{"tournament": t.pk, **row} for t in queryset for row in selectors.standings_json(t)]
    return _csv("standings.csv", ["tournament", "place", "player", "name", "points", "tiebreak", "prize"], rows)


@admin.action(description=gettext_lazy("CSV: движение монет"))
def ledger_csv(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse:
    rows = [{"tournament": t.pk, **row} for t in queryset for row in selectors.ledger_rows(t)]
    return _csv("ledger.csv", ["tournament", "transfer", "kind", "key", "account", "player", "amount",
                               "created_at", "note"], rows)


TERMS = ["name", "organiser", "format", "rules", "entry_fee", "rake_percent", "added_prize", "guarantee",
         "payouts", "prize_amounts", "leaves", "min_entrants", "max_entrants", "starts_at", "rounds", "move_timer",
         "time_bank", "time_increment", "spectator_delay"]


class TournamentCreateForm(forms.ModelForm):
    """A tournament made by staff for an organiser: the same terms, checked by the same
    code, as through the API (``tournaments.terms``), and paid for by the organiser."""

    class Meta:
        model = Tournament
        fields = TERMS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("time_bank", "time_increment"):  # left empty: the terms' defaults
            self.fields[name].required = False

    def body(self) -> dict[str, Any]:
        data = {name: self.cleaned_data.get(name) for name in TERMS if name != "organiser"}
        data["timer"] = data.pop("move_timer")
        for name in ("time_bank", "time_increment"):
            if data.get(name) is None:
                data.pop(name, None)
        starts = data.get("starts_at")
        if starts is not None:
            data["starts_at"] = starts.isoformat()
        if data["format"] != Tournament.Format.ELIMINATION:
            data.pop("leaves")
        if data["format"] != Tournament.Format.SWISS:
            data.pop("rounds")
        return data

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors:
            try:
                made = terms.parse(self.body())
            except ApplicationError as error:
                field = error.extra.get("field")
                field = "move_timer" if field == "timer" else field
                self.add_error(field if field in self.fields else None, admin_text.field_refusal(field, error))
                return cleaned
            held = ledger.balance(ledger.wallet(cleaned["organiser"].pk))  # welcome coins fund no prize
            if held < made["added_prize"] + made["guarantee"]:
                self.add_error("organiser", _("В кошельке организатора %(held)s монет: мало для добавленного "
                                              "приза и гарантии.") % {"held": held})
        return cleaned


MONEY = ["entry_fee", "rake_percent", "added_prize", "guarantee"]
SCHEDULE = ["min_entrants", "max_entrants", "starts_at"]


@admin.register(Tournament)
class TournamentAdmin(TitledAdmin):
    list_display = ["id", "name", "format", "status", "organiser", "entry_fee", "entrant_count", "created_at"]
    list_filter = ["status", "format", "created_at"]
    search_fields = ["=id", "name", "organiser__name", "entries__player__name"]
    readonly_fields = ["status", "standings_table", "created_at", "started_at", "finished_at", "page_link",
                       "rules_text", "payouts_text", "table_limit_text"]
    inlines = [EntryInline, TableInline, StaffActionInline]
    actions = [start, advance, cancel, standings_csv, ledger_csv]
    list_title = gettext_lazy("Турниры")
    add_title = gettext_lazy("Новый турнир")

    def object_title(self, obj: Tournament) -> str:
        return _("Турнир «%(name)s»") % {"name": obj.name}

    def object_subtitle(self, obj: Tournament) -> str:
        return f"{obj.get_format_display()} · {obj.get_status_display()}"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Tournament]:
        return super().get_queryset(request).select_related("organiser").prefetch_related("entries")

    @admin.display(description=gettext_lazy("участников"))
    def entrant_count(self, tournament: Tournament) -> int:
        return len(tournament.entries.all())

    @admin.display(description=gettext_lazy("страница турнира"))
    def page_link(self, tournament: Tournament) -> str:
        url = f"/tournaments/{tournament.pk}/"
        return format_html('<a href="{}">{}</a>', url, url)

    @admin.display(description=gettext_lazy("правила стола"))
    def rules_text(self, tournament: Tournament) -> str:
        return rules_text(tournament.rules)

    @admin.display(description=gettext_lazy("стол длится не дольше"))
    def table_limit_text(self, tournament: Tournament) -> str:
        return admin_text.table_limit_text(selectors.table_limit(tournament))

    @admin.display(description=gettext_lazy("призы по местам"))
    def payouts_text(self, tournament: Tournament) -> str:
        return admin_text.payouts_text(tournament.payouts, tournament.prize_amounts)

    @admin.display(description=gettext_lazy("таблица"))
    def standings_table(self, tournament: Tournament) -> str:
        if tournament.status == Tournament.Status.REGISTRATION:
            return "—"
        return admin_text.standings_table(selectors.standings_json(tournament))

    def get_readonly_fields(self, request: HttpRequest, obj: Tournament | None = None) -> list[str]:
        # Once made, its terms stay as announced: the added prize and the guarantee have
        # left the organiser's wallet, entrants pay the fee by them, and only the services
        # move coins. The change form edits the name alone.
        if obj is not None and obj.pk is not None:
            return [*self.readonly_fields, *(name for name in TERMS if name not in ("name", "rules", "payouts"))]
        return list(self.readonly_fields)

    def get_fieldsets(self, request: HttpRequest, obj: Tournament | None = None) -> Any:
        if obj is None:
            return [(None, {"fields": TERMS})]
        return [
            (None, {"fields": ["name", "page_link", "status", "organiser", "format"]}),
            (gettext_lazy("Стол"), {"fields": ["rules_text", "move_timer", "time_bank", "time_increment",
                                                    "table_limit_text", "spectator_delay", "leaves", "rounds"]}),
            (gettext_lazy("Фонд"), {"fields": [*MONEY, "payouts_text"]}),
            (gettext_lazy("Участники и время"), {"fields": [*SCHEDULE, "created_at", "started_at", "finished_at"]}),
            (gettext_lazy("Итоги"), {"fields": ["standings_table"]}),
        ]

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        if obj is None:
            kwargs["form"] = TournamentCreateForm
        return super().get_form(request, obj, change=change, **kwargs)

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        # Made by the service, as through the API: the added prize and the guarantee leave
        # the organiser's wallet now (or nothing is made).
        made = services.tournament_create(organiser=form.cleaned_data["organiser"], data=form.body())
        obj.pk = made.pk
        obj.refresh_from_db()

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the ledger points at it: cancel instead


@admin.register(Round)
class RoundAdmin(TitledAdmin):
    list_display = ["tournament", "number", "final", "seed", "seating_ms", "opened_at", "closed_at"]
    readonly_fields = ["tournament", "number", "final", "seed", "byes", "seating_ms", "opened_at", "closed_at"]
    list_title = gettext_lazy("Туры")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
