"""The oracle diagnostic: the master's deals replaced by the real game."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from benchmarks import arena, oracle
from games.engine import Rules, State, replay, start
from games.engine.ai import master
from games.engine.ai.observe import observe
from games.engine.cards import deck_cards


def _dealt() -> State:
    deck = list(deck_cards(36))
    random.Random(3).shuffle(deck)
    return replay(start(Rules.from_dict({"players": 2, "deck": 36}), deck))


def test_the_real_hands_keep_every_hand_and_the_trump_and_shuffle_only_the_stock() -> None:
    state = _dealt()
    oracle._real[:] = [state]
    obs = observe(state, 0)
    assert oracle.real_deal(obs, random.Random(1)).hands == state.hands
    assert oracle.real_deal(obs, random.Random(1)).deck == state.deck
    seen = set()
    for seed in range(5):
        dealt = oracle.real_hands(obs, random.Random(seed))
        assert dealt.hands == state.hands and dealt.deck[-1] == state.deck[-1]
        assert dealt.deck[:state.deck_pos] == state.deck[:state.deck_pos]
        assert sorted(dealt.deck) == sorted(state.deck)
        seen.add(dealt.deck)
    assert len(seen) > 1  # the stock below the trump is shuffled anew


def test_a_run_records_its_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # oracle.main patches the arena and the master for its own process: undone after the test.
    monkeypatch.setattr(arena, "choose_action", arena.choose_action)
    monkeypatch.setattr(master, "determinize", master.determinize)
    record = tmp_path / "oracle.jsonl"
    monkeypatch.setattr(sys, "argv", ["oracle.py", "--sees", "all", "--pairings", "master:random@podkidnoy",
                                      "--master-games", "2", "--master-work", "20", "--workers", "1",
                                      "--seed", "3", "--record", str(record)])
    oracle.main()
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert [row["game"] for row in rows] == [0, 1]
    assert all(sorted(row["levels"]) == ["master", "random"] for row in rows)
