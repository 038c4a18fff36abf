"""The state cache: recalled, caught up from an older state, or replayed: always the
state that replaying every stored event gives."""

from __future__ import annotations

from accounts.models import Player
from games import selectors, snapshots
from games.models import Game
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
