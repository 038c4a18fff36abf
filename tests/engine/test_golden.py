"""Golden scenarios: one JSON file per rule or option (docs/rules.md), written from the rule texts.

A file holds ``name``, ``cites`` (the section of docs/rules.md, or the contract, that states
the rule, and the Russian sentence of the rule text it comes from),
``rules``, ``deck`` (deal order: seat ``s`` is dealt ``deck[s::n]`` of the first ``6n``
cards, ``deck[-1]`` is the trump) and ``steps``. Optional top-level keys: ``hands`` and
``trump`` (the deal written out for the reader, checked against ``deck``), ``opening``
(the start events, matched like a step's ``events``), ``needs_redeal`` (bool) and
``expect`` (checked right after the deal).

A step may hold, checked in this order:

- ``actors``: the seats that may act before the step;
- ``legal``: ``{"<seat>": [action, ...]}``, the exact legal actions before the step;
- ``seat`` + ``action`` (contract JSON): the action to decide;
- ``error``: ``{"kind": "invalid" | "illegal", "code": ...}`` when it must be refused,
  and then nothing changes;
- ``events``: the events the action caused, each matched on the keys it names;
- ``expect``: facts about the state afterwards (see ``_check_expect``);
- ``view``: ``{"<seat>" | "spectator": {key: value}}``, fields of ``view()`` afterwards.

At the end the whole game is replayed from its events and must equal the live state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engine import (
    EngineError,
    IllegalAction,
    InvalidAction,
    Rules,
    State,
    action_from_dict,
    actors,
    apply,
    decide,
    event_to_dict,
    legal_actions,
    parse_card,
    replay,
    start,
    view,
)
from games.engine.cards import card_list, card_name
from games.engine.fold import needs_redeal
from games.engine.rules import (
    DECK_SIZES,
    DRAW_FIRST,
    DRAW_OTHERS,
    LAST_CARDS,
    LEADS,
    LIMITS,
    THROW_IN_ORDERS,
    THROW_INS,
    TRANSFER_CARDS,
    VARIANTS,
)

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in card_list(mask)]


def _sorted_names(cards: list[str]) -> list[str]:
    return [card_name(c) for c in sorted(parse_card(x) for x in cards)]


def _match_events(where: str, got: list[dict[str, Any]], want: list[dict[str, Any]]) -> None:
    types = [e["type"] for e in got]
    assert len(got) == len(want), f"{where}: expected {len(want)} events, got {len(got)}: {types}"
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        for key, value in w.items():
            assert key in g, f"{where}: event {i} ({g['type']}) has no field {key!r}: {g}"
            assert g[key] == value, f"{where}: event {i} ({g['type']}) {key} = {g[key]!r}, expected {value!r}"


def _state_facts(state: State) -> dict[str, Any]:
    result = None
    if state.result is not None:
        r = state.result
        result = {"durak": r.durak, "draw": r.draw, "losers": list(r.losers), "places": list(r.places)}
    return {
        "attacker": state.attacker,
        "defender": state.defender,
        "lead": state.lead,
        "hand_counts": [h.bit_count() for h in state.hands],
        "hands": {str(s): _names(h) for s, h in enumerate(state.hands)},
        "known": {str(s): _names(k) for s, k in enumerate(state.known)},
        "table": [[card_name(a), card_name(d) if d >= 0 else None] for a, d in state.table],
        "deck_count": state.deck_count,
        "discard_count": state.discard.bit_count(),
        "discard": _names(state.discard),
        "out": [s for s in range(state.rules.players) if state.out >> s & 1],
        "places": list(state.places),
        "trump": card_name(state.trump),
        "trump_suit": "SCDH"[state.trump_suit] if state.trump_suit >= 0 else None,
        "taking": state.taking,
        "bouts": state.bouts,
        "finished": state.result is not None,
        "result": result,
    }


def _check_expect(where: str, state: State, expect: dict[str, Any]) -> None:
    facts = _state_facts(state)
    for key, want in expect.items():
        assert key in facts, f"{where}: unknown expectation {key!r}"
        got = facts[key]
        if key in ("hands", "known"):
            for seat, cards in want.items():
                assert got[seat] == _sorted_names(cards), (
                    f"{where}: {key} of seat {seat} is {got[seat]}, expected {_sorted_names(cards)}"
                )
        elif key == "discard":
            assert got == _sorted_names(want), f"{where}: discard is {got}, expected {_sorted_names(want)}"
        elif key == "result" and isinstance(want, dict) and got is not None:
            for field, value in want.items():
                assert got[field] == value, f"{where}: result {field} = {got[field]!r}, expected {value!r}"
        else:
            assert got == want, f"{where}: {key} is {got!r}, expected {want!r}"


def run_scenario(data: dict[str, Any]) -> None:
    name = data["name"]
    rules = Rules.from_dict(data["rules"])
    deck = [parse_card(c) for c in data["deck"]]
    assert len(deck) == rules.deck, f"{name}: the deck holds {len(deck)} cards, not {rules.deck}"
    if "needs_redeal" in data:
        assert needs_redeal(rules, tuple(deck)) == data["needs_redeal"], f"{name}: needs_redeal"
    events = start(rules, deck)
    dealt = event_to_dict(events[1])
    if "hands" in data:  # written out for the reader; must agree with the deck
        assert dealt["hands"] == data["hands"], f"{name}: 'hands' does not match the deal of 'deck'"
    if "trump" in data:
        assert dealt["trump"] == data["trump"], f"{name}: 'trump' is not the deck's last card"
    if "opening" in data:
        _match_events(f"{name} opening", [event_to_dict(e) for e in events], data["opening"])
    state = replay(events)
    if "expect" in data:
        _check_expect(f"{name} after the deal", state, data["expect"])
    for number, step in enumerate(data["steps"], 1):
        where = f"{name} step {number}" + (f" ({step['note']})" if "note" in step else "")
        if "actors" in step:
            assert actors(state) == step["actors"], f"{where}: actors {actors(state)}, expected {step['actors']}"
        for seat, want in step.get("legal", {}).items():
            got = [a.to_dict() for a in legal_actions(state, int(seat))]
            assert got == want, f"{where}: legal actions of seat {seat}\n got:      {got}\n expected: {want}"
        if "action" in step:
            seat = step["seat"]
            error = step.get("error")
            try:
                action = action_from_dict(step["action"])
                new_events = decide(state, seat, action)
            except EngineError as refusal:
                assert error is not None, f"{where}: refused ({refusal.code}: {refusal.message}) but should pass"
                kind = "invalid" if isinstance(refusal, InvalidAction) else "illegal"
                assert isinstance(refusal, (InvalidAction, IllegalAction))
                assert (kind, refusal.code) == (error["kind"], error["code"]), (
                    f"{where}: refused as {kind}/{refusal.code} ({refusal.message}), expected "
                    f"{error['kind']}/{error['code']}"
                )
                assert refusal.message, f"{where}: a refusal needs a reason"
                assert replay(events) == state, f"{where}: a refusal changed the game"
            else:
                assert error is None, f"{where}: accepted, expected {error}"
                if "events" in step:
                    _match_events(where, [event_to_dict(e) for e in new_events], step["events"])
                for event in new_events:
                    state = apply(state, event)
                events.extend(new_events)
        if "expect" in step:
            _check_expect(where, state, step["expect"])
        for viewer, want in step.get("view", {}).items():
            seen = view(state, None if viewer == "spectator" else int(viewer))
            for key, value in want.items():
                assert seen[key] == value, f"{where}: view of {viewer}: {key} is {seen[key]!r}, expected {value!r}"
    assert replay(events) == state, f"{name}: replay(events) differs from the live state"


def test_there_are_golden_files() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("name", "cites", "rules", "deck", "steps"):
        assert key in data, f"{path.name}: missing {key!r}"
    run_scenario(data)


def test_every_rule_option_has_a_golden_scenario() -> None:
    """Each option is set away from its default in some file, and each choice of the
    text options (and each deck size and variant) is played somewhere."""
    played = [Rules.from_dict(json.loads(p.read_text(encoding="utf-8"))["rules"]) for p in FILES]
    default = Rules()
    for field, value in default.to_dict().items():
        assert any(getattr(r, field) != value for r in played), f"no golden scenario sets {field!r}"
    for field, choices in (("variant", VARIANTS), ("deck", DECK_SIZES), ("lead", LEADS), ("limit_by", LIMITS),
                           ("throw_in", THROW_INS), ("throw_in_order", THROW_IN_ORDERS), ("draw_first", DRAW_FIRST),
                           ("draw_others", DRAW_OTHERS), ("last_cards", LAST_CARDS),
                           ("transfer_cards", TRANSFER_CARDS)):
        missing = set(choices) - {getattr(r, field) for r in played}
        assert not missing, f"no golden scenario plays {field} = {sorted(map(str, missing))}"
    assert {r.players for r in played if r.teams} == {4, 6}
