"""Computer turns: one move per task at its seq, safe to run twice, revived by the sweep."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections
from django.utils import timezone

from accounts.models import Player
from accounts.services import guest_create
from games import computer, selectors, services
from games.engine import legal_actions
from games.models import Game, GameEvent, Seat
from games.tasks import ai_turn, ai_turns_sweep


def _until_the_computer_must_act(game: Game, player: Player) -> Game:
    """Play the human seat (on_commit never fires inside a test transaction, so the
    computer does not answer by itself) until a computer seat is among the actors."""
    for _ in range(200):
        game.refresh_from_db()
        state = selectors.game_state(game)
        if computer.seats_to_act(state, selectors.seats_of(game)):
            return game
        action = legal_actions(state, 0)[0]
        services.action_play(game_id=game.pk, player=player, action=action, expected_seq=game.seq)
    raise AssertionError("the computer never had to act")


def test_a_task_run_twice_appends_once(player: Player) -> None:
    game = services.game_create(creator=player, rules={"players": 2}, opponents=[{"ai": "novice"}]).game
    game = _until_the_computer_must_act(game, player)
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
    game = services.game_create(creator=player, rules={"players": 2}).game  # waiting
    assert ai_turn(game.pk, 0) is False


@pytest.mark.django_db(transaction=True)
def test_a_committed_move_enqueues_the_turn_and_two_deliveries_at_once_append_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import games.tasks

    enqueued: list[tuple[int, int]] = []
    # Record the enqueues instead of running them, so this test delivers them itself.
    monkeypatch.setattr(games.tasks, "enqueue_ai_turn", lambda game_id, seq: enqueued.append((game_id, seq)))
    player, _ = guest_create()
    game = services.game_create(creator=player, rules={"players": 2}, opponents=[{"ai": "novice"}]).game
    for _ in range(200):
        game.refresh_from_db()
        if enqueued and enqueued[-1] == (game.pk, game.seq):
            break
        state = selectors.game_state(game)
        services.action_play(game_id=game.pk, player=player, action=legal_actions(state, 0)[0],
                             expected_seq=game.seq)
    game_id, seq = enqueued[-1]
    assert seq == game.seq, "the turn was enqueued after the commit, at the committed seq"
    barrier = threading.Barrier(2)
    results: list[bool] = []

    def deliver() -> None:
        try:
            barrier.wait()
            results.append(ai_turn(game_id, seq))
        finally:
            close_old_connections()

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    assert GameEvent.objects.filter(game=game, seq=seq + 1).count() == 1
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game).count() == game.seq


def test_the_sweep_command_plays_turns_cut_off_by_a_restart(player: Player) -> None:
    from io import StringIO

    from django.core.management import call_command

    game = services.game_create(creator=player, rules={"players": 2}, opponents=[{"ai": "novice"}]).game
    game = _until_the_computer_must_act(game, player)
    seq = game.seq
    out = StringIO()
    call_command("sweep_ai_turns", "--older-than", "0", stdout=out)
    assert "re-enqueued 1" in out.getvalue()
    game.refresh_from_db()
    assert game.seq > seq


def test_the_sweep_re_enqueues_stalled_computer_turns(player: Player) -> None:
    game = services.game_create(creator=player, rules={"players": 2}, opponents=[{"ai": "novice"}]).game
    game = _until_the_computer_must_act(game, player)
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
    game = services.game_create(creator=player, rules={"players": 4, "deck": 52}).game
    Seat.objects.filter(game=game, number=0).update(player=None, ai_level="random")
    services.game_fill(game_id=game.pk, player=player, level="random")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.seq
    assert game.result is not None and game.finished_at is not None
    assert game.seq > 100
    assert selectors.game_state_replayed(game).result is not None
