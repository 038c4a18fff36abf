"""Each player's account stream: an ordered, stored list of what concerns them.

``StreamHead`` is one row per player holding the last number given out: appending locks
it (``SELECT … FOR UPDATE``), so numbers are allocated one after the other in the order
the transactions commit, and a reader that saw event ``n`` never later finds a smaller
one appear. ``StreamEvent`` rows are the truth every delivery (NDJSON, the socket, a
push) is read from; they hold ids and numbers only, never a card.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class StreamHead(models.Model):
    player = models.OneToOneField(Player, verbose_name=_("игрок"), primary_key=True, on_delete=models.CASCADE,
                                  related_name="stream_head")
    # The number of the player's newest event (0: none yet).
    last_number = models.PositiveBigIntegerField(_("последнее событие"), default=0)
    # Events up to this number were removed by the retention sweep: a client that last saw
    # an older one must resync (``410 resync``).
    pruned_through = models.PositiveBigIntegerField(_("удалены по"), default=0)
    # The player may have devices to wake (the push app sets it when it keeps a
    # subscription, and never clears it). An append reads it with the head it locks, so
    # an event for a player who never subscribed costs no query for subscriptions: one
    # after every move was some 8% of a move's CPU in the server process.
    wakes = models.BooleanField(_("будит устройства"), default=False)

    class Meta:
        verbose_name = _("лента игрока")
        verbose_name_plural = _("ленты игроков")


class StreamEvent(models.Model):
    class Type(models.TextChoices):
        GAME_STARTED = "game_started", _("партия началась")
        YOUR_TURN = "your_turn", _("ваш ход")
        GAME_FINISHED = "game_finished", _("партия окончена")
        CHALLENGE_RECEIVED = "challenge_received", _("вызов получен")
        CHALLENGE_ACCEPTED = "challenge_accepted", _("вызов принят")
        CHALLENGE_DECLINED = "challenge_declined", _("вызов отклонён")
        CHALLENGE_CANCELLED = "challenge_cancelled", _("вызов отменён")
        TABLE_READY = "table_ready", _("стол турнира готов")
        TOURNAMENT_FINISHED = "tournament_finished", _("турнир окончен")

    player = models.ForeignKey(Player, verbose_name=_("игрок"), on_delete=models.CASCADE, related_name="stream_events")
    # The event's id as clients see it: 1, 2, 3, … per player.
    number = models.PositiveBigIntegerField(_("номер"))
    type = models.CharField(_("тип"), max_length=32, choices=Type.choices)
    # The event's fields besides id, type and at (``stream.events``): ids and numbers only.
    data = models.JSONField(_("поля"))
    at = models.DateTimeField(_("время"), db_index=True)
    # What makes the event once-only (e.g. "your_turn:12:40"): a hook run twice finds it.
    key = models.CharField(_("ключ"), max_length=96)

    class Meta:
        ordering = ["player", "number"]
        constraints = [
            models.UniqueConstraint(fields=["player", "number"], name="stream_event_number_once"),
            models.UniqueConstraint(fields=["player", "key"], name="stream_event_key_once"),
        ]
        verbose_name = _("событие ленты")
        verbose_name_plural = _("события ленты")

    def as_dict(self) -> dict[str, object]:
        """The event as the contract spells it."""
        return {"id": self.number, "type": self.type, "at": self.at.isoformat().replace("+00:00", "Z"), **self.data}
