"""Tournaments, their entrants, rounds and tables, what staff did to them, and the coin
ledger that funds prize pools.

The ledger is double-entry: every movement of coins is a ``Transfer`` of ``Posting``s
that sum to zero, each on an ``Account`` (a player's wallet, a tournament's pool, the
organiser's held guarantee, the house, or the issuer that welcome coins and staff grants
come from). A balance is the sum of an account's postings, never a stored counter, so
the sum over every account is always zero and any balance can be traced. Transfers and
postings are only ever added; each transfer's ``key`` is unique, so a payout or a
refund run twice pays once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from durak_platform.append_only import AppendOnly, AppendOnlyError, AppendOnlyQuerySet
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
    leaves = models.CharField(_("кто выбывает"), max_length=8, choices=Leaves.choices, default=Leaves.DURAK)
    min_entrants = models.PositiveSmallIntegerField(_("минимум участников"), default=2)
    max_entrants = models.PositiveSmallIntegerField(_("максимум участников"), default=8)
    starts_at = models.DateTimeField(_("начало"), null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(_("туров"), null=True, blank=True, help_text=_("Швейцарская система: сколько туров."))
    move_timer = models.PositiveIntegerField(_("секунд на ход"), default=30, help_text=_("Секунд на ход за каждым столом (часы есть всегда)."))
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

    class Meta:
        ordering = ["tournament_id", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entry_once_per_player")]
        indexes = [models.Index(fields=["tournament", "status"], name="entry_by_status")]
        verbose_name = _("участник")
        verbose_name_plural = _("участники")

    def __str__(self) -> str:
        return gettext("%(player)s в турнире «%(tournament)s»") % {"player": self.player, "tournament": self.tournament.name}


class Round(models.Model):
    """One round's seating, recorded so that it can be derived again and audited: the
    seed of its draw and who had a bye."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("номер"))
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
    round = models.PositiveSmallIntegerField(_("тур"))
    game = models.OneToOneField(Game, verbose_name=_("партия"), on_delete=models.PROTECT, related_name="tournament_table")
    players = models.JSONField(_("игроки"), default=list)

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

    objects = AppendOnlyQuerySet.as_manager()
    refusal = StaffActionIsAppendOnly

    class Meta:
        ordering = ["tournament_id", "id"]
        verbose_name = _("действие персонала")
        verbose_name_plural = _("действия персонала")

    def __str__(self) -> str:
        return gettext("%(kind)s (турнир №%(t)s)") % {"kind": self.get_kind_display(), "t": self.tournament_id}


# --- the ledger -------------------------------------------------------------------------------

class Account(models.Model):
    """Where coins can be: one row per wallet, pool, held guarantee, the house, the issuer."""

    class Kind(models.TextChoices):
        WALLET = "wallet", _("кошелёк")
        POOL = "pool", _("призовой фонд")
        HOLD = "hold", _("удержанная гарантия")
        HOUSE = "house", _("доход площадки")
        ISSUER = "issuer", _("эмиссия")

    kind = models.CharField(_("вид"), max_length=8, choices=Kind.choices)
    player = models.OneToOneField(Player, verbose_name=_("игрок"), null=True, blank=True, on_delete=models.PROTECT, related_name="wallet")
    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="accounts")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], condition=models.Q(tournament__isnull=False),
                                    name="account_once_per_tournament"),
            models.UniqueConstraint(fields=["kind"], condition=models.Q(kind__in=["house", "issuer"]),
                                    name="account_one_house_one_issuer"),
            models.CheckConstraint(
                condition=(models.Q(kind="wallet", player__isnull=False, tournament__isnull=True)
                           | models.Q(kind__in=["pool", "hold"], player__isnull=True, tournament__isnull=False)
                           | models.Q(kind__in=["house", "issuer"], player__isnull=True, tournament__isnull=True)),
                name="account_owner_fits_kind",
            ),
        ]
        verbose_name = _("счёт")
        verbose_name_plural = _("счета")

    def __str__(self) -> str:
        owner = self.player_id or self.tournament_id or ""
        return f"{self.get_kind_display()} {owner}".strip()


class LedgerIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a transfer or a posting."""


class Transfer(AppendOnly):
    """One movement of coins: its postings sum to zero."""

    class Kind(models.TextChoices):
        WELCOME = "welcome", _("приветственные монеты")
        GRANT = "grant", _("начисление")
        ENTRY_FEE = "entry_fee", _("взнос")
        ADDED_PRIZE = "prize_funding", _("в призовой фонд")
        GUARANTEE = "guarantee", _("гарантия удержана")
        OVERLAY = "overlay", _("доплата до гарантии")
        RELEASE = "release", _("гарантия возвращена")
        RAKE = "rake", _("доля площадки")
        REFUND = "refund", _("возврат")
        PRIZE = "prize", _("выигрыш")

    kind = models.CharField(_("вид"), max_length=16, choices=Kind.choices)
    # What makes this transfer once-only (e.g. "prize:7:42"): a retry finds it and stops.
    key = models.CharField(_("ключ"), max_length=120, unique=True)
    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="transfers")
    note = models.CharField(_("заметка"), max_length=200, blank=True, default="")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("кто"), null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    objects = AppendOnlyQuerySet.as_manager()
    refusal = LedgerIsAppendOnly

    class Meta:
        ordering = ["id"]
        verbose_name = _("перевод")
        verbose_name_plural = _("переводы")

    def __str__(self) -> str:
        return gettext("%(kind)s №%(id)s") % {"kind": self.get_kind_display(), "id": self.pk}


class Posting(AppendOnly):
    """One side of a transfer: coins into (positive) or out of (negative) an account."""

    transfer = models.ForeignKey(Transfer, verbose_name=_("перевод"), on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(Account, verbose_name=_("счёт"), on_delete=models.PROTECT, related_name="postings")
    amount = models.BigIntegerField(_("сумма"))

    objects = AppendOnlyQuerySet.as_manager()
    refusal = LedgerIsAppendOnly

    class Meta:
        ordering = ["id"]
        constraints = [models.CheckConstraint(condition=~models.Q(amount=0), name="posting_moves_coins")]
        verbose_name = _("проводка")
        verbose_name_plural = _("проводки")

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+d}"
