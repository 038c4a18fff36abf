"""What a tournament tells people as it happens: its page hears every change
(``tournament-<id>``), and each player whose table is ready hears it on whatever page of
the site they are (``live.notices``), which takes them to the table."""

from __future__ import annotations

from collections.abc import Iterable

from live import notices
from tournaments.models import Table


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tournament_changed(tournament_id: int) -> None:
    notices.notify(group(tournament_id), {"type": "tournament.changed", "tournament": tournament_id})


def round_opened(tournament_id: int, name: str, number: int, tables: Iterable[Table]) -> None:
    for table in tables:
        for player_id in table.players:
            notices.notify_player(player_id, {"type": "table.ready", "tournament": tournament_id, "name": name,
                                              "round": number, "game": table.game_id})
    tournament_changed(tournament_id)
