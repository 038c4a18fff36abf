"""Time banks folded from the event log (``games.banks``): the arithmetic, on a game played
through the engine with timestamps set by the test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games import banks
from games.engine import Rules, State, actors, apply, decide, event_to_dict, legal_actions, start
from games.engine.cards import deck_cards

T0 = datetime(2027, 1, 31, 18, 0, tzinfo=UTC)


class Table:
    """A two-player game played seat by seat (the first seat to act, its first legal
    action), each move stored ``wait`` seconds after the one before: its timeline."""

    def __init__(self) -> None:
        events = start(Rules.from_dict({"deck": 24}), deck_cards(24))
        self.now = T0
        self.timeline: list[banks.Moment] = []
        self.state: State | None = None
        self._store(events, None)

    def _store(self, events: list, actor: int | None) -> None:
        for index, event in enumerate(events):
            self.state = apply(self.state, event)
            self.timeline.append((len(self.timeline) + 1, event_to_dict(event), actor if index == 0 else None,
                                  self.now))

    def play(self, wait: float) -> int:
        """The first seat to act moves ``wait`` seconds on; returns the seat."""
        assert self.state is not None
        seat = actors(self.state)[0]
        self.now += timedelta(seconds=wait)
        self._store(decide(self.state, seat, legal_actions(self.state, seat)[0]), seat)
        return seat

    def awaited(self) -> list[int]:
        assert self.state is not None
        return actors(self.state)


def _fold(table: Table, people: set[int] | None = None, bank: float = 60, increment: float = 0,
          upto: int | None = None) -> banks.BankFold:
    timeline = table.timeline if upto is None else table.timeline[:upto]
    return banks.folded(banks.opening(2, bank), timeline, people={0, 1} if people is None else people,
                        increment=increment)


def test_the_seconds_between_events_are_charged_to_each_person_awaited() -> None:
    table = Table()
    assert _fold(table).seconds == (60.0, 60.0)  # the deal's events are stored together: nothing charged
    first = table.play(wait=10)  # the leader thought 10 s; nobody else was awaited
    other = 1 - first
    seconds = _fold(table).seconds
    assert seconds[first] == 50.0 and seconds[other] == 60.0
    # After a lead both the defender and the thrower may act: both clocks run.
    assert sorted(table.awaited()) == [0, 1]
    table.play(wait=7)
    seconds = _fold(table).seconds
    assert seconds[first] == 43.0 and seconds[other] == 53.0
    # The fold at a moment after the last event charges the seats awaited until then.
    fold = _fold(table)
    later = banks.left_at(fold, {0, 1}, fold.at + timedelta(seconds=2.5))  # type: ignore[operator]
    awaited = set(table.awaited())
    assert later == tuple(s - 2.5 if seat in awaited else s for seat, s in enumerate(seconds))


def test_each_move_adds_the_increment_to_the_seat_that_made_it() -> None:
    table = Table()
    first = table.play(wait=10)
    seconds = _fold(table, increment=3).seconds
    assert seconds[first] == 53.0 and seconds[1 - first] == 60.0  # 60 - 10 + 3
    # One move is one increment, however many events it caused.
    assert sum(1 for row in table.timeline if row[2] is not None) == 1


def test_a_bank_stops_at_zero_and_the_increment_refills_it_from_there() -> None:
    table = Table()
    first = table.play(wait=500)
    assert _fold(table, bank=60).seconds[first] == 0.0
    assert _fold(table, bank=60, increment=5).seconds[first] == 5.0  # not 60 - 500 + 5


def test_a_computer_seat_is_never_charged() -> None:
    table = Table()
    for _ in range(6):
        table.play(wait=20)
    people_only = _fold(table, people={0})
    both = _fold(table)
    assert people_only.seconds[1] == 60.0 and both.seconds[1] < 60.0
    assert people_only.seconds[0] == both.seconds[0] < 60.0


def _table_with_pauses() -> Table:
    table = Table()
    for wait in (4, 9, 1.5, 30, 2, 12, 0.25, 8):
        table.play(wait=wait)
    return table


def test_folding_only_the_newer_events_onto_an_older_fold_is_the_same_as_a_fresh_fold() -> None:
    table = _table_with_pauses()
    fresh = _fold(table, increment=2)
    for cut in range(len(table.timeline) + 1):
        older = _fold(table, increment=2, upto=cut)
        assert older.seq == cut
        resumed = banks.folded(older, table.timeline[cut:], people={0, 1}, increment=2)
        assert (resumed.seq, resumed.at, resumed.seconds, resumed.state) == (fresh.seq, fresh.at, fresh.seconds,
                                                                            fresh.state)


def test_a_fold_given_the_state_after_its_events_is_the_same_and_folds_a_move_it_ends_with_no_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``last``: the state the platform folded already (``games.snapshots``). The events of
    a move are stored at one moment, so a fold one move behind needs no event folded again."""
    table = _table_with_pauses()
    fresh = _fold(table, increment=2)
    for cut in range(len(table.timeline) + 1):
        older = _fold(table, increment=2, upto=cut)
        resumed = banks.folded(older, table.timeline[cut:], people={0, 1}, increment=2, last=fresh.state)
        assert (resumed.seq, resumed.at, resumed.seconds, resumed.state) == (fresh.seq, fresh.at, fresh.seconds,
                                                                            fresh.state)
    last_move = max(number for number, _, actor, _ in table.timeline if actor is not None)
    before_it = _fold(table, increment=2, upto=last_move - 1)
    applied: list[object] = []
    monkeypatch.setattr(banks, "apply", lambda state, event: applied.append(event))
    resumed = banks.folded(before_it, table.timeline[last_move - 1:], people={0, 1}, increment=2, last=fresh.state)
    assert applied == [] and resumed.state is fresh.state and resumed.seconds == fresh.seconds
