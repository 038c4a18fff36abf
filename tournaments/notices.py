"""What a tournament's page hears as it happens: every change (``tournament-<id>``). A
player whose table is ready hears it through the account stream (``tournaments.signals``
→ ``stream``), on whatever page of the site they are or on their phone."""

from __future__ import annotations

from live import notices


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tournament_changed(tournament_id: int) -> None:
    notices.notify(group(tournament_id), {"type": "tournament.changed", "tournament": tournament_id})
