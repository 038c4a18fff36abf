"""The event store: a ``Game``, its ``Seat``s and its append-only ``GameEvent`` log.

The log is the truth. ``Game.seq``/``status``/``result`` are a summary of it, written in
the same transaction as the events, so listings and the admin need no replay.
"""

from __future__ import annotations

from django.db import models

from accounts.models import Player
from durak_platform.append_only import AppendOnly, AppendOnlyError, AppendOnlyQuerySet


class EventLogIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a stored event."""


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "waiting for players"
        ACTIVE = "active", "active"
        FINISHED = "finished", "finished"

    rules = models.JSONField(help_text="Rules.to_dict() of the engine: every option spelled out.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING, db_index=True)
    # The seq of the last event (0 before the game starts): a move must name it to count.
    seq = models.PositiveIntegerField(default=0)
    creator = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="created_games")
    result = models.JSONField(null=True, blank=True, help_text="The game_finished payload, once finished.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    last_event_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A waiting table nobody filled within ``DURAK_WAITING_TABLE_TTL`` seconds: set by the
    # sweep (``games.tasks.waiting_tables_expire``); a table past its TTL counts as expired
    # when read even before the sweep gets to it. It stays ``waiting`` with no events, but
    # nobody may join or fill it, the lobby does not list it and its creator's limit of
    # waiting tables does not count it.
    expired_at = models.DateTimeField(null=True, blank=True)
    # The table's options, chosen at creation and never changed (``games.options``).
    # Seconds a person has for each move; null: no timer (they may think forever).
    move_timer = models.PositiveIntegerField(null=True, blank=True)
    # Seconds a seat taken over by the computer stays the player's to take back.
    reconnect_window = models.PositiveIntegerField(default=60)
    # Spectators see the game as it stood this many actions ago (tournament tables).
    spectator_delay = models.PositiveSmallIntegerField(default=0)
    # Whether the hint button may ask a computer for a move (off at tournament tables).
    hints = models.BooleanField(default=True)
    # Whether the finished game moves its players' ratings (``games.options``: people only,
    # no hints; a table may also be declared unrated). Ratings check the seats again.
    rated = models.BooleanField(default=False)
    # The fair deal (``games.deal``): the SHA-256 of the server seed this game's deck is
    # derived from, fixed at creation before any player's seed is known. Blank: a game
    # dealt before the fair deal. The seed itself is a ``DealSecret`` until the end.
    deal_commitment = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-id"]
        # No index holds seq or last_event_at, which every move changes: PostgreSQL can
        # then update the row in place (a HOT update) instead of adding an entry to every
        # index of the table per move. The stalled-turn sweep filters active games by status.
        verbose_name = "игра"
        verbose_name_plural = "игры"

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.status})"

    @property
    def players(self) -> int:
        return int(self.rules.get("players", 2))


class Seat(models.Model):
    """A place at the table: a person, a computer player, or (while waiting) nobody."""

    class Kind(models.TextChoices):
        HUMAN = "human", "human"
        AI = "ai", "ai"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats")
    ai_level = models.CharField(max_length=16, blank=True, default="")
    # The seat's part of the fair deal, given when it sat down (or picked by the server);
    # blank for a computer seat, an open seat, or a game from before the fair deal.
    client_seed = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["game_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_unique_number"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_one_per_player"),
            models.CheckConstraint(
                condition=models.Q(player__isnull=True) | models.Q(ai_level=""), name="seat_human_or_ai"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of game {self.game_id}: {self.name}"

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

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="+")
    server_seed = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"deal secret of game {self.game_id}"  # never the seed


class GameEvent(AppendOnly):
    """One engine event, stored whole (unredacted); ``seq`` counts from 1 within a game."""

    # The unique (game, seq) index serves every lookup by game: no second index to fill per event.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    schema_version = models.PositiveSmallIntegerField()
    payload = models.JSONField(help_text="event_to_dict(event): type, v and the event's fields.")
    # The seat whose action caused this event; null for automatic follow-ups and the deal.
    actor_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    actor = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AppendOnlyQuerySet.as_manager()
    refusal = EventLogIsAppendOnly

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="game_event_unique_seq")]
        verbose_name = "событие"
        verbose_name_plural = "события"

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.type}"
