"""A move and the stream events it tells are stored in one transaction: a process that dies
after the move's commit cannot lose a turn, and one that dies before it stores neither."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from accounts.services import guest_create
from games import arranged, services
from games.engine import Rules, actors, legal_actions
from stream.models import StreamEvent

pytestmark = pytest.mark.django_db


def _stream(*players: int) -> list[tuple[int, str, dict[str, Any]]]:
    return [(e.player_id, e.type, e.data) for e in StreamEvent.objects.filter(player_id__in=players)
            .order_by("player_id", "number")]


def test_the_deal_and_each_move_store_their_turns_before_any_commit_hook(
        django_capture_on_commit_callbacks: Any) -> None:
    alice, bob = guest_create()[0], guest_create()[0]
    with django_capture_on_commit_callbacks(execute=False):
        played = arranged.game_seat_people(players=[alice, bob], rules=Rules.from_dict({"players": 2, "deck": 24}))
        game_id, state = played.game.pk, played.state
        assert state is not None
        told = _stream(alice.pk, bob.pk)
        assert [(p, t) for p, t, _ in told if t == "game_started"] == [(alice.pk, "game_started"),
                                                                        (bob.pk, "game_started")]
        seat = actors(state)[0]
        assert [(p, d["seq"]) for p, t, d in told if t == "your_turn"] == [((alice, bob)[seat].pk, played.game.seq)]
        moved = services.action_play(game_id=game_id, player=(alice, bob)[seat],
                                     action=legal_actions(state, seat)[0], expected_seq=played.game.seq)
    # No commit hook has run (they were only captured), and the move's turn is there.
    assert moved.state is not None
    after = _stream(alice.pk, bob.pk)
    assert actors(moved.state)
    assert [p for p, t, d in after if t == "your_turn" and d["seq"] == moved.game.seq] == [
        (alice, bob)[s].pk for s in sorted(actors(moved.state))]


def test_a_move_rolled_back_tells_nothing() -> None:
    alice, bob = guest_create()[0], guest_create()[0]
    played = arranged.game_seat_people(players=[alice, bob], rules=Rules.from_dict({"players": 2, "deck": 24}))
    assert played.state is not None
    before = _stream(alice.pk, bob.pk)
    seat = actors(played.state)[0]
    with transaction.atomic():
        services.action_play(game_id=played.game.pk, player=(alice, bob)[seat],
                             action=legal_actions(played.state, seat)[0], expected_seq=played.game.seq)
        assert len(_stream(alice.pk, bob.pk)) > len(before)
        transaction.set_rollback(True)
    assert _stream(alice.pk, bob.pk) == before
