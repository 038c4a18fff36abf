"""The state cache: recalled, caught up from an older state, or replayed: always the
state that replaying every stored event gives."""

from __future__ import annotations

import pytest

from accounts.models import Player
from games import banks, selectors, snapshots
from games.deadlines import people_of
from games.engine import Event, State, apply
from games.models import Game
from games.options import TableOptions
from tests.harness.moves import last, play_move
from tests.harness.tables import table_create

RULES = {"players": 2, "variant": "perevodnoy"}


def test_an_older_cached_state_is_caught_up_by_the_events_since(player: Player) -> None:
    """Inside a test transaction nothing commits, so the cache keeps the state it last
    loaded while moves go on: every load here takes the catch-up path."""
    game = table_create(creator=player, rules=RULES).game
    caught_up = 0
    for _ in range(60):
        game.refresh_from_db()
        before = snapshots.latest(game.pk, game.created_at)
        state = selectors.game_state(game)
        if before is not None and before[0] < game.seq:
            caught_up += 1
        assert state == selectors.game_state_replayed(game)
        assert snapshots.recall(game.pk, game.created_at, game.seq) is state
        if state.result is not None:
            break
        play_move(game, choose=last)
    assert caught_up >= 10


def test_a_request_for_an_older_seq_than_the_cache_is_replayed(player: Player) -> None:
    game = table_create(creator=player, rules=RULES).game
    old = Game.objects.get(pk=game.pk)
    state = selectors.game_state(game)
    played = play_move(game)
    snapshots.remember(game.pk, game.created_at, played.game.seq, played.state)
    assert selectors.game_state(old) == state, "the state at the older seq, not the cached newer one"
    assert snapshots.recall(game.pk, game.created_at, played.game.seq) is played.state


def test_a_game_with_a_time_bank_is_folded_once_for_its_state_and_its_banks(
        player: Player, monkeypatch: pytest.MonkeyPatch) -> None:
    """The banks need the state before each event (``games.banks``): the state cache takes
    the banks' fold, not a second one. Nothing commits here, so no move fills the cache."""
    game = table_create(creator=player, rules=RULES, options=TableOptions(move_timer=30, time_bank=60)).game
    for _ in range(6):
        play_move(game)
    snapshots.forget_all()  # a process that never saw the game
    folded: list[Event] = []

    def counted(state: State | None, event: Event) -> State:
        folded.append(event)
        return apply(state, event)

    for module in (banks, selectors):
        monkeypatch.setattr(module, "apply", counted)
    monkeypatch.setattr(selectors, "replay", lambda events: pytest.fail("replayed beside the banks' fold"))
    states = []
    for _ in range(2):
        game.refresh_from_db()
        state = selectors.game_state(game)
        fold = banks.fold_of(game, people_of(selectors.seats_of(game)))
        assert fold is not None and fold.state is state
        assert len(folded) == game.seq, "each event folded once, the later ones onto the fold before"
        states.append((Game.objects.get(pk=game.pk), state))
        play_move(game)
    monkeypatch.undo()
    for at, state in states:
        assert state == selectors.game_state_replayed(at)
