"""Tournament tasks: the start at ``starts_at``, and the periodic sweep that moves
tournaments on if a game-finished signal or a scheduled start was lost (a worker died
between a game's last move and the round's next step; a restart forgot a timer), and that
starts the tournaments whose start is too far off to hold a timer for. Each is safe to run
twice: the services lock the tournament and re-check it."""

from __future__ import annotations

import logging
from collections.abc import Callable

from celery import shared_task

from tournaments import arena_play, rounds, selectors, services

logger = logging.getLogger(__name__)


@shared_task(acks_late=True, ignore_result=True)
def tournament_starts_due(tournament_id: int) -> bool:
    return services.tournament_starts_due(tournament_id=tournament_id)


@shared_task(acks_late=True, ignore_result=True)
def round_close(tournament_id: int) -> bool:
    return rounds.round_close(tournament_id=tournament_id)


def _each(step: Callable[..., bool], tournament_ids: list[int]) -> int:
    """``step`` for each tournament on its own: one that fails is logged and the sweep goes
    on to the others (each step is its own transaction, so nothing of it stays)."""
    moved = 0
    for tournament_id in tournament_ids:
        try:
            moved += step(tournament_id=tournament_id)
        except Exception:  # one broken tournament must not stop every other one
            logger.exception("tournament %s: the sweep's %s failed", tournament_id, step.__name__)
    return moved


@shared_task(ignore_result=True)
def tournaments_advance_sweep() -> int:
    return (_each(services.tournament_starts_due, selectors.tournaments_due())
            + _each(rounds.round_close, selectors.tournaments_running())
            + arenas_sweep())


@shared_task(ignore_result=True)
def arenas_sweep() -> int:
    """Every running arena: tables whose end was missed counted, those who waited past the
    grace seated, an arena whose time is up with nothing in play ended (``arena_play``)."""
    return _each(arena_play.sweep, selectors.arenas_running())
