"""Move timers, seats taken over and taken back, forfeits: ``games.timers`` directly.

The timer tasks are recorded (``scheduled``) rather than run, and a test makes time pass
by moving the game's last event into the past.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import clocks, engine, selectors, timers
from games.models import Game, GameEvent, SeatAbsence
from games.options import TableOptions
from tests.harness.moves import move_due, move_play, seat_due
from tests.harness.tables import table_create

pytestmark = pytest.mark.django_db(transaction=True)  # moves act in on-commit hooks

Scheduled = list[tuple[str, tuple[Any, ...], float]]


@pytest.fixture(autouse=True)
def scheduled(monkeypatch: pytest.MonkeyPatch) -> Scheduled:
    """Timer tasks the code asked for, instead of timer threads that would fire during
    later tests (eager mode has no broker to hold them)."""
    calls: Scheduled = []
    monkeypatch.setattr(clocks, "later", lambda name, args, countdown: calls.append((name, args, countdown)))
    return calls

# Two people, thirty seconds a move.
RULES, TIMED = {"deck": 24}, TableOptions(move_timer=30)


def _time_passes(game: Game, seconds: float) -> None:
    Game.objects.filter(pk=game.pk).update(last_event_at=timezone.now() - timedelta(seconds=seconds))


def test_create_takes_a_timer_and_a_spectator_delay(make_client: Any) -> None:
    client = make_client()
    response = client.post("/api/v1/games/", {"rules": {"deck": 24}, "timer": 30, "spectator_delay": 2})
    assert response.status_code == 201, response.content
    game = Game.objects.get(pk=response.json()["id"])
    # A table of people: hints off by default (games.options), so the game can be rated.
    assert (game.move_timer, game.spectator_delay, game.hints, game.rated) == (30, 2, False, True)
    for bad in ({"timer": 1}, {"timer": "soon"}, {"spectator_delay": -1}, {"timer": True}):
        response = client.post("/api/v1/games/", {"rules": {}, **bad})
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_action"
    plain = Game.objects.get(pk=client.post("/api/v1/games/", {"rules": {}}).json()["id"])
    assert (plain.move_timer, plain.spectator_delay, plain.hints) == (None, 0, False)


def test_each_move_starts_the_timer_of_the_person_to_act(scheduled: Scheduled) -> None:
    game = table_create(rules=RULES, options=TIMED).game
    seat = seat_due(game)
    assert ("games.timer_tasks.seat_timeout", (game.pk, seat, game.seq), 30.0) in scheduled


def test_when_the_timer_runs_out_the_computer_moves_for_the_seat(scheduled: Scheduled) -> None:
    game = table_create(rules=RULES, options=TIMED).game
    seat, seq = seat_due(game), game.seq
    assert not timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)  # time is left
    _time_passes(game, 31)
    assert timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)
    assert not timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)  # run twice: once
    move = GameEvent.objects.get(game=game, seq=seq + 1)
    assert move.actor_seat == seat and move.actor is None
    absence = SeatAbsence.objects.get(game=game, seat=seat)
    assert absence.returned_at is None and not absence.forfeited
    assert ("games.timer_tasks.absence_expire", (absence.pk,), 60.0) in scheduled


def test_an_away_seat_is_played_quickly_until_its_player_comes_back(scheduled: Scheduled) -> None:
    game = table_create(rules=RULES, options=TIMED).game
    seat, seq = seat_due(game), game.seq
    _time_passes(game, 31)
    timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)
    # Play on until the away seat must act again: its timer is the short one now.
    for _ in range(40):
        move = move_due(game)
        if move.seat == seat:
            break
        scheduled.clear()
        move_play(move)
    fired = [call for call in scheduled if call[0] == "games.timer_tasks.seat_timeout"]
    assert ("games.timer_tasks.seat_timeout", (game.pk, seat, game.seq), timers.AWAY_MOVE_AFTER) in fired
    # Acting in person takes the seat back.
    move_play(move)
    assert SeatAbsence.objects.get(game=game, seat=seat).returned_at is not None


def test_reconnecting_in_the_window_takes_the_seat_back(scheduled: Scheduled) -> None:
    game = table_create(rules=RULES, options=TIMED).game
    seat = seat_due(game)
    SeatAbsence.objects.create(game=game, seat=seat, away_since=timezone.now())
    assert timers.seat_returned(game_id=game.pk, seat=seat)
    assert not timers.seat_returned(game_id=game.pk, seat=seat)
    # The short away timer fires after the return: the seat has its full time again.
    _time_passes(game, 5)
    scheduled.clear()
    assert not timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=game.seq)
    [(name, args, left)] = scheduled
    assert name == "games.timer_tasks.seat_timeout" and args == (game.pk, seat, game.seq) and 24 < left < 25


def _played_out_with_seat_1_away(game: Game, *, wait: float | None) -> None:
    """Play ``game`` to its end: seat 0 moves, seat 1's clock runs out at each of its turns
    (after ``wait`` seconds of its move, or at once) and the computer moves for it."""
    for _ in range(400):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        move = move_due(game)
        if move.seat == 1:
            if wait is not None:
                _time_passes(game, wait)
            assert timers.seat_timed_out(game_id=game.pk, seat=1, expected_seq=game.seq)
        else:
            move_play(move)


def test_after_the_window_the_seat_is_forfeit_and_the_computer_finishes_for_it(scheduled: Scheduled) -> None:
    table = table_create(rules=RULES, options=TIMED)
    game = table.game
    absence = SeatAbsence.objects.create(game=game, seat=1, away_since=timezone.now() - timedelta(seconds=61))
    assert timers.absence_expire(absence_id=absence.pk)
    assert not timers.seat_returned(game_id=game.pk, seat=1)  # too late
    _played_out_with_seat_1_away(game, wait=None)  # forfeit: no wait at all
    assert game.status == Game.Status.FINISHED
    assert game.result is not None and game.result["forfeits"] == [1]
    assert selectors.game_view_for(game, table.people[0])["result"]["forfeits"] == [1]
    assert not GameEvent.objects.filter(game=game, actor_seat=1, actor__isnull=False).exists()


def test_a_window_that_closes_after_the_game_ended_leaves_its_result_alone(scheduled: Scheduled) -> None:
    """The away player's seat is played by the computer to the end while the reconnect
    window is still open; when the window then closes, the finished game's result stands
    (a tournament has counted it and seated its next round from it)."""
    table = table_create(rules=RULES, options=TIMED)
    game = table.game
    absence = SeatAbsence.objects.create(game=game, seat=1, away_since=timezone.now())
    _played_out_with_seat_1_away(game, wait=31)
    assert game.status == Game.Status.FINISHED
    assert not (game.result or {}).get("forfeits")
    ended = game.result
    SeatAbsence.objects.filter(pk=absence.pk).update(away_since=timezone.now() - timedelta(seconds=61))
    assert not timers.absence_expire(absence_id=absence.pk)
    game.refresh_from_db()
    assert game.result == ended
    assert not SeatAbsence.objects.get(pk=absence.pk).forfeited


def test_the_sweep_fires_timers_whose_tasks_were_lost(scheduled: Scheduled) -> None:
    game = table_create(rules=RULES, options=TIMED).game
    seq = game.seq
    assert timers.timers_sweep() == 0
    _time_passes(game, 31)
    assert timers.timers_sweep() == 1
    game.refresh_from_db()
    assert game.seq > seq


def test_the_back_button_takes_the_seat_back_over_rest(scheduled: Scheduled, make_client: Any) -> None:
    """``POST /api/v1/games/{id}/back/``: the page's «Вернуться за стол» after a timeout."""
    table = table_create(rules=RULES, options=TIMED)
    game = table.game
    seat, seq = seat_due(game), game.seq
    _time_passes(game, 31)
    assert timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)
    person = make_client((table.people[seat], table.tokens[seat]))
    assert person.get(f"/api/v1/games/{game.pk}/back/").json() == {"game": game.pk, "seat": seat, "away": True}
    answer = person.post(f"/api/v1/games/{game.pk}/back/")
    assert answer.status_code == 200 and answer.json() == {"game": game.pk, "seat": seat, "returned": True}
    assert SeatAbsence.objects.get(game=game, seat=seat).returned_at is not None
    again = person.post(f"/api/v1/games/{game.pk}/back/")
    assert again.status_code == 200 and again.json()["returned"] is False
    assert person.get(f"/api/v1/games/{game.pk}/back/").json()["away"] is False
    stranger = make_client()
    assert stranger.post(f"/api/v1/games/{game.pk}/back/").status_code == 403


def test_a_seat_asked_only_to_pass_has_the_same_clock_as_any(scheduled: Scheduled) -> None:
    """Throwers are asked by position (docs/rules.md#throwing-in): a person who holds
    nothing of a table rank is asked too, with the table's full clock like any seat (the
    page passes for them long before it runs out), and the clock takes no shortcut that
    would show the others which seats had nothing."""
    game = table_create(rules=RULES, options=TIMED).game
    for _ in range(200):
        game.refresh_from_db()
        state = selectors.game_state(game)
        forced = [s for s in engine.actors(state) if engine.legal_actions(state, s) == [engine.PASS]]
        if forced:
            break
        move_play(move_due(game))
    else:
        raise AssertionError("no seat was ever asked only to pass")
    seat = forced[0]
    assert ("games.timer_tasks.seat_timeout", (game.pk, seat, game.seq), 30.0) in scheduled
    seq = game.seq
    assert not timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)  # time is left
    _time_passes(game, 31)
    assert timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)
    move = GameEvent.objects.get(game=game, seq=seq + 1)
    assert move.payload == {"type": "passed", "v": 1, "seat": seat} and move.actor is None
    assert SeatAbsence.objects.filter(game=game, seat=seat).exists()  # as any timed-out seat


# Thirty seconds a move, and a bank of twenty for the whole game.
BANKED = TableOptions(move_timer=30, time_bank=20)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """The server's time, moved on by the test: every event is stored at ``clock[0]``."""
    now = [timezone.now()]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    return now


def _bank_spent_by(game: Game, seat: int, clock: list[datetime], seconds: float) -> None:
    """``seat`` thinks ``seconds`` over its move, then the table plays on at once until
    ``seat`` is awaited again."""
    clock[0] += timedelta(seconds=seconds)
    move = move_due(game)
    assert move.seat == seat
    move_play(move)
    for _ in range(40):
        game.refresh_from_db()
        if seat in engine.actors(selectors.game_state(game)):
            return
        move_play(move_due(game))
    raise AssertionError(f"seat {seat} was never awaited again")


def test_a_seat_whose_bank_runs_out_times_out_before_its_move_timer(scheduled: Scheduled,
                                                                    clock: list[datetime]) -> None:
    game = table_create(rules=RULES, options=BANKED).game
    seat = seat_due(game)
    # A full bank of 20 s cuts the first move's 30 s.
    assert ("games.timer_tasks.seat_timeout", (game.pk, seat, game.seq), 20.0) in scheduled
    _bank_spent_by(game, seat, clock, 15)
    seq = game.seq
    # 5 s are left in the bank: the seat's timer is set for them, not for 30 s.
    assert ("games.timer_tasks.seat_timeout", (game.pk, seat, seq), 5.0) in scheduled
    clock[0] += timedelta(seconds=4)
    assert not timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)  # a second is left
    clock[0] += timedelta(seconds=2)  # 6 s into a 30 s move timer: only the bank is out
    assert timers.seat_timed_out(game_id=game.pk, seat=seat, expected_seq=seq)
    # The same as a move timer running out: the computer moved for the seat, which is away.
    move = GameEvent.objects.get(game=game, seq=seq + 1)
    assert move.actor_seat == seat and move.actor is None
    assert SeatAbsence.objects.get(game=game, seat=seat).returned_at is None
    # With no time left, the seat is played at once while away.
    game.refresh_from_db()
    if seat in engine.actors(selectors.game_state(game)):
        assert ("games.timer_tasks.seat_timeout", (game.pk, seat, game.seq), 0.0) in scheduled


def test_the_sweep_fires_a_bank_that_ran_out(scheduled: Scheduled, clock: list[datetime]) -> None:
    game = table_create(rules=RULES, options=BANKED).game
    seq = game.seq
    clock[0] += timedelta(seconds=19)
    assert timers.timers_sweep() == 0
    clock[0] += timedelta(seconds=2)
    assert timers.timers_sweep() == 1
    game.refresh_from_db()
    assert game.seq > seq


def test_the_view_shows_each_persons_bank(scheduled: Scheduled, clock: list[datetime]) -> None:
    table = table_create(rules=RULES, options=TableOptions(move_timer=30, time_bank=20, time_increment=2))
    game = table.game
    seat = seat_due(game)
    _bank_spent_by(game, seat, clock, 15)
    clock[0] += timedelta(seconds=3)
    view = selectors.game_view_for(game, table.people[seat])
    assert view["options"]["time_bank"] == 20, view["options"]
    assert view["options"]["time_increment"] == 2
    awaited = set(view["to_act"])
    assert seat in awaited
    # 20 - 15 + 2 for its move, less the 3 s it is thinking now; the other seat was
    # charged only while it was awaited (the moves after were at once).
    banks = {entry["seat"]: entry["seconds"] for entry in view["banks"]}
    assert banks[seat] == 4
    # The other seat was charged only while awaited (the moves after were at once).
    other = 1 - seat
    assert banks[other] == 20 + 2 * _moves_of(game, other) - (3 if other in awaited else 0)
    # The clock's deadline is the bank's: 7 s after the last event, not the timer's 30.
    game.refresh_from_db()
    assert game.last_event_at is not None
    first = min(awaited)
    left = 7 if first == seat else 20 + 2 * _moves_of(game, other)
    assert view["clock"]["seat"] == first
    assert view["clock"]["deadline"] == (game.last_event_at + timedelta(seconds=left)).isoformat()
    untimed = selectors.game_view_for(table_create(rules=RULES).game, None)
    assert untimed["banks"] == [] and untimed["options"]["time_bank"] is None


def _moves_of(game: Game, seat: int) -> int:
    return GameEvent.objects.filter(game=game, actor_seat=seat).count()


def test_a_bank_needs_a_timer_and_a_range(make_client: Any) -> None:
    client = make_client()
    made = client.post("/api/v1/games/", {"rules": {"deck": 24}, "timer": 30, "time_bank": 240, "time_increment": 3})
    assert made.status_code == 201, made.content
    assert made.json()["options"] == {"timer": 30, "spectator_delay": 0, "hints": False, "rated": True,
                                      "time_bank": 240, "time_increment": 3}
    game = Game.objects.get(pk=made.json()["id"])
    assert (game.time_bank, game.time_increment) == (240, 3)
    for bad, field in (({"time_bank": 240}, "time_bank"), ({"timer": 30, "time_bank": 9}, "time_bank"),
                       ({"timer": 30, "time_bank": 7201}, "time_bank"), ({"timer": 30, "time_bank": "4m"}, "time_bank"),
                       ({"timer": 30, "time_bank": 60, "time_increment": 61}, "time_increment"),
                       ({"timer": 30, "time_bank": 60, "time_increment": -1}, "time_increment"),
                       ({"timer": 30, "time_increment": 3}, "time_increment")):
        response = client.post("/api/v1/games/", {"rules": {}, **bad})
        assert response.status_code == 400, (bad, response.content)
        error = response.json()["error"]
        assert error["code"] == "invalid_action" and error["field"] == field, (bad, error)
