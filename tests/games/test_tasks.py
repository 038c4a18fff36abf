"""Computer turns: one move per task at its seq, safe to run twice, revived by the sweep.

A test brings a computer turn about by playing the person's moves until a computer seat
must act (``play_until(..., computer_due)``): on_commit never fires inside a test
transaction, so the computer does not answer by itself.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import Player
from accounts.services import guest_create
from games import computer, selectors, services, store
from games import tasks as games_tasks
from games.engine import PASS, Attack, State, legal_actions
from games.engine.ai import Level
from games.engine.cards import card_list, card_name
from games.models import Game, GameEvent, Seat
from games.tasks import ai_turn, ai_turns_sweep
from tests.harness.moves import computer_due, play_move, play_until
from tests.harness.races import at_once
from tests.harness.tables import table_create


def test_a_task_run_twice_appends_once(player: Player) -> None:
    game = play_until(table_create(creator=player, rules={"players": 2}, computer=["novice"]).game, computer_due)
    seq = game.seq
    assert ai_turn.apply(args=(game.pk, seq)).get() is True
    game.refresh_from_db()
    after_first = game.seq
    rows_after_first = GameEvent.objects.filter(game=game).count()
    assert after_first > seq and rows_after_first == after_first
    assert ai_turn.apply(args=(game.pk, seq)).get() is False, "the second delivery is stale"
    assert ai_turn(game.pk, seq) is False
    game.refresh_from_db()
    assert game.seq == after_first and GameEvent.objects.filter(game=game).count() == rows_after_first
    first_ai_event = GameEvent.objects.get(game=game, seq=seq + 1)
    assert first_ai_event.actor_seat == 1 and first_ai_event.actor is None


def test_a_task_for_a_missing_or_finished_game_does_nothing(player: Player) -> None:
    assert ai_turn(123456, 3) is False
    game = table_create(creator=player, rules={"players": 2}, people=1).game  # waiting
    assert ai_turn(game.pk, 0) is False


@pytest.mark.django_db(transaction=True)
def test_a_committed_move_enqueues_the_turn_and_two_deliveries_at_once_append_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import games.tasks

    enqueued: list[tuple[int, int]] = []
    # Record the enqueues instead of running them, so this test delivers them itself.
    monkeypatch.setattr(games.tasks, "enqueue_ai_turn", lambda game_id, seq: enqueued.append((game_id, seq)))
    game = play_until(table_create(rules={"players": 2}, computer=["novice"]).game,
                      lambda game, state: bool(enqueued) and enqueued[-1] == (game.pk, game.seq), limit=200)
    game_id, seq = enqueued[-1]
    assert seq == game.seq, "the turn was enqueued after the commit, at the committed seq"
    results = at_once(partial(ai_turn, game_id, seq), partial(ai_turn, game_id, seq))
    assert sorted(results) == [False, True]
    assert GameEvent.objects.filter(game=game, seq=seq + 1).count() == 1
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game).count() == game.seq


def test_the_sweep_command_plays_turns_cut_off_by_a_restart(player: Player) -> None:
    from io import StringIO

    from django.core.management import call_command

    game = play_until(table_create(creator=player, rules={"players": 2}, computer=["novice"]).game, computer_due)
    seq = game.seq
    out = StringIO()
    call_command("sweep_ai_turns", "--older-than", "0", stdout=out)
    assert "re-enqueued 1" in out.getvalue()
    game.refresh_from_db()
    assert game.seq > seq


def test_the_sweep_re_enqueues_stalled_computer_turns(player: Player) -> None:
    game = play_until(table_create(creator=player, rules={"players": 2}, computer=["novice"]).game, computer_due)
    seq = game.seq
    assert ai_turns_sweep() == 0, "a turn that just became due is not stalled yet"
    Game.objects.filter(pk=game.pk).update(last_event_at=timezone.now() - timedelta(minutes=5))
    assert [g.pk for g in computer.games_stalled(30)] == [game.pk]
    assert ai_turns_sweep() == 1
    game.refresh_from_db()
    assert game.seq > seq, "the swept turn was played (eager mode runs it in-process)"


@pytest.mark.django_db(transaction=True)
def test_a_computer_only_game_plays_to_its_end_in_eager_mode() -> None:
    """Hundreds of moves, each enqueueing the next after commit: the eager path loops
    instead of recursing, so the whole game runs without hitting the recursion limit."""
    player, _ = guest_create()
    game = table_create(creator=player, rules={"players": 4, "deck": 52}, people=1).game
    Seat.objects.filter(game=game, number=0).update(player=None, ai_level=Level.RANDOM)
    services.game_fill(game_id=game.pk, player=player, level=Level.RANDOM)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.seq
    assert game.result is not None and game.finished_at is not None
    assert game.seq > 100
    assert selectors.game_state_replayed(game).result is not None


def _master_must_only_pass(game: Game, state: State) -> bool:
    return any(legal_actions(state, seat.number) == [PASS] for seat in computer.seats_to_act(state, selectors.seats_of(game)))


def test_a_computer_asked_only_to_pass_passes_without_reading_the_history(
        player: Player, monkeypatch: pytest.MonkeyPatch) -> None:
    """Throwers are asked by position (docs/rules.md#throwing-in): a computer seat with
    nothing of a table rank must pass, and does so at once, reading no history even at
    the master's level (which otherwise loads every stored event of the game)."""
    game = table_create(creator=player, rules={"players": 3}, computer=["master", "master"]).game
    for _ in range(300):  # the person plays, and the computers' turns are run here
        game.refresh_from_db()
        state = selectors.game_state(game)
        if _master_must_only_pass(game, state):
            break
        if computer.seats_to_act(state, selectors.seats_of(game)):
            assert ai_turn(game.pk, game.seq) is True
        else:
            play_move(game)
    seq = game.seq
    due = [seat.number for seat in computer.seats_to_act(selectors.game_state(game), selectors.seats_of(game))
           if legal_actions(selectors.game_state(game), seat.number) == [PASS]][0]
    monkeypatch.setattr(store, "stored_payloads", lambda *args: pytest.fail("the history was read for a forced pass"))
    state = selectors.game_state(game)
    assert computer.move_for(game, state, due, "master") == PASS
    if computer.seats_to_act(state, selectors.seats_of(game))[0].number == due:
        assert ai_turn(game.pk, seq) is True
        passed = GameEvent.objects.get(game=game, seq=seq + 1)
        assert passed.payload["type"] == "passed" and passed.actor_seat == due


def test_a_computers_illegal_choice_is_logged_without_its_cards(
        player: Player, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A computer that chooses an illegal action plays its first legal one instead; the log
    line names the kind of action and the refusal, never a card (the action holds the
    computer's own hand: no log line shows a card its reader could not see at the table)."""
    game = table_create(creator=player, rules={"players": 2}, computer=["novice"]).game
    game = play_until(game, computer_due)
    state = selectors.game_state(game)
    seat = computer.seats_to_act(state, selectors.seats_of(game))[0].number
    held = card_list(state.hands[seat])
    # Three cards of the computer's own hand at once: never a legal lead of one card.
    monkeypatch.setattr(computer, "move_for", lambda *args: Attack(tuple(held[:3])))
    with caplog.at_level("ERROR", logger="games.services"):
        assert ai_turn(game.pk, game.seq) is True
    records = [record for record in caplog.records if "illegal" in record.getMessage()]
    assert records, [record.getMessage() for record in caplog.records]
    lines = [record.getMessage() for record in records]
    assert not [line for line in lines for card in held if card_name(card) in line], lines
    # Nor the action itself (its cards as numbers) or the refusal's traceback and message.
    assert not [line for line in lines if "cards=" in line], lines
    assert all(record.exc_info is None for record in records)


def test_with_table_queues_a_games_turns_go_to_its_own_queue_and_the_sweep_to_the_shared_one(
        player: Player, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``DURAK_TABLE_QUEUES``: one worker process plays every computer turn of a table (its
    caches then hold the table), but a stalled turn is revived where any worker takes it."""
    from celery import current_app

    import games.tasks

    game = play_until(table_create(creator=player, rules={"players": 2}, computer=["novice"]).game, computer_due)
    sent: list[tuple[tuple[int, int], str | None]] = []
    # Publishing is Celery's; what is checked here is where each turn is sent.
    monkeypatch.setattr(games.tasks.ai_turn, "apply_async",
                        lambda args, queue=None: sent.append((tuple(args), queue)))
    current_app.conf.task_always_eager = False
    try:
        settings.DURAK_TABLE_QUEUES = 3
        games.tasks.enqueue_ai_turn(game.pk, game.seq)
        games.tasks.enqueue_ai_turn(game.pk + 1, 7)
        Game.objects.filter(pk=game.pk).update(last_event_at=timezone.now() - timedelta(minutes=5))
        assert ai_turns_sweep() == 1
        shared = settings.CELERY_TASK_DEFAULT_QUEUE  # "celery", or a CI run's own
        assert sent == [((game.pk, game.seq), f"{shared}.tables.{game.pk % 3}"),
                        ((game.pk + 1, 7), f"{shared}.tables.{(game.pk + 1) % 3}"),
                        ((game.pk, game.seq), None)]
        settings.DURAK_TABLE_QUEUES = 0
        sent.clear()
        games.tasks.enqueue_ai_turn(game.pk, game.seq)
        assert sent == [((game.pk, game.seq), None)], "no table queues: the shared queue, as before"
    finally:
        current_app.conf.task_always_eager = True


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("seconds", "turns"), [(60.0, games_tasks.RUN_TURNS), (0.0, 1)])
def test_a_task_plays_the_turns_its_moves_bring_due_while_its_run_is_short_then_enqueues(
        seconds: float, turns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer-only table: the task plays ``RUN_TURNS`` turns in a row (no publish, no
    delivery between them) and enqueues the next; with no time left for a run, one turn a
    task, as before."""
    from celery import current_app

    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(games_tasks.ai_turn, "apply_async", lambda args, queue=None: sent.append(tuple(args)))
    monkeypatch.setattr(games_tasks, "RUN_SECONDS", seconds)
    current_app.conf.task_always_eager = False
    try:
        player, _ = guest_create()
        game = table_create(creator=player, rules={"players": 4, "deck": 52}, people=1).game
        Seat.objects.filter(game=game, number=0).update(player=None, ai_level=Level.RANDOM)
        services.game_fill(game_id=game.pk, player=player, level=Level.RANDOM)
        game.refresh_from_db()
        assert sent == [(game.pk, game.seq)], "the first turn is enqueued: no run is going"
        ai_turn(*sent.pop())
    finally:
        current_app.conf.task_always_eager = True
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game, actor_seat__isnull=False).count() == turns
    assert sent == [(game.pk, game.seq)], "past the run's bound the next turn is enqueued"
