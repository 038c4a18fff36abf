"""The state cache: recalled, caught up from an older state, or replayed: always the
state that replaying every stored event gives."""

from __future__ import annotations

from accounts.models import Player
from accounts.services import guest_create
from games import engine, selectors, services, snapshots
from games.engine import legal_actions
from games.models import Game


def _two_people(player: Player) -> Game:
    game = services.game_create(creator=player, rules={"players": 2, "variant": "perevodnoy"}).game
    services.game_join(game_id=game.pk, player=guest_create()[0])
    return Game.objects.get(pk=game.pk)


def test_an_older_cached_state_is_caught_up_by_the_events_since(player: Player) -> None:
    """Inside a test transaction nothing commits, so the cache keeps the state it last
    loaded while moves go on: every load here takes the catch-up path."""
    game = _two_people(player)
    humans = {seat.number: seat.player for seat in selectors.seats_of(game)}
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
        seat = engine.actors(state)[0]
        services.action_play(game_id=game.pk, player=humans[seat], action=legal_actions(state, seat)[-1],
                             expected_seq=game.seq)
    assert caught_up >= 10


def test_a_request_for_an_older_seq_than_the_cache_is_replayed(player: Player) -> None:
    game = _two_people(player)
    old = Game.objects.get(pk=game.pk)
    state = selectors.game_state(game)
    seat = engine.actors(state)[0]
    owner = next(s.player for s in selectors.seats_of(game) if s.number == seat)
    played = services.action_play(game_id=game.pk, player=owner, action=legal_actions(state, seat)[0],
                                  expected_seq=game.seq)
    snapshots.remember(game.pk, game.created_at, played.game.seq, played.state)
    assert selectors.game_state(old) == state, "the state at the older seq, not the cached newer one"
    assert snapshots.recall(game.pk, game.created_at, played.game.seq) is played.state
