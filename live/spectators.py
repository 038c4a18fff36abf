"""What a spectator of a delayed table may see, read from the database (REST's side;
sockets do the same from their cached log in ``live.feed``)."""

from __future__ import annotations

from typing import Any

from games.engine import event_from_dict, replay
from games.models import Game, GameEvent, Seat
from live.models import TableSettings


def spectator_delay(game: Game) -> int:
    """Actions spectators lag behind; 0 once the game is finished (its replay is public)."""
    if game.status == Game.Status.FINISHED:
        return 0
    delay = TableSettings.objects.filter(game=game).values_list("spectator_delay", flat=True).first()
    return delay or 0


def visible_seq(game: Game) -> int:
    """The last seq a spectator of ``game`` may see now."""
    delay = spectator_delay(game)
    if delay <= 0:
        return game.seq
    actions = GameEvent.objects.filter(game=game, seq__lte=game.seq, actor_seat__isnull=False)
    starts = list(actions.order_by("-seq").values_list("seq", flat=True)[:delay])
    if len(starts) == delay:
        return starts[-1] - 1
    first = actions.order_by("seq").values_list("seq", flat=True).first()
    return first - 1 if first is not None else game.seq


def lagging_view(game: Game, seats: list[Seat], seq: int) -> dict[str, Any]:
    """The spectators' view of ``game`` as it stood at ``seq``."""
    from games.selectors import game_view  # games' reads call this module: import late

    payloads = GameEvent.objects.filter(game=game, seq__lte=seq).order_by("seq").values_list("payload", flat=True)
    state = replay(event_from_dict(payload) for payload in payloads) if seq else None
    past = Game(pk=game.pk, rules=game.rules, status=game.status, seq=seq, created_at=game.created_at)
    return game_view(past, seats, state, None)
