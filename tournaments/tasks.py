"""Tournament tasks: the start at ``starts_at``, and the periodic sweep that moves
tournaments on if a game-finished signal or a scheduled start was lost (a worker died
between a game's last move and the round's next step; a restart forgot a timer). Each is
safe to run twice: the services lock the tournament and re-check it."""

from __future__ import annotations

from celery import shared_task

from tournaments import rounds, selectors, services


@shared_task(acks_late=True, ignore_result=True)
def tournament_starts_due(tournament_id: int) -> bool:
    return services.tournament_starts_due(tournament_id=tournament_id)


@shared_task(acks_late=True, ignore_result=True)
def round_close(tournament_id: int) -> bool:
    return rounds.round_close(tournament_id=tournament_id)


@shared_task(ignore_result=True)
def tournaments_advance_sweep() -> int:
    moved = 0
    for tournament_id in selectors.tournaments_due():
        moved += services.tournament_starts_due(tournament_id=tournament_id)
    for tournament_id in selectors.tournaments_running():
        moved += rounds.round_close(tournament_id=tournament_id)
    return moved
