"""Services: create, join, fill, play; every refusal with the contract's code."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from accounts.models import Player
from accounts.services import guest_create, player_register
from games import arranged, computer, engine, selectors, services, signals, snapshots, store
from games.engine import IllegalAction, Rules, Take, action_from_dict, decide, legal_actions, replay
from games.engine.ai import Level
from games.errors import (
    AlreadySeated,
    GameNotStarted,
    IllegalActionError,
    InvalidActionError,
    NoOpenSeat,
    NotAPlayer,
    NotCreator,
    StaleSeq,
)
from games.inputs import GameCreateInputSerializer, GameFillInputSerializer
from games.models import DealSecret, Game, GameEvent
from games.options import TableOptions
from tests.harness.moves import move_due, move_play, play_move
from tests.harness.tables import table_create


def test_a_game_against_the_computer_starts_at_once(player: Player) -> None:
    played = services.game_create(creator=player, rules=Rules.from_dict({"players": 3, "variant": "perevodnoy"}),
                                  opponents=[Level.NOVICE, Level.RANDOM])
    game = played.game
    assert game.status == Game.Status.ACTIVE and game.seq == 3 and game.creator == player
    assert [(s.number, s.kind, s.ai_level) for s in selectors.seats_of(game)] == [
        (0, "human", ""), (1, "ai", "novice"), (2, "ai", "random")]
    assert game.rules["variant"] == "perevodnoy" and game.rules["deck"] == 36


def test_open_seats_wait_for_people_and_the_last_one_starts_the_game(player: Player) -> None:
    game = services.game_create(creator=player, rules=Rules.from_dict({"players": 3}), opponents=[]).game
    assert game.status == Game.Status.WAITING and game.seq == 0
    second, _ = guest_create()
    third, _ = guest_create()
    assert services.game_join(game_id=game.pk, player=second).game.status == Game.Status.WAITING
    with pytest.raises(AlreadySeated):
        services.game_join(game_id=game.pk, player=second)
    played = services.game_join(game_id=game.pk, player=third)
    assert played.game.status == Game.Status.ACTIVE and played.game.seq == 3
    with pytest.raises(NoOpenSeat):
        services.game_join(game_id=game.pk, player=guest_create()[0])


def test_the_creator_fills_open_seats_with_computer_players(player: Player) -> None:
    game = services.game_create(creator=player, rules=Rules.from_dict({"players": 4}), opponents=[Level.RANDOM]).game
    with pytest.raises(NotCreator):
        services.game_fill(game_id=game.pk, player=guest_create()[0], level=Level.NOVICE)
    with pytest.raises(InvalidActionError):
        GameFillInputSerializer.parsed({"ai": "grandmaster"})
    played = services.game_fill(game_id=game.pk, player=player, level=GameFillInputSerializer.parsed({"ai": "novice"})["ai"])
    assert played.game.status == Game.Status.ACTIVE
    assert [s.ai_level for s in played.seats] == ["", "random", "novice", "novice"]


@pytest.mark.parametrize("rules, opponents", [
    ({"players": 9}, []),
    ({"variant": "chess"}, []),
    ({"players": 2, "colour": "red"}, []),
    ("not an object", []),
    ({"players": 2}, [{"ai": "random"}, {"ai": "random"}]),
    ({"players": 2}, [{"ai": "grandmaster"}]),
    ({"players": 2}, "random"),
])
def test_bad_rules_or_opponents_are_invalid(player: Player, rules: Any, opponents: Any) -> None:
    """Refused at the boundary (``games.inputs``) or by the service (too many opponents)."""
    with pytest.raises(InvalidActionError):
        create = GameCreateInputSerializer.parsed({"rules": rules, "opponents": opponents})
        services.game_create(creator=player, rules=create.rules, opponents=create.opponents)
    assert not Game.objects.exists()


def test_an_action_appends_its_events_and_follow_ups_in_one_go(player: Player) -> None:
    game = table_create(creator=player, rules={"players": 2}).game
    for _ in range(6):
        move = move_due(game)
        before = game.seq
        expected = decide(selectors.game_state(game), move.seat, move.action)
        played = move_play(move)
        game = played.game
        assert game.seq == before + len(expected)
        rows = list(GameEvent.objects.filter(game=game, seq__gt=before).order_by("seq"))
        assert [row.type for row in rows] == [event.type for event in expected]
        assert rows[0].actor_seat == move.seat and rows[0].actor == move.player
        assert all(row.actor_seat is None for row in rows[1:]), "follow-ups are nobody's action"
        assert played.state == selectors.game_state_replayed(game)


def test_refusals_carry_the_contract_codes(player: Player) -> None:
    other, _ = guest_create()
    game = services.game_create(creator=player, rules=Rules.from_dict({"players": 2})).game
    with pytest.raises(GameNotStarted):
        services.action_play(game_id=game.pk, player=player, action=Take(), expected_seq=0)
    services.game_join(game_id=game.pk, player=other)
    game.refresh_from_db()
    with pytest.raises(NotAPlayer):
        services.action_play(game_id=game.pk, player=guest_create()[0], action=Take(), expected_seq=game.seq)
    with pytest.raises(StaleSeq) as stale:
        services.action_play(game_id=game.pk, player=player, action=Take(), expected_seq=game.seq - 1)
    assert stale.value.extra == {"seq": game.seq}
    state = selectors.game_state(game)
    attacker = state.attacker
    with pytest.raises(IllegalActionError) as illegal:
        # Nobody may take before anything was played.
        services.action_play(game_id=game.pk, player=[player, other][attacker], action=Take(),
                             expected_seq=game.seq)
    assert illegal.value.extra["reason"]
    with pytest.raises(IllegalAction):
        decide(state, attacker, Take())
    not_held = action_from_dict({"type": "attack", "cards": ["AS"]})
    if not_held not in legal_actions(state, attacker):
        with pytest.raises(IllegalActionError):
            services.action_play(game_id=game.pk, player=[player, other][attacker], action=not_held,
                                 expected_seq=game.seq)
    assert Game.objects.get(pk=game.pk).seq == game.seq, "refused actions append nothing"


@pytest.mark.parametrize("cached", [True, False], ids=["from the caches", "read"])
def test_a_move_decided_on_a_game_that_moved_on_appends_nothing(player: Player, cached: bool,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A move decided on a state that is no longer the game's (this process's cached
    one, or a read from before another move committed) finds the game moved on when it
    writes: it appends nothing and gets 409 with the new seq."""
    game = table_create(creator=player, rules={"players": 2}).game
    move = move_due(game)
    stale_read = store.game_with_seats(game.pk)
    stale_state = selectors.game_state(game)
    move_play(move)
    stored = GameEvent.objects.filter(game=game).count()
    # Inside a test nothing commits, so the caches still hold the game at the old seq.
    assert snapshots.recall(game.pk, game.created_at, game.seq) is stale_state
    if not cached:
        snapshots.forget_all()
        monkeypatch.setattr(store, "game_with_seats", lambda game_id: stale_read)
    recalled = store.game_recalled(game.pk, game.seq)
    assert (recalled is not None) == cached
    with pytest.raises(StaleSeq) as stale:
        move_play(move)
    assert stale.value.extra["seq"] == Game.objects.get(pk=game.pk).seq > game.seq
    assert GameEvent.objects.filter(game=game).count() == stored


def test_an_illegal_move_on_a_cached_state_of_a_game_that_moved_on_is_stale_not_illegal(player: Player) -> None:
    """The engine refuses on this process's cached state, but the game has moved on:
    the answer is the truth's, 409 with the seq, as if the game had been read first."""
    game = table_create(creator=player, rules={"players": 2}).game
    move = move_due(game)
    move_play(move)
    assert store.game_recalled(game.pk, game.seq) is not None
    with pytest.raises(StaleSeq) as stale:
        services.action_play(game_id=game.pk, player=move.player, action=Take(), expected_seq=game.seq)
    assert stale.value.extra["seq"] == Game.objects.get(pk=game.pk).seq


def test_a_move_whose_events_collide_with_stored_ones_stores_nothing(player: Player) -> None:
    """The unique (game, seq) backstop: if events were ever stored past the game's summary
    (a writer that skipped the guard), a move at that seq stores neither its events nor
    the game's new summary, and the error surfaces: it is a bug, not a lost race."""
    game = table_create(creator=player, rules={"players": 2}).game
    move = move_due(game)
    GameEvent.objects.create(game=game, seq=game.seq + 1, type="intruder", schema_version=1, payload={})
    with pytest.raises(IntegrityError):
        move_play(move)
    assert Game.objects.get(pk=game.pk).seq == game.seq
    assert list(GameEvent.objects.filter(game=game, seq__gt=game.seq).values_list("type", flat=True)) == ["intruder"]


def test_a_race_lost_at_the_backstop_is_stale_seq(player: Player, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the unique (game, seq) constraint refuses a move whose game has moved on, the
    answer is 409 with the seq that won."""
    game = table_create(creator=player, rules={"players": 2}).game
    move = move_due(game)
    winner = move_play(move)

    def lost_at_the_backstop(*args: Any, **kwargs: Any) -> bool:
        raise IntegrityError("duplicate key value violates unique constraint game_event_unique_seq")

    monkeypatch.setattr(store, "events_append", lost_at_the_backstop)
    with pytest.raises(StaleSeq) as stale:
        move_play(move)
    assert stale.value.extra["seq"] == winner.game.seq


def test_a_move_from_the_caches_answers_with_names_no_older_than_the_table_cache(
        player: Player, monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest who registers changes name; a cached table shows the old name for at
    most ``TABLE_NAMES_FOR`` seconds, then the next move or view reads it again."""
    table = table_create(creator=player, rules={"players": 2})
    game, move = table.game, move_due(table.game)
    store.game_with_seats(game.pk)  # this process reads the table: seat names included
    player_register(username="vasya", password="correct-horse-battery", guest=table.people[1 - move.seat])
    played = move_play(move)
    names = {s.number: s.name for s in played.seats}
    assert names[1 - move.seat] != "vasya", "the table read before the name changed is fresh for a few seconds"
    monkeypatch.setattr(snapshots, "TABLE_NAMES_FOR", -1.0)
    view = selectors.game_view_for(game.pk, move.player)
    assert {s["seat"]: s["name"] for s in view["seats"]}[1 - move.seat] == "vasya"


def test_the_master_reads_the_stored_history_and_the_other_levels_do_not(player: Player) -> None:
    """A master seat gets the game's events to read the others' moves from; they fold to
    the stored state. The other levels go by the state alone."""
    game = table_create(creator=player, rules={"players": 2}, computer=["master"]).game
    for _ in range(12):
        game.refresh_from_db()
        state = selectors.game_state(game)
        if state.result is not None:
            break
        if 0 in engine.actors(state):
            play_move(game)
        else:
            assert services.ai_turn_play(game_id=game.pk, expected_seq=game.seq)
    game.refresh_from_db()
    history = computer.history_for(game, "master")
    assert history is not None and len(history) == game.seq > 3
    assert replay(history) == selectors.game_state_replayed(game)
    assert computer.history_for(game, "experienced") is None


def _dealt(game: Game) -> list[tuple[int, str, dict[str, Any]]]:
    return [(e.seq, e.type, e.payload) for e in GameEvent.objects.filter(game=game).order_by("seq")]


def test_tables_dealt_at_once_are_the_games_dealt_one_by_one(db: None, django_capture_on_commit_callbacks: Any) -> None:
    """A round's tables dealt together (``games_seat_people``) store the rows, events and
    commitments each would have alone, and run each game's move hooks after the commit, in
    table order, after what ``before_hooks`` queued."""
    people = [guest_create()[0] for _ in range(9)]
    layout = [people[0:2], people[2:5], people[5:9]]
    tables = [arranged.Arranged(players=seated, rules=Rules.from_dict({"players": len(seated), "deck": 36}),
                                server_seed=f"{index:064x}", client_seeds=[f"seed-{p.pk}" for p in seated])
              for index, seated in enumerate(layout)]
    options = TableOptions(move_timer=30, hints=False)
    alone = [arranged.game_seat_people(players=t.players, rules=t.rules, options=options, server_seed=t.server_seed,
                                       client_seeds=t.client_seeds) for t in tables]
    heard: list[object] = []
    signals.move_committed.connect("announce", lambda move: heard.append(move.game_id), uid="test.heard")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            together = arranged.games_seat_people(
                tables, options=options,
                before_hooks=lambda played: transaction.on_commit(lambda: heard.append("before")))
    finally:
        signals.move_committed.disconnect("announce", "test.heard")
    assert heard == ["before", *(p.game.pk for p in together)]
    fields = ["rules", "status", "seq", "creator_id", "result", "move_timer", "reconnect_window", "spectator_delay",
              "hints", "rated", "deal_commitment", "private"]
    for one, many in zip(alone, together, strict=True):
        stored_one, stored_many = Game.objects.get(pk=one.game.pk), Game.objects.get(pk=many.game.pk)
        assert [getattr(stored_many, f) for f in fields] == [getattr(stored_one, f) for f in fields]
        assert stored_many.started_at is not None and stored_many.last_event_at == stored_many.started_at
        assert _dealt(stored_many) == _dealt(stored_one) and len(_dealt(stored_many)) == stored_many.seq
        assert [(s.number, s.player_id, s.client_seed) for s in selectors.seats_of(stored_many)] == [
            (s.number, s.player_id, s.client_seed) for s in selectors.seats_of(stored_one)]
        assert selectors.game_state(stored_many) == many.state == one.state
        secret = DealSecret.objects.get(game=stored_many).server_seed
        assert secret == DealSecret.objects.get(game=stored_one).server_seed
        assert engine.commitment_of(secret) == stored_many.deal_commitment


def test_timed_tables_dealt_at_once_take_as_many_statements_for_six_as_for_two(db: None) -> None:
    """A round's timed tables are dealt in statements that do not grow with the tables: the
    turns' open absences (none yet) are read once for all of them, not once a table."""
    def statements(tables: int) -> int:
        people = [guest_create()[0] for _ in range(2 * tables)]
        arranged_tables = [arranged.Arranged(players=people[i:i + 2], rules=Rules.from_dict({"players": 2}))
                           for i in range(0, 2 * tables, 2)]
        with CaptureQueriesContext(connection) as queries:
            arranged.games_seat_people(arranged_tables, options=TableOptions(move_timer=30))
        return len(queries)

    statements(1)  # the first stream heads and caches aside
    assert statements(6) == statements(2)


def test_tables_dealt_at_once_pick_the_missing_seeds_as_one_by_one(db: None) -> None:
    """Without a server seed or a player's seed the server picks them, per game, as alone."""
    people = [guest_create()[0] for _ in range(4)]
    tables = [arranged.Arranged(players=people[i:i + 2], rules=Rules.from_dict({"players": 2})) for i in (0, 2)]
    for played in arranged.games_seat_people(tables):
        seats = selectors.seats_of(played.game)
        assert all(seat.client_seed for seat in seats)
        started = _dealt(played.game)[0][2]
        assert started["fairness"]["client_seeds"] == [seat.client_seed for seat in seats]
        assert started["fairness"]["commitment"] == played.game.deal_commitment != ""
