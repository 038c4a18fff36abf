"""The move clocks' and absences' tasks. Each takes ids, re-reads the world and is a
no-op when it came too late or twice (``acks_late``: a task whose worker died is
delivered again). The services schedule them by name (``games.clocks``)."""

from __future__ import annotations

from celery import shared_task

from games import timers


@shared_task(acks_late=True, ignore_result=True)
def seat_timeout(game_id: int, seat: int, expected_seq: int) -> bool:
    return timers.seat_timed_out(game_id=game_id, seat=seat, expected_seq=expected_seq)


@shared_task(acks_late=True, ignore_result=True)
def absence_expire(absence_id: int) -> bool:
    return timers.absence_expire(absence_id=absence_id)


@shared_task(ignore_result=True)
def timers_sweep() -> int:
    return timers.timers_sweep()
