"""The periodic sweep that moves tournaments on if a game-finished signal was missed
(a worker died between a game's last move and the round's next step)."""

from __future__ import annotations

from celery import shared_task

from tournaments import selectors, services


@shared_task(ignore_result=True)
def tournaments_advance_sweep() -> int:
    moved = 0
    for tournament_id in selectors.tournaments_running():
        moved += services.tournament_advance(tournament_id=tournament_id)
    return moved
