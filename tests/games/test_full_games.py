"""Whole games through the HTTP API: against the computer to the end, and a game in
which every answer is checked against the true state for cards its viewer must not see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import selectors, snapshots
from games.engine import event_from_dict, replay
from games.engine import view as engine_view
from games.models import Game, GameEvent
from tests.games.test_apis import cards_in
from tests.harness.clients import Client
from tests.harness.moves import play_out_over_rest, turn_over_rest
from tests.harness.tables import table_over_rest

PUBLIC_CARD_FIELDS = {"attack_played": "cards", "card_beaten": "card", "attack_transferred": "cards",
                      "bout_ended": "cards"}


def _payloads(game: Game) -> list[dict[str, Any]]:
    rows = GameEvent.objects.filter(game_id=game.pk, seq__lte=game.seq).order_by("seq")
    return list(rows.values_list("payload", flat=True))


def _seen_by(payloads: list[dict[str, Any]], seat: int | None) -> set[str]:
    """Every card ``seat`` has had a right to see: the trump, every card that was on the
    table, and the cards dealt and drawn to that seat itself."""
    seen: set[str] = set()
    for payload in payloads:
        kind = payload["type"]
        if kind == "cards_dealt":
            seen.add(payload["trump"])
            if seat is not None:
                seen.update(payload["hands"][seat])
        elif kind == "cards_drawn" and payload["seat"] == seat:
            seen.update(payload["cards"])
        elif kind in PUBLIC_CARD_FIELDS:
            value = payload[PUBLIC_CARD_FIELDS[kind]]
            seen.update(value if isinstance(value, list) else [value])
    return seen


def _check_view(view: dict[str, Any], game: Game, seat: int | None) -> None:
    """The view matches the true (replayed) state and shows nothing the seat could not see."""
    state = selectors.game_state_replayed(game)
    truth = engine_view(state, None)
    hands = [engine_view(state, s)["you"]["hand"] for s in range(state.rules.players)]
    assert view["seq"] == game.seq and view["status"] == game.status
    assert view["table"] == truth["table"] and view["trump"] == truth["trump"]
    assert view["deck_count"] == truth["deck_count"] and view["discard_count"] == truth["discard_count"]
    for entry in view["seats"]:
        assert entry["hand_count"] == len(hands[entry["seat"]])
        assert set(entry["known"]) <= set(hands[entry["seat"]]), "a known card is really in that hand"
    if seat is None:
        assert view["you"] is None and view["legal_actions"] == []
    else:
        assert sorted(view["you"]["hand"]) == sorted(hands[seat])
    seen = _seen_by(_payloads(game), seat)
    leaked = set(cards_in(view)) - seen
    assert not leaked, f"seat {seat} was shown {leaked}"
    # A card in another hand that nobody saw go in is never named.
    for other, hand in enumerate(hands):
        if other != seat:
            hidden = set(hand) - set(view["seats"][other]["known"]) - seen
            assert not hidden & set(cards_in(view))


def _check_events(events: list[dict[str, Any]], game: Game, seat: int | None) -> None:
    payloads = _payloads(game)
    assert [e["seq"] for e in events] == list(range(1, len(payloads) + 1))
    for event, payload in zip(events, payloads, strict=True):
        assert event["type"] == payload["type"]
    leaked = set(cards_in(events)) - _seen_by(payloads, seat)
    assert not leaked, f"seat {seat}'s events showed {leaked}"
    for event in events:
        if event["type"] == "cards_drawn" and event["seat"] != seat:
            assert "cards" not in event and event["count"] >= 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("rules, level", [
    ({"variant": "podkidnoy", "players": 2, "deck": 36}, "novice"),
    ({"variant": "perevodnoy", "players": 2, "deck": 24}, "experienced"),
])
def test_a_full_game_against_the_computer_through_the_api(rules: dict[str, Any], level: str) -> None:
    alice = Client()
    rng = random.Random(7)
    game_id = table_over_rest(alice, rules=rules, opponents=[{"ai": level}])["id"]
    # Embedded mode runs the computer's turns before the move's answer is sent: every
    # answer is 200, and it is always the person's turn until the game is over.
    view = play_out_over_rest({0: alice}, game_id, choose=rng.choice, accepted=(200,), limit=500)
    game = Game.objects.get(pk=game_id)
    assert view["status"] == "finished" and game.status == Game.Status.FINISHED
    assert view["result"] is not None and view["result"] == {
        k: v for k, v in game.result.items() if k not in ("type", "v")}
    replayed = alice.get(f"/api/v1/games/{game_id}/replay/")
    assert replayed.status_code == 200
    events = replayed.json()["events"]
    assert len(events) == game.seq and events[0]["deck"], "the replay shows every card"
    state = replay(event_from_dict({k: v for k, v in e.items() if k != "seq"}) for e in events)
    assert state == selectors.game_state_replayed(game)


@pytest.mark.django_db(transaction=True)
def test_every_answer_of_a_full_game_hides_what_its_viewer_cannot_see() -> None:
    alice, bob, watcher = Client(), Client(), Client()
    rng = random.Random(11)
    game_id = table_over_rest(alice, bob, rules={"variant": "perevodnoy", "players": 3, "deck": 36},
                              fill="random")["id"]
    people = {0: alice, 1: bob}
    for _ in range(600):
        game = Game.objects.get(pk=game_id)
        for seat, client in [*people.items(), (None, watcher)]:
            _check_view(client.view(game_id), game, seat)
            _check_events(client.get(f"/api/v1/games/{game_id}/events/").json()["events"], game, seat)
        # The cached state and the replayed one never disagree.
        assert selectors.game_state(game) == selectors.game_state_replayed(game)
        if game.status == Game.Status.FINISHED:
            break
        turn = turn_over_rest(people, game_id, choose=rng.choice, choose_seat=rng.choice)
        assert turn is not None, "the computer answered in-process; a person must be due"
        assert turn.answer.status_code == 200, turn.answer.content
        _check_view_at_its_seq(turn.answer.json(), game_id, turn.seat)
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED


def _check_view_at_its_seq(view: dict[str, Any], game_id: int, seat: int) -> None:
    """An action's answer is the mover's view right after the move (the computer may
    have moved since): check it against the state at that seq."""
    game = Game.objects.get(pk=game_id)
    at_seq = Game(pk=game.pk, seq=view["seq"], status=view["status"], created_at=game.created_at, rules=game.rules)
    _check_view(view, at_seq, seat)


@pytest.mark.django_db(transaction=True)
def test_the_state_cache_agrees_with_replay_at_every_seq() -> None:
    alice = Client()
    game_id = table_over_rest(alice, rules={"players": 3}, opponents=[{"ai": "random"}, {"ai": "random"}])["id"]
    rng = random.Random(3)
    checked = 0
    for _ in range(400):
        game = Game.objects.get(pk=game_id)
        cached = snapshots.recall(game.pk, game.created_at, game.seq)
        assert cached is not None, "the last committed state is cached"
        assert cached == selectors.game_state_replayed(game)
        checked += 1
        if turn_over_rest({0: alice}, game_id, choose=rng.choice) is None:
            break
    assert checked > 3
