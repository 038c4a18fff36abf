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

from accounts.models import Player
from durak_platform.append_only import AppendOnly, AppendOnlyError, AppendOnlyQuerySet
from games.models import Game


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", "регистрация"
        RUNNING = "running", "идёт"
        FINISHED = "finished", "завершён"
        CANCELLED = "cancelled", "отменён"

    class Format(models.TextChoices):
        ELIMINATION = "elimination", "на выбывание"
        SWISS = "swiss", "швейцарская система"
        ROUND_ROBIN = "round_robin", "круговой"

    class Leaves(models.TextChoices):
        """Who leaves an elimination table: the durak, or the worse half."""

        DURAK = "durak", "дурак выбывает"
        HALF = "half", "выбывает худшая половина"

    name = models.CharField(max_length=80)
    organiser = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="organised_tournaments")
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.ROUND_ROBIN)
    rules = models.JSONField(help_text="Rules.to_dict() of the engine for every table.")
    entry_fee = models.PositiveIntegerField(default=0, help_text="Coins each entrant pays into the pool.")
    rake_percent = models.PositiveSmallIntegerField(default=0, help_text="The house's share of the fees.")
    added_prize = models.PositiveIntegerField(default=0, help_text="Coins the organiser adds to the pool.")
    guarantee = models.PositiveIntegerField(default=0, help_text="The pool is at least this much.")
    payouts = models.JSONField(null=True, blank=True,
                               help_text="Percent of the pool per place, best first; null: by field size.")
    leaves = models.CharField(max_length=8, choices=Leaves.choices, default=Leaves.DURAK)
    min_entrants = models.PositiveSmallIntegerField(default=2)
    max_entrants = models.PositiveSmallIntegerField(default=8)
    starts_at = models.DateTimeField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Swiss: how many rounds.")
    move_timer = models.PositiveIntegerField(default=30, help_text="Seconds per move at every table (always a clock).")
    spectator_delay = models.PositiveSmallIntegerField(default=2, help_text="Spectators see tables this many actions late.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    standings = models.JSONField(null=True, blank=True, help_text="The final table, frozen when prizes are paid.")
    # The fair deal (``tournaments.fairness``): the secret every table's server seed and every
    # round's seating come from, shown only once the tournament is over, and its commitment.
    fair_seed = models.CharField(max_length=64, blank=True, default="")
    fair_commitment = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = "турнир"
        verbose_name_plural = "турниры"

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()})"

    @property
    def seats(self) -> int:
        return int(self.rules.get("players", 2))


class Entry(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", "зарегистрирован"
        PLAYING = "playing", "играет"
        ELIMINATED = "eliminated", "выбыл"
        FINISHED = "finished", "доиграл"
        WITHDRAWN = "withdrawn", "снялся"
        DISQUALIFIED = "disqualified", "дисквалифицирован"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tournament_entries")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTERED)
    # The entrant's own seed, added to every table's deck (``tournaments.fairness``).
    client_seed = models.CharField(max_length=64, blank=True, default="")
    # Times this player has entered (a withdrawal and a second entry pay a second fee).
    joins = models.PositiveSmallIntegerField(default=1)
    # The round an elimination entrant left in (null: still in, or another format).
    out_in_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The game of the entrant's table in the latest round (null: a bye, or not seated yet):
    # how every page finds "your table is ready".
    current_game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament_id", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entry_once_per_player")]
        indexes = [models.Index(fields=["tournament", "status"], name="entry_by_status")]
        verbose_name = "участник"
        verbose_name_plural = "участники"

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"


class Round(models.Model):
    """One round's seating, recorded so that it can be derived again and audited: the
    seed of its draw and who had a bye."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    seed = models.CharField(max_length=64)
    byes = models.JSONField(default=list)
    ratings = models.JSONField(default=dict, help_text="The ratings the seating used (first rounds).")
    final = models.BooleanField(default=False)
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    seating_ms = models.FloatField(default=0.0, help_text="How long the seating took (milliseconds).")

    class Meta:
        ordering = ["tournament_id", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_once_per_number")]
        verbose_name = "тур"
        verbose_name_plural = "туры"

    def __str__(self) -> str:
        return f"round {self.number} of {self.tournament_id}"


class Table(models.Model):
    """One game of a round; ``players`` holds the player ids in seat order."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")
    players = models.JSONField(default=list)

    class Meta:
        ordering = ["tournament_id", "round", "id"]
        indexes = [models.Index(fields=["tournament", "round"], name="table_by_round")]
        verbose_name = "стол"
        verbose_name_plural = "столы"

    def __str__(self) -> str:
        return f"round {self.round}: game {self.game_id}"


class StaffActionIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a recorded staff action."""


class StaffAction(AppendOnly):
    """What staff or the organiser did to a running tournament, and who did it."""

    class Kind(models.TextChoices):
        START = "start", "начал"
        CANCEL = "cancel", "отменил"
        DISQUALIFY = "disqualify", "дисквалифицировал"
        ADVANCE = "advance", "продвинул тур"

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="staff_actions")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    note = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AppendOnlyQuerySet.as_manager()
    refusal = StaffActionIsAppendOnly

    class Meta:
        ordering = ["tournament_id", "id"]
        verbose_name = "действие персонала"
        verbose_name_plural = "действия персонала"

    def __str__(self) -> str:
        return f"{self.kind} by {self.by_id} in {self.tournament_id}"


# --- the ledger -------------------------------------------------------------------------------

class Account(models.Model):
    """Where coins can be: one row per wallet, pool, held guarantee, the house, the issuer."""

    class Kind(models.TextChoices):
        WALLET = "wallet", "кошелёк"
        POOL = "pool", "призовой фонд"
        HOLD = "hold", "удержанная гарантия"
        HOUSE = "house", "доход площадки"
        ISSUER = "issuer", "эмиссия"

    kind = models.CharField(max_length=8, choices=Kind.choices)
    player = models.OneToOneField(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="wallet")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.PROTECT,
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
        verbose_name = "счёт"
        verbose_name_plural = "счета"

    def __str__(self) -> str:
        owner = self.player_id or self.tournament_id or ""
        return f"{self.kind} {owner}".strip()


class LedgerIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a transfer or a posting."""


class Transfer(AppendOnly):
    """One movement of coins: its postings sum to zero."""

    class Kind(models.TextChoices):
        WELCOME = "welcome", "приветственные монеты"
        GRANT = "grant", "начисление"
        ENTRY_FEE = "entry_fee", "взнос"
        ADDED_PRIZE = "prize_funding", "в призовой фонд"
        GUARANTEE = "guarantee", "гарантия удержана"
        OVERLAY = "overlay", "доплата до гарантии"
        RELEASE = "release", "гарантия возвращена"
        RAKE = "rake", "доля площадки"
        REFUND = "refund", "возврат"
        PRIZE = "prize", "выигрыш"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    # What makes this transfer once-only (e.g. "prize:7:42"): a retry finds it and stops.
    key = models.CharField(max_length=120, unique=True)
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="transfers")
    note = models.CharField(max_length=200, blank=True, default="")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AppendOnlyQuerySet.as_manager()
    refusal = LedgerIsAppendOnly

    class Meta:
        ordering = ["id"]
        verbose_name = "перевод"
        verbose_name_plural = "переводы"

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"


class Posting(AppendOnly):
    """One side of a transfer: coins into (positive) or out of (negative) an account."""

    transfer = models.ForeignKey(Transfer, on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="postings")
    amount = models.BigIntegerField()

    objects = AppendOnlyQuerySet.as_manager()
    refusal = LedgerIsAppendOnly

    class Meta:
        ordering = ["id"]
        constraints = [models.CheckConstraint(condition=~models.Q(amount=0), name="posting_moves_coins")]
        verbose_name = "проводка"
        verbose_name_plural = "проводки"

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+d}"
