"""The games' tables: a ``Game``, its ``Seat``s, its append-only ``GameEvent`` log, its
deal's secret, and the seats left empty (``SeatAbsence``). The event store, the SQL that
appends to the log and reads it, is ``games.store``.

The log is the truth. ``Game.seq``/``status``/``result`` are a summary of it, written in
the same transaction as the events, so listings and the admin need no replay.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from core.append_only import AppendOnly, AppendOnlyError


class EventLogIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a stored event."""


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("ждёт игроков")
        ACTIVE = "active", _("идёт")
        FINISHED = "finished", _("окончена")

    rules = models.JSONField(_("правила"), help_text=_("Все параметры правил движка (Rules.to_dict())."))
    status = models.CharField(_("статус"), max_length=16, choices=Status.choices, default=Status.WAITING, db_index=True)
    # The seq of the last event (0 before the game starts): a move must name it to count.
    seq = models.PositiveIntegerField(_("событий"), default=0)
    creator = models.ForeignKey(Player, verbose_name=_("создатель"), null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="created_games")
    result = models.JSONField(_("итог"), null=True, blank=True, help_text=_("Событие game_finished, когда партия закончена."))
    created_at = models.DateTimeField(_("создана"), auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(_("началась"), null=True, blank=True)
    last_event_at = models.DateTimeField(_("последний ход"), null=True, blank=True)
    finished_at = models.DateTimeField(_("закончилась"), null=True, blank=True)
    # A waiting table nobody filled within ``DURAK_WAITING_TABLE_TTL`` seconds: set by the
    # sweep (``games.tasks.waiting_tables_expire``); a table past its TTL counts as expired
    # when read even before the sweep gets to it. It stays ``waiting`` with no events, but
    # nobody may join or fill it, the lobby does not list it and its creator's limit of
    # waiting tables does not count it.
    expired_at = models.DateTimeField(_("истекла"), null=True, blank=True)
    # The table's options, chosen at creation and never changed (``games.options``).
    # Seconds a person has for each move; null: no timer (they may think forever).
    move_timer = models.PositiveIntegerField(_("секунд на ход"), null=True, blank=True)
    # Seconds a seat taken over by the computer stays the player's to take back.
    reconnect_window = models.PositiveIntegerField(_("секунд на возвращение"), default=60)
    # Spectators see the game as it stood this many actions ago (tournament tables).
    spectator_delay = models.PositiveSmallIntegerField(_("задержка для зрителей, ходов"), default=0)
    # Whether the hint button may ask a computer for a move (off at tournament tables).
    hints = models.BooleanField(_("подсказки"), default=True)
    # Whether the finished game moves its players' ratings (``games.options``: people only,
    # no hints; a table may also be declared unrated). Ratings check the seats again.
    rated = models.BooleanField(_("на рейтинг"), default=False)
    # The fair deal (``games.deal``): the SHA-256 of the server seed this game's deck is
    # derived from, fixed at creation before any player's seed is known. Blank: a game
    # dealt before the fair deal. The seed itself is a ``DealSecret`` until the end.
    deal_commitment = models.CharField(_("обязательство раздачи"), max_length=64, blank=True, default="")
    # A game two people arranged between themselves (a challenge): it is in no lobby and in
    # no list but its players' own.
    private = models.BooleanField(_("частная"), default=False)
    # The time bank (``games.banks``), as chess clocks keep it: seconds each person has for
    # the whole game besides each move's timer, and seconds added back for each move they
    # make; null: no bank (the move timer alone). A seat whose bank runs out times out as if
    # its move timer had, so a table with a bank lasts a bounded time. (Last of the fields:
    # ``games.store`` builds rows by ``from_db``, which takes its values in field order.)
    time_bank = models.PositiveIntegerField(_("запас времени, секунд"), null=True, blank=True)
    time_increment = models.PositiveIntegerField(_("добавка за ход, секунд"), default=0)

    class Meta:
        ordering = ["-id"]
        # No index holds seq or last_event_at, which every move changes: PostgreSQL can
        # then update the row in place (a HOT update) instead of adding an entry to every
        # index of the table per move. The stalled-turn sweep filters active games by status.
        verbose_name = _("партия")
        verbose_name_plural = _("партии")

    def __str__(self) -> str:
        return gettext("Партия №%(id)s (%(status)s)") % {"id": self.pk, "status": self.get_status_display()}

    @property
    def players(self) -> int:
        return int(self.rules.get("players", 2))


class Seat(models.Model):
    """A place at the table: a person, a computer player, or (while waiting) nobody."""

    class Kind(models.TextChoices):
        HUMAN = "human", _("человек")
        AI = "ai", _("компьютер")

    game = models.ForeignKey(Game, verbose_name=_("партия"), on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("место"))
    player = models.ForeignKey(Player, verbose_name=_("игрок"), null=True, blank=True, on_delete=models.PROTECT, related_name="seats")
    ai_level = models.CharField(_("уровень компьютера"), max_length=16, blank=True, default="")
    # The seat's part of the fair deal, given when it sat down (or picked by the server);
    # blank for a computer seat, an open seat, or a game from before the fair deal.
    client_seed = models.CharField(_("зерно игрока"), max_length=64, blank=True, default="")

    class Meta:
        ordering = ["game_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_unique_number"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_one_per_player"),
            models.CheckConstraint(
                condition=models.Q(player__isnull=True) | models.Q(ai_level=""), name="seat_human_or_ai"
            ),
        ]
        verbose_name = _("место")
        verbose_name_plural = _("места")

    def __str__(self) -> str:
        return gettext("место %(n)s в партии №%(game)s") % {"n": self.number, "game": self.game_id}

    @property
    def is_open(self) -> bool:
        return self.player_id is None and not self.ai_level

    @property
    def kind(self) -> str | None:
        if self.ai_level:
            return self.Kind.AI
        return self.Kind.HUMAN if self.player_id is not None else None

    @property
    def name(self) -> str:
        if self.ai_level:
            return f"Компьютер ({self.ai_level})"
        return self.player.name if self.player is not None else ""


class DealSecret(models.Model):
    """The server seed a game's deck is derived from: a secret like the deck, read only to
    deal and, once the game is finished, to reveal in its replay. Never in an event, a
    view, a socket message, a log line or the admin."""

    game = models.OneToOneField(Game, verbose_name=_("партия"), on_delete=models.CASCADE, primary_key=True, related_name="+")
    server_seed = models.CharField(_("серверный ключ"), max_length=64)

    class Meta:
        verbose_name = _("секрет раздачи")
        verbose_name_plural = _("секреты раздачи")

    def __str__(self) -> str:
        return f"deal secret of game {self.game_id}"  # never the seed


class GameEvent(AppendOnly):
    """One engine event, stored whole (unredacted); ``seq`` counts from 1 within a game."""

    # The unique (game, seq) index serves every lookup by game: no second index to fill per event.
    game = models.ForeignKey(Game, verbose_name=_("партия"), on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField(_("номер"))
    type = models.CharField(_("тип"), max_length=32)
    schema_version = models.PositiveSmallIntegerField(_("версия схемы"))
    payload = models.JSONField(_("данные"), help_text=_("Событие целиком: тип, версия и поля."))
    # The seat whose action caused this event; null for automatic follow-ups and the deal.
    actor_seat = models.PositiveSmallIntegerField(_("место"), null=True, blank=True)
    actor = models.ForeignKey(Player, verbose_name=_("игрок"), null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    refusal = EventLogIsAppendOnly

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="game_event_unique_seq")]
        verbose_name = _("событие")
        verbose_name_plural = _("события")

    def __str__(self) -> str:
        return gettext("партия №%(game)s, событие %(seq)s") % {"game": self.game_id, "seq": self.seq}


# Not game history: the log says what was played, this says who walked away from the table.
class SeatAbsence(models.Model):
    """A person's seat the computer plays for since their move timer ran out.

    Open while ``returned_at`` and ``forfeited_at`` are both null. The player takes the
    seat back by acting or reconnecting within the window; after it, the seat is forfeit:
    the computer finishes the game for it and the result counts it as a loss.
    """

    game = models.ForeignKey(Game, verbose_name=_("партия"), on_delete=models.CASCADE, related_name="absences")
    seat = models.PositiveSmallIntegerField(_("место"))
    away_since = models.DateTimeField(_("отошёл"))
    returned_at = models.DateTimeField(_("вернулся"), null=True, blank=True)
    forfeited_at = models.DateTimeField(_("засчитано поражение"), null=True, blank=True)

    class Meta:
        ordering = ["game_id", "seat", "-away_since"]
        constraints = [
            # At most one open absence per seat: a second timeout extends the first.
            models.UniqueConstraint(
                fields=["game", "seat"],
                condition=models.Q(returned_at__isnull=True),
                name="absence_one_open_per_seat",
            ),
        ]
        db_table = "live_seatabsence"  # made by the live app, whose model it was
        verbose_name = _("отсутствие")
        verbose_name_plural = _("отсутствия")

    def __str__(self) -> str:
        return f"seat {self.seat} of game {self.game_id} away since {self.away_since:%H:%M:%S}"

    @property
    def forfeited(self) -> bool:
        return self.forfeited_at is not None
