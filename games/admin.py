"""Admin: games as a club's staff read them (the rules and the result in words, the seats
with links to the players' pages, the event log as a table of moves, a link to the replay
viewer), the read-only event log itself, and each player's games on the player's page.
Every label is gettext (Russian source, locale/en for English); the words are admin_text's."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.admin import PlayerAdmin
from accounts.models import Player
from core.admin_read_only import ReadOnlyAdmin
from core.admin_titles import TitledAdmin
from games import admin_text
from games.fairplay_admin import suspect_pairs_view
from games.models import Game, GameEvent, Seat, SeatAbsence


def seat_names(game: Game) -> dict[int, str]:
    """Seat number → the name staff know: the player's, or «компьютер (опытный)»."""
    names: dict[int, str] = {}
    for seat in game.seats.all():
        if seat.ai_level:
            names[seat.number] = _("компьютер, %(level)s") % {"level": admin_text.level_text(seat.ai_level)}
        elif seat.player is not None:
            names[seat.number] = seat.player.name
    return names


def player_links(player: Player) -> SafeString:
    """The player's public page (/players/{id}/) and their admin page."""
    return format_html('<a href="/players/{}/">{}</a> (<a href="{}">{}</a>)', player.pk, player.name,
                       reverse("admin:accounts_player_change", args=[player.pk]), _("в админке"))


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("number", "who", "ai_level_text")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("player")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=gettext_lazy("кто сидит"))
    def who(self, seat: Seat) -> str:
        if seat.player is not None:
            return player_links(seat.player)
        return _("компьютер") if seat.ai_level else _("свободно")

    @admin.display(description=gettext_lazy("уровень компьютера"))
    def ai_level_text(self, seat: Seat) -> str:
        return admin_text.level_text(seat.ai_level) if seat.ai_level else "—"


class HasComputerFilter(admin.SimpleListFilter):
    title = gettext_lazy("соперники")
    parameter_name = "computer"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", gettext_lazy("с компьютером")), ("no", gettext_lazy("только люди"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Game]) -> QuerySet[Game]:
        if self.value() == "yes":
            return queryset.filter(seats__ai_level__gt="").distinct()
        if self.value() == "no":
            return queryset.exclude(seats__ai_level__gt="")
        return queryset


@admin.register(Game)
class GameAdmin(TitledAdmin):
    list_display = ["id", "status", "variant", "seat_list", "seq", "outcome", "created_at", "finished_at"]
    list_filter = ["status", HasComputerFilter, "rated", "created_at", "finished_at"]
    search_fields = ["=id", "seats__player__name", "seats__player__user__username", "creator__name"]
    # Rules and result in words once each: their JSON is the event log's business.
    readonly_fields = ("status", "rules_text", "outcome", "replay_link", "creator", "seq", "move_timer",
                       "time_bank", "time_increment", "reconnect_window", "spectator_delay", "hints", "rated", "created_at", "started_at",
                       "last_event_at", "finished_at", "event_log")
    fieldsets = [
        (None, {"fields": ["status", "rules_text", "outcome", "replay_link"]}),
        (gettext_lazy("Стол"), {"fields": ["creator", "move_timer", "time_bank", "time_increment", "reconnect_window", "spectator_delay", "hints", "rated"]}),
        (gettext_lazy("Время"), {"fields": ["created_at", "started_at", "last_event_at", "finished_at"]}),
        (gettext_lazy("Ход партии"), {"fields": ["seq", "event_log"]}),
    ]
    inlines = [SeatInline]
    date_hierarchy = "created_at"
    list_per_page = 50
    list_title = gettext_lazy("Партии")

    def object_title(self, obj: Game) -> str:
        return _("Партия №%(id)s") % {"id": obj.pk}

    def object_subtitle(self, obj: Game) -> str:
        return f"{obj.get_status_display()} · {admin_text.rules_text(obj.rules)}"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        return super().get_queryset(request).prefetch_related("seats__player")

    def get_urls(self) -> list[URLPattern]:
        # The fair-play report beside the games it is computed from (no model of its own).
        report = path("fairplay/", self.admin_site.admin_view(suspect_pairs_view), name="games_game_fairplay")
        return [report, *super().get_urls()]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are made through the API, where the rules are checked

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the event log protects its game

    @admin.display(description=gettext_lazy("правила"))
    def variant(self, game: Game) -> str:
        return admin_text.rules_text(game.rules)

    @admin.display(description=gettext_lazy("правила"))
    def rules_text(self, game: Game) -> str:
        return admin_text.rules_text(game.rules)

    @admin.display(description=gettext_lazy("места"))
    def seat_list(self, game: Game) -> str:
        names = seat_names(game)
        return ", ".join(f"{seat.number}: {names.get(seat.number, '—')}" for seat in game.seats.all())

    @admin.display(description=gettext_lazy("итог"))
    def outcome(self, game: Game) -> str:
        return admin_text.result_text(game.result, seat_names(game))

    @admin.display(description=gettext_lazy("запись партии"))
    def replay_link(self, game: Game) -> str:
        if game.status != Game.Status.FINISHED:
            return _("— (запись откроется, когда партия закончится)")
        page = reverse("replay-page", args=[game.pk])
        return format_html('<a href="{}">{}</a>', page, _("открыть запись партии"))

    @admin.display(description=gettext_lazy("события"))
    def event_log(self, game: Game) -> str:
        """Every stored event as a row: seq, what happened in words, who, the cards."""
        reader = admin_text.EventReader(seat_names(game))
        events = GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", "payload")
        rows = [reader.row(seq, payload) for seq, payload in events]
        if not rows:
            return _("— (партия ещё не началась)")
        head = format_html("<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
                           _("№"), _("событие"), _("кто"), _("карты и подробности"))
        body = format_html_join("", '<tr data-seq="{}"><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>',
                                ((seq, seq, kind, who, what) for seq, kind, who, what in rows))
        return format_html('<div class="event-log" style="max-height:32em;overflow:auto">'
                           '<table><thead>{}</thead><tbody>{}</tbody></table></div>', head, body)


class EventTypeFilter(admin.SimpleListFilter):
    title = gettext_lazy("тип")
    parameter_name = "type"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return list(admin_text.EVENT_TYPES.items())

    def queryset(self, request: HttpRequest, queryset: QuerySet[GameEvent]) -> QuerySet[GameEvent]:
        return queryset.filter(type=self.value()) if self.value() else queryset


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "type_text", "actor_seat", "actor", "created_at"]
    list_filter = [EventTypeFilter, "created_at"]
    search_fields = ["=game__id", "type"]
    list_select_related = ["game", "actor"]
    # In words only: the stored JSON of a finished game is the replay viewer's download.
    readonly_fields = ("game", "seq", "type_text", "description", "actor_seat", "actor", "created_at",
                       "schema_version")
    fields = readonly_fields
    list_title = gettext_lazy("События партий")

    def object_title(self, obj: GameEvent) -> str:
        return _("Событие %(seq)s партии №%(game)s") % {"seq": obj.seq, "game": obj.game_id}

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}  # no bulk delete either

    @admin.display(description=gettext_lazy("тип"), ordering="type")
    def type_text(self, event: GameEvent) -> str:
        return admin_text.event_type_text(event.type)

    @admin.display(description=gettext_lazy("что произошло"))
    def description(self, event: GameEvent) -> str:
        # The bout's earlier attacks name a beaten card: read the game up to this event.
        reader = admin_text.EventReader(seat_names(event.game))
        row: tuple[int, str, str, str] = (0, "", "", "")
        for seq, payload in GameEvent.objects.filter(game_id=event.game_id, seq__lte=event.seq).order_by(
                "seq").values_list("seq", "payload"):
            row = reader.row(seq, payload)
        return " · ".join(part for part in (row[2], row[3]) if part) or "—"


class PlayerSeatInline(admin.TabularInline):
    """The player's games, one row per seat they hold."""

    model = Seat
    fk_name = "player"
    verbose_name = gettext_lazy("партия")
    verbose_name_plural = gettext_lazy("партии")
    fields = ("game_link", "number", "status", "result", "replay")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("game").order_by("-game_id")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=gettext_lazy("партия"))
    def game_link(self, seat: Seat) -> str:
        return format_html('<a href="{}">{}</a>', reverse("admin:games_game_change", args=[seat.game_id]),
                           _("Партия №%(id)s") % {"id": seat.game_id})

    @admin.display(description=gettext_lazy("статус"))
    def status(self, seat: Seat) -> str:
        return str(seat.game.get_status_display())

    @admin.display(description=gettext_lazy("итог"))
    def result(self, seat: Seat) -> str:
        result = seat.game.result
        if not result:
            return "—"
        if seat.number in (result.get("forfeits") or ()):
            return _("не вернулся к столу (поражение)")
        if result.get("draw"):
            return _("ничья")
        return _("проиграл (дурак)") if seat.number in result.get("losers", []) else _("выиграл")

    @admin.display(description=gettext_lazy("запись"))
    def replay(self, seat: Seat) -> str:
        if seat.game.status != Game.Status.FINISHED:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("replay-page", args=[seat.game_id]), _("запись"))


# Accounts know no games: the player's page gets its games from here.
admin.site.unregister(Player)


@admin.register(Player)
class PlayerWithGamesAdmin(PlayerAdmin):
    list_display = [*PlayerAdmin.list_display[:-1], "games", PlayerAdmin.list_display[-1]]
    inlines = [PlayerSeatInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return super().get_queryset(request).annotate(game_count=Count("seats"))

    @admin.display(description=gettext_lazy("партий"), ordering="game_count")
    def games(self, player: Player) -> int:
        return getattr(player, "game_count", 0)


@admin.register(SeatAbsence)
class SeatAbsenceAdmin(ReadOnlyAdmin):
    """Seats the computer played for after their move timer ran out (who walked away,
    when, whether they came back or forfeited), read-only: ``games.timers`` keeps them."""

    list_display = ["game", "seat", "away_since", "returned_at", "forfeited_at"]
    list_filter = ["away_since"]
    search_fields = ["=game__id"]
    list_select_related = ["game"]
    readonly_fields = ("game", "seat", "away_since", "returned_at", "forfeited_at")
    fields = readonly_fields
    list_title = gettext_lazy("Отошедшие от стола")
