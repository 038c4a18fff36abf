"""The master's tree search (an experiment, ``MASTER_SEARCH=ismcts``): its budget, its prior,
and the statistics it backs up, each move's from the view of the seat that made it."""

from __future__ import annotations

import random

import pytest

from games.engine import Rules
from games.engine.ai import ismcts, master, observe
from games.engine.ai.ismcts import Node
from games.engine.ai.observe import Observation
from games.engine.ai.rollout import playout as real_playout
from tests.engine.ai.support import positions


def _hidden_positions(count: int) -> list[Observation]:
    """Observations of two-seat games with cards still hidden and a choice to make."""
    rng = random.Random("ismcts")
    found = []
    for state, seat in positions(rng, 3, Rules(variant="podkidnoy", players=2)):
        obs = observe(state, seat)
        if len(obs.legal) >= 2 and not obs.everything_known and obs.in_play == 2:
            found.append(obs)
        if len(found) == count:
            break
    assert len(found) == count
    return found


def _never() -> bool:
    return False


def test_one_iteration_keeps_the_tips_move() -> None:
    """The root expands the master's candidate 0 (the tips' move) first: with no time for
    more, that is the move."""
    for obs in _hidden_positions(10):
        legal = master.candidates(obs)
        assert ismcts.search(obs, legal, random.Random(1), 1, _never, 0.1) == 0
        assert ismcts.search(obs, legal, random.Random(1), 10_000, lambda: True, 0.1) == 0


def test_under_a_work_budget_the_move_depends_on_the_seed_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """An iteration is at most one playout, and the same seed grows the same tree."""
    spent = [0]

    def counted(*args: object, **kwargs: object) -> float:
        spent[0] += 1
        return real_playout(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ismcts, "playout", counted)
    for obs in _hidden_positions(8):
        legal = master.candidates(obs)
        spent[0] = 0
        first = ismcts.search(obs, legal, random.Random(7), 60, _never, 0.1)
        assert spent[0] <= 60
        assert ismcts.search(obs, legal, random.Random(7), 60, _never, 0.1) == first
        assert 0 <= first < len(legal)


def _masters(node: Node, seat: int) -> float:
    """The master's (``seat``'s) rewards backed up through ``node``."""
    return node.total if node.seat == seat else node.visits - node.total


def _check(node: Node, seat: int) -> int:
    """Every node from ``node`` down is consistent; returns how many there are."""
    assert node.available >= node.visits >= 1
    below = sum(child.visits for child in node.children.values())
    assert below <= node.visits - 1  # its own first visit expanded it and went no deeper
    # What the iterations through its children backed up is part of what it backed up,
    # whichever seat made each (a seat may move twice running: throwing in, beating).
    through = sum(_masters(child, seat) for child in node.children.values())
    assert -1e-9 <= _masters(node, seat) - through <= node.visits - below + 1e-9
    return 1 + sum(_check(child, seat) for child in node.children.values())


def _walk(node: Node) -> list[Node]:
    return [node, *(below for child in node.children.values() for below in _walk(child))]


def test_every_move_is_scored_for_the_seat_that_made_it() -> None:
    """Visits add up down the tree, and a reward backed up is the master's at its own moves
    and its opponent's (one less it) at theirs."""
    for obs in _hidden_positions(6):
        legal = master.candidates(obs)
        root = ismcts.grow(obs, legal, random.Random(3), 400, _never, 0.1)
        assert set(root.children) <= set(legal)
        assert all(child.seat == obs.seat for child in root.children.values())
        assert sum(child.visits for child in root.children.values()) == 400
        nodes = sum(_check(child, obs.seat) for child in root.children.values())
        assert {node.seat for node in _walk(root)} == {-1, 0, 1}
        assert nodes > 400 // 2  # one node an iteration, but for finished games


def test_the_master_searches_by_tree_only_when_told_and_two_seats_play(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def recorded(obs: Observation, *args: object) -> int:
        calls.append(obs.seat)
        return 0

    monkeypatch.setattr(ismcts, "search", recorded)
    obs = _hidden_positions(1)[0]
    master.choose(obs, random.Random(1), work=50)
    assert calls == []
    monkeypatch.setattr(master, "SEARCH", "ismcts")
    assert master.choose(obs, random.Random(1), work=50) == master.candidates(obs)[0]
    assert calls == [obs.seat]
    seen = (observe(state, seat) for state, seat in positions(random.Random("three"), 3, Rules(players=3)))
    three = next(o for o in seen if len(o.legal) >= 2 and not o.everything_known and o.in_play == 3)
    master.choose(three, random.Random(1), work=50)
    assert calls == [obs.seat]


def test_the_search_can_be_chosen_for_an_experiment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MASTER_SEARCH", raising=False)
    assert master._search_kind("flat") == "flat"
    monkeypatch.setenv("MASTER_SEARCH", "ismcts")
    assert master._search_kind("flat") == "ismcts"
    monkeypatch.setenv("MASTER_SEARCH", "deep")
    with pytest.raises(ValueError, match="MASTER_SEARCH"):
        master._search_kind("flat")
