"""Tournaments, their entrants and tables, and the coin ledger that funds prize pools.

A player's wallet is nothing but the sum of their ledger entries: entries are only ever
added (the model refuses changes and deletions), so every coin can be traced to a grant,
an entry fee, a refund or a prize. A unique constraint makes each tournament charge or pay
a player at most once per kind, so a payout run twice pays once.
"""

from __future__ import annotations

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

    name = models.CharField(max_length=80)
    organiser = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="organised_tournaments")
    rules = models.JSONField(help_text="Rules.to_dict() of the engine for every table (two players).")
    entry_fee = models.PositiveIntegerField(default=0, help_text="Coins each entrant pays into the pool.")
    added_prize = models.PositiveIntegerField(default=0, help_text="Coins the organiser adds to the pool.")
    prize_split = models.JSONField(default=list, help_text="Percent of the pool per place, best first.")
    max_entrants = models.PositiveSmallIntegerField(default=8)
    move_timer = models.PositiveIntegerField(null=True, blank=True, help_text="Seconds per move at every table.")
    spectator_delay = models.PositiveSmallIntegerField(default=2, help_text="Spectators see tables this many actions late.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    standings = models.JSONField(null=True, blank=True, help_text="The final table, frozen when prizes are paid.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = "турнир"
        verbose_name_plural = "турниры"

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()})"


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tournament_entries")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament_id", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entry_once_per_player")]
        verbose_name = "участник"
        verbose_name_plural = "участники"

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"


class Table(models.Model):
    """One game of the schedule: ``first`` sits in seat 0, ``second`` in seat 1."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["tournament_id", "round", "id"]
        verbose_name = "стол"
        verbose_name_plural = "столы"

    def __str__(self) -> str:
        return f"round {self.round}: game {self.game_id}"


class LedgerIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a ledger entry."""


class LedgerEntry(AppendOnly):
    class Kind(models.TextChoices):
        WELCOME = "welcome", "приветственные монеты"
        GRANT = "grant", "начисление"
        ENTRY_FEE = "entry_fee", "взнос"
        PRIZE_FUNDING = "prize_funding", "в призовой фонд"
        REFUND = "refund", "возврат"
        PRIZE = "prize", "выигрыш"

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ledger")
    amount = models.IntegerField(help_text="Coins: positive in, negative out.")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger")
    note = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AppendOnlyQuerySet.as_manager()
    refusal = LedgerIsAppendOnly

    class Meta:
        ordering = ["player_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player", "kind"],
                                    condition=models.Q(tournament__isnull=False), name="ledger_once_per_tournament"),
            models.UniqueConstraint(fields=["player"], condition=models.Q(kind="welcome"), name="ledger_one_welcome"),
        ]
        verbose_name = "запись кошелька"
        verbose_name_plural = "кошелёк: записи"

    def __str__(self) -> str:
        return f"{self.player}: {self.amount:+d} ({self.kind})"
