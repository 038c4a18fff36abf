"""Tournaments, their entrants, rounds and tables, and what staff did to them. The coins
that fund prize pools move through the ledger of ``coins``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from core.append_only import AppendOnly, AppendOnlyError
from games.models import Game


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("регистрация")
        RUNNING = "running", _("идёт")
        FINISHED = "finished", _("завершён")
        CANCELLED = "cancelled", _("отменён")

    class Format(models.TextChoices):
        ELIMINATION = "elimination", _("на выбывание")
        SWISS = "swiss", _("швейцарская система")
        ROUND_ROBIN = "round_robin", _("круговая система")
        ARENA = "arena", _("арена")

    class Leaves(models.TextChoices):
        """Who leaves an elimination table: the durak, or the worse half."""

        DURAK = "durak", _("дурак выбывает")
        HALF = "half", _("выбывает худшая половина")

    name = models.CharField(_("название"), max_length=80)
    organiser = models.ForeignKey(Player, verbose_name=_("организатор"), on_delete=models.PROTECT, related_name="organised_tournaments")
    format = models.CharField(_("система"), max_length=16, choices=Format.choices, default=Format.ROUND_ROBIN)
    rules = models.JSONField(_("правила стола"), help_text=_("Правила движка для каждого стола (Rules.to_dict())."))
    entry_fee = models.PositiveIntegerField(_("взнос"), default=0, help_text=_("Монет с каждого участника в фонд."))
    rake_percent = models.PositiveSmallIntegerField(_("комиссия площадки, %"), default=0, help_text=_("Доля взносов, которую оставляет площадка."))
    added_prize = models.PositiveIntegerField(_("добавлено в фонд"), default=0, help_text=_("Монеты организатора в призовой фонд."))
    guarantee = models.PositiveIntegerField(_("гарантия фонда"), default=0, help_text=_("Фонд не меньше этой суммы."))
    payouts = models.JSONField(_("призы по местам, %"), null=True, blank=True,
                               help_text=_("Доля фонда по местам, с первого; пусто — по числу участников."))
    # Fixed prizes (``tournaments.prizes``): coins per place, best first, paid before the
    # percentages split the rest; covered by the added prize or the guarantee (``terms``).
    prize_amounts = models.JSONField(_("фиксированные призы по местам, монет"), null=True, blank=True,
                                     help_text=_("Монет по местам, с первого; выплачиваются до процентов, "
                                                 "проценты делят остаток фонда."))
    leaves = models.CharField(_("кто выбывает"), max_length=8, choices=Leaves.choices, default=Leaves.DURAK)
    min_entrants = models.PositiveSmallIntegerField(_("минимум участников"), default=2)
    max_entrants = models.PositiveSmallIntegerField(_("максимум участников"), default=8)
    starts_at = models.DateTimeField(_("начало"), null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(_("туров"), null=True, blank=True, help_text=_("Швейцарская система: сколько туров."))
    # The arena (``tournaments.arena``): how long it runs, and when its time is up.
    duration = models.PositiveSmallIntegerField(_("длительность арены, минут"), null=True, blank=True)
    ends_at = models.DateTimeField(_("арена заканчивается"), null=True, blank=True)
    # Late registration (``tournaments.entry``): entries are taken while running until round
    # ``late_until_round`` opens (null: only before the start); ``reentry``: a player knocked
    # out may enter again, for the fee, while late registration is open.
    late_until_round = models.PositiveSmallIntegerField(_("поздняя регистрация до тура"), null=True, blank=True)
    reentry = models.BooleanField(_("повторный вход"), default=False)
    # The chain of stages (``tournaments.stages``): null, one stage of ``format``.
    stages = models.JSONField(_("этапы"), null=True, blank=True)
    move_timer = models.PositiveIntegerField(_("секунд на ход"), default=30, help_text=_("Секунд на ход за каждым столом (часы есть всегда)."))
    # Each table's time bank (``games.banks``): seconds per player besides the move timer,
    # and seconds back per move; a table then lasts at most seats × bank plus the increments.
    time_bank = models.PositiveIntegerField(_("запас времени на игрока, секунд"), default=240,
                                            help_text=_("Сверх секунд на ход: кто исчерпал запас, за того ходит компьютер."))
    time_increment = models.PositiveSmallIntegerField(_("добавка за ход, секунд"), default=3,
                                                      help_text=_("Секунд в запас за каждый свой ход."))
    spectator_delay = models.PositiveSmallIntegerField(_("задержка для зрителей, ходов"), default=2, help_text=_("Зрители видят столы с опозданием на столько ходов."))
    status = models.CharField(_("статус"), max_length=16, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    standings = models.JSONField(_("итоговая таблица"), null=True, blank=True, help_text=_("Итоговая таблица, закреплённая при выплате призов."))
    # The fair deal (``tournaments.fairness``): the secret every table's server seed and every
    # round's seating come from, shown only once the tournament is over, and its commitment.
    fair_seed = models.CharField(_("секрет честной раздачи"), max_length=64, blank=True, default="")
    fair_commitment = models.CharField(_("обязательство честной раздачи"), max_length=64, blank=True, default="")
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)
    started_at = models.DateTimeField(_("начался"), null=True, blank=True)
    finished_at = models.DateTimeField(_("закончился"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("турнир")
        verbose_name_plural = _("турниры")

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()})"

    @property
    def seats(self) -> int:
        return int(self.rules.get("players", 2))


class Entry(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("зарегистрирован")
        PLAYING = "playing", _("играет")
        ELIMINATED = "eliminated", _("выбыл")
        FINISHED = "finished", _("доиграл")
        WITHDRAWN = "withdrawn", _("снялся")
        DISQUALIFIED = "disqualified", _("дисквалифицирован")

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, verbose_name=_("игрок"), on_delete=models.PROTECT, related_name="tournament_entries")
    status = models.CharField(_("статус"), max_length=16, choices=Status.choices, default=Status.REGISTERED)
    # The entrant's own seed, added to every table's deck (``tournaments.fairness``).
    client_seed = models.CharField(_("зерно игрока"), max_length=64, blank=True, default="")
    # Times this player has entered (a withdrawal and a second entry pay a second fee).
    joins = models.PositiveSmallIntegerField(_("записей"), default=1)
    # The round an elimination entrant left in (null: still in, or another format).
    out_in_round = models.PositiveSmallIntegerField(_("выбыл в туре"), null=True, blank=True)
    # The game of the entrant's table in the latest round (null: a bye, or not seated yet):
    # how every page finds "your table is ready".
    current_game = models.ForeignKey(Game, verbose_name=_("текущая партия"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    joined_at = models.DateTimeField(_("записался"), auto_now_add=True)
    # The round each of the entrant's entries began with, oldest first ([]: one entry, from
    # round 1): a late entry or a re-entry begins later (``tournaments.entry``).
    entered_for = models.JSONField(_("входы с туров"), default=list, blank=True)
    reentries = models.PositiveSmallIntegerField(_("повторных входов"), default=0)
    # The arena's score, kept as tables finish (``tournaments.arena_play``): its points,
    # wins in a row, tables played and won, since when the player waits for a seat (null:
    # seated, or not in the arena) and the players of their last table.
    arena_points = models.PositiveIntegerField(_("очки арены"), default=0)
    arena_streak = models.PositiveSmallIntegerField(_("побед подряд"), default=0)
    arena_tables = models.PositiveIntegerField(_("столов сыграно"), default=0)
    arena_wins = models.PositiveIntegerField(_("столов выиграно"), default=0)
    arena_absent = models.PositiveSmallIntegerField(_("столов подряд без игрока"), default=0)
    waiting_since = models.DateTimeField(_("ждёт стола с"), null=True, blank=True)
    last_table = models.JSONField(_("последний стол"), default=list, blank=True)

    class Meta:
        ordering = ["tournament_id", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entry_once_per_player")]
        indexes = [models.Index(fields=["tournament", "status"], name="entry_by_status"),
                   models.Index(fields=["tournament", "waiting_since"], name="entry_waiting",
                                condition=models.Q(waiting_since__isnull=False))]
        verbose_name = _("участник")
        verbose_name_plural = _("участники")

    def __str__(self) -> str:
        return gettext("%(player)s в турнире «%(tournament)s»") % {"player": self.player, "tournament": self.tournament.name}


class Round(models.Model):
    """One round's seating, recorded so that it can be derived again and audited: the
    seed of its draw and who had a bye."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveIntegerField(_("номер"))  # an arena seats thousands of rounds
    seed = models.CharField(_("зерно рассадки"), max_length=64)
    byes = models.JSONField(_("свободны от игры"), default=list)
    ratings = models.JSONField(_("рейтинги при рассадке"), default=dict, help_text=_("Рейтинги, по которым рассаживали (первые туры)."))
    final = models.BooleanField(_("финал"), default=False)
    opened_at = models.DateTimeField(_("открыт"), auto_now_add=True)
    closed_at = models.DateTimeField(_("закрыт"), null=True, blank=True)
    seating_ms = models.FloatField(_("рассадка, мс"), default=0.0, help_text=_("Сколько длилась рассадка (мс)."))

    class Meta:
        ordering = ["tournament_id", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_once_per_number")]
        verbose_name = _("тур")
        verbose_name_plural = _("туры")

    def __str__(self) -> str:
        return gettext("тур %(n)s турнира №%(t)s") % {"n": self.number, "t": self.tournament_id}


class Table(models.Model):
    """One game of a round; ``players`` holds the player ids in seat order."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveIntegerField(_("тур"))
    game = models.OneToOneField(Game, verbose_name=_("партия"), on_delete=models.PROTECT, related_name="tournament_table")
    players = models.JSONField(_("игроки"), default=list)
    # The arena counts each table once, when it ends (null: not counted yet).
    counted_at = models.DateTimeField(_("засчитан"), null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "round", "id"]
        indexes = [models.Index(fields=["tournament", "round"], name="table_by_round")]
        verbose_name = _("стол")
        verbose_name_plural = _("столы")

    def __str__(self) -> str:
        return gettext("тур %(n)s: партия №%(game)s") % {"n": self.round, "game": self.game_id}


class StaffActionIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a recorded staff action."""


class StaffAction(AppendOnly):
    """What staff or the organiser did to a running tournament, and who did it."""

    class Kind(models.TextChoices):
        START = "start", _("начал")
        CANCEL = "cancel", _("отменил")
        DISQUALIFY = "disqualify", _("дисквалифицировал")
        ADVANCE = "advance", _("продвинул тур")

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.PROTECT, related_name="staff_actions")
    kind = models.CharField(_("действие"), max_length=16, choices=Kind.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("кто"), null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(Player, verbose_name=_("игрок"), null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    note = models.CharField(_("заметка"), max_length=200, blank=True, default="")
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    refusal = StaffActionIsAppendOnly

    class Meta:
        ordering = ["tournament_id", "id"]
        verbose_name = _("действие персонала")
        verbose_name_plural = _("действия персонала")

    def __str__(self) -> str:
        return gettext("%(kind)s (турнир №%(t)s)") % {"kind": self.get_kind_display(), "t": self.tournament_id}
